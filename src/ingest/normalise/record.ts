import { z } from "zod";
import type { NetworkEvidence } from "../../dataset/types.js";
import { isUsTimezone } from "../../geo/timezone.js";
import { CLINIC_ID_RE } from "../../schema/clinic.js";
import { ClinicSource } from "../../schema/sources.js";
import { givenEvidence, listingOf } from "../evidence/listing.js";
import { brandPrefix } from "../networks/brand-prefix.js";
import { canonicalNetwork, respellBrands } from "../networks/recognise.js";
import type { NormalisedRecord } from "../normalised.js";
import type { Problem } from "../problems.js";
import { damagedColumns } from "../readers/damaged-text.js";
import type { BoundMapping } from "../row-access.js";
import { composeAddress, streetLine } from "./address.js";
import { parseAddressLine } from "./address-line.js";
import { readDate } from "./date.js";
import { normaliseHours } from "./hours.js";
import { normaliseList } from "./lists.js";
import { locate } from "./location.js";
import { normaliseName } from "./name.js";
import { normaliseNpi } from "./npi.js";
import { normaliseRating, normaliseReviewsCount, splitRating } from "./numbers.js";
import { normalisePhone } from "./phone.js";
import { properCase } from "./proper-case.js";
import { readWhole } from "./resaved.js";
import { capLength, cleanText, MAX_LENGTH } from "./text.js";
import { normaliseWebsite } from "./website.js";
import { readZip } from "./zip.js";

/** Where a row comes from and how to report its problems. */
export interface RowContext {
  input: number;
  /** The file the row was read from (the input, or a member of it). */
  file: string;
  row: number;
  order: number;
  report: (p: Problem) => void;
}

/** A normalised record, or the codes of every reason it is rejected (all reported). */
export type NormaliseResult = { record: NormalisedRecord } | { rejected: string[] };

/**
 * The normalise stage for one source row: every field cleaned and checked on its own, every repair reported, and
 * every reason to reject the row reported (not only the first): no name, no usable state, no city.
 * @example normaliseRecord(bound, { NAME: "ACME URGENT CARE", STATE: "TX", … }, ctx)
 */
export function normaliseRecord(
  m: BoundMapping,
  values: Record<string, unknown>,
  ctx: RowContext,
): NormaliseResult {
  const repairs: string[] = [];
  const rejected: string[] = [];
  // Repairs are reported only for a record that is published: a rejected row is reported with its reasons alone.
  const repaired: Problem[] = [];
  const problem = (field: string, code: string, message: string, kind: "rejected" | "repaired") => {
    const p = { file: ctx.file, row: ctx.row, field, code, message, kind };
    if (kind === "repaired") {
      repaired.push(p);
      repairs.push(code);
    } else {
      ctx.report(p);
      rejected.push(code);
    }
  };
  for (const column of damagedColumns(values))
    problem(
      column,
      "replacement_character",
      "holds U+FFFD, the mark of a character lost to a wrong conversion before the file was written: what it said cannot be published; skipped",
      "rejected",
    );
  const recase = m.mapping.proper_case;
  const fromNames = m.mapping.networks_from_names;
  const text = (field: Parameters<BoundMapping["raw"]>[1]) => cleanText(m.raw(values, field), m.blanks);
  const capped = (field: keyof typeof MAX_LENGTH, value: string | null): string | null => {
    if (value === null) return null;
    const c = capLength(value, MAX_LENGTH[field]);
    if (c.cut)
      problem(
        field,
        "field_too_long",
        `${[...value].length} characters, cut to ${MAX_LENGTH[field]}`,
        "repaired",
      );
    return c.value;
  };
  /**
   * A cell of digits (ZIP, phone, NPI, source id, compact date) as a spreadsheet or pandas re-saved it: `2134.0`
   * read as `2134` (reported), and one whose digits scientific notation lost (`1.23457E+09`) dropped (reported).
   */
  const whole = (field: string, value: string | null): string | null => {
    if (value === null) return null;
    const r = readWhole(value);
    if ("lost" in r) {
      problem(
        field,
        "digits_lost",
        `"${value}" is a number a spreadsheet wrote in scientific notation: its last digits are lost; dropped (export the column as text)`,
        "repaired",
      );
      return null;
    }
    if (r.resaved)
      problem(
        field,
        "float_integer",
        `"${value}" read as ${r.whole}: a whole number written as a decimal, as spreadsheets and pandas re-save one`,
        "repaired",
      );
    return r.whole;
  };

  const rawName = text("name");
  let name: string | null = null;
  if (rawName === null) problem("name", "missing_name", "the record has no name; skipped", "rejected");
  else {
    name = normaliseName(rawName, recase, m.mapping.strip_company_forms);
    if (fromNames) name = respellBrands(name);
    name = capped("name", name);
  }

  // A one-line address fills the street, city, state and ZIP a source does not give in columns of their own.
  const addressText = text("address");
  const parts =
    addressText !== null && m.columns("street").length === 0 ? parseAddressLine(addressText) : null;
  const stateText = text("state") ?? parts?.state ?? null;
  const zipText = whole("zip", text("zip")) ?? parts?.zip ?? null;
  const zipRead = zipText === null ? null : readZip(zipText);
  if (zipText !== null && zipRead === null)
    problem("zip", "invalid_zip", `"${zipText}" is not a ZIP code; dropped`, "repaired");

  const lats = m.all(values, "latitude").map((v) => cleanText(v, m.blanks));
  const lngs = m.all(values, "longitude").map((v) => cleanText(v, m.blanks));
  const pairs: [string | null, string | null][] = [];
  for (let i = 0; i < Math.max(lats.length, lngs.length); i++) pairs.push([lats[i] ?? null, lngs[i] ?? null]);
  const where = locate(pairs, text("coordinates"), stateText, zipRead, m.mapping.place_by_zip);
  for (const p of where.problems) problem(p.field, p.code, p.message, p.kind);
  const zip = where.zip;

  const rawCity = text("city") ?? parts?.city ?? null;
  if (rawCity === null) problem("city", "missing_city", "the record has no city; skipped", "rejected");
  if (rejected.length > 0 || name === null || where.state === null || rawCity === null) return { rejected };
  const flush = () => {
    for (const p of repaired.splice(0)) ctx.report(p);
  };
  const state = where.state;
  const city = capped("city", recase ? properCase(rawCity) : rawCity) as string;
  const citySlug = givenSlug(text("city_slug"), problem);

  const street = capped(
    "street",
    streetLine(text("street") ?? parts?.street ?? null, text("street2"), recase),
  );
  const address = capped("address", addressText ?? composeAddress(street, city, state, zip));

  let phone: string | null = null;
  const phoneText = whole("phone", text("phone"));
  if (phoneText !== null) {
    const p = normalisePhone(phoneText);
    if (p.problem) problem("phone", p.problem.code, p.problem.message, "repaired");
    phone = p.value;
  }

  let website: string | null = null;
  const siteText = text("website");
  if (siteText !== null) {
    const w =
      siteText.length > MAX_LENGTH.website
        ? {
            value: null,
            problem: {
              code: "field_too_long",
              message: `web address of ${siteText.length} characters; dropped`,
            },
          }
        : normaliseWebsite(siteText);
    if (w.problem) problem("website", w.problem.code, w.problem.message, "repaired");
    website = w.value;
  }

  const { weekly, timezone } = hoursOf(m, values, problem);

  const ratingText = text("rating");
  const split = ratingText === null ? null : splitRating(ratingText);
  const rating = numberField("rating", split?.rating ?? null, problem);
  const reviewsCount = numberField("reviews_count", text("reviews_count") ?? split?.reviews ?? null, problem);

  const networkText = capped("network", text("network"));
  const networkColumn =
    networkText === null
      ? null
      : {
          column: m.columns("network").find((c) => cleanText(values[c], m.blanks) !== null) ?? "network",
          value: fromNames ? canonicalNetwork(networkText) : networkText,
        };

  const brandName = capped("network", text("brand"));
  const wikidataText = text("brand_wikidata");
  let wikidata: string | null = null;
  if (wikidataText !== null) {
    if (/^Q[1-9]\d*$/.test(wikidataText)) wikidata = wikidataText;
    else
      problem(
        "brand_wikidata",
        "invalid_wikidata",
        `"${wikidataText}" is not a Wikidata item id (Q and digits); dropped`,
        "repaired",
      );
  }

  let date: string | null = null;
  for (const col of m.columns("date")) {
    const d = whole("date", cleanText(values[col], m.blanks));
    if (d === null) continue;
    const r = readDate(d);
    if ("date" in r) {
      if (date === null || r.date > date) date = r.date;
    } else if ("outOfRange" in r)
      problem(
        "date",
        "date_out_of_range",
        `${col} "${d}" (${r.outOfRange}) is outside 1990–2100; ignored`,
        "repaired",
      );
    else
      problem("date", "invalid_date", `${col} "${d}" is not a date this importer reads; ignored`, "repaired");
  }

  let npi: string | null = null;
  const npiText = whole("npi", text("npi"));
  if (npiText !== null) {
    const n = normaliseNpi(npiText);
    if (n.problem) problem("npi", n.problem.code, n.problem.message, "repaired");
    npi = n.value;
  }

  const sourceText = whole("source_id", text("source_id"));
  const keptText = m.mapping.keep_ids ? text("id") : null;
  let keptId: string | null = null;
  if (keptText !== null) {
    if (CLINIC_ID_RE.test(keptText)) keptId = keptText;
    else
      problem(
        "id",
        "invalid_id",
        `"${keptText}" is not a lower-case alphanumeric id (nor "index"); a new id was derived`,
        "repaired",
      );
  }

  const sourceId =
    sourceText !== null && m.mapping.id_namespace !== null ? `${m.mapping.id_namespace}:${sourceText}` : null;
  const brand =
    brandName === null ? null : { name: fromNames ? canonicalNetwork(brandName) : brandName, wikidata };
  const repair = (field: string, code: string, message: string) => problem(field, code, message, "repaired");
  const listing = listingOf(m, values, { source: m.mapping.source, sourceId, name, date, brand }, repair);
  const evidence = givenEvidence(m, values, repair);

  flush();
  return {
    record: {
      order: ctx.order,
      input: ctx.input,
      file: ctx.file,
      row: ctx.row,
      source: m.mapping.source,
      sourceId,
      stableId: m.mapping.stable_source_ids,
      npi,
      authority: m.mapping.authority,
      givenSources: givenSources(m.raw(values, "sources"), problem),
      givenSourceIds: normaliseList(m.raw(values, "source_ids"), m.mapping.list_separator).filter((id) =>
        /^[a-z0-9-]+:\S+$/.test(id),
      ),
      keptId,
      name,
      networksFromNames: fromNames,
      networkColumn,
      networkEvidence: evidenceOf(text("network_evidence")),
      brand,
      brandPrefix: fromNames && networkColumn === null ? brandPrefix(name) : null,
      street,
      address,
      zip,
      neighborhood: capped("neighborhood", text("neighborhood")),
      latitude: where.point?.latitude ?? null,
      longitude: where.point?.longitude ?? null,
      coordinatesSource:
        text("coordinates_source") === "zip_centroid" && where.point
          ? "zip_centroid"
          : where.coordinatesSource,
      phone,
      weekly,
      timezone,
      services: listField(m, values, "services"),
      insurance: listField(m, values, "insurance"),
      rating,
      reviews_count: reviewsCount,
      website,
      state,
      city,
      citySlug,
      date,
      repairs,
      listing,
      givenEvidence: evidence,
    },
  };
}

type Report = (field: string, code: string, message: string, kind: "rejected" | "repaired") => void;

/** What a slug is: lower-case ASCII letters and digits in words joined by single hyphens (a path segment). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A city slug as our exports give it, when it is one; anything else (`zürich`, `a/b`) would make a path the build
 * refuses, so it is dropped and reported, and the city's slug is made from its name.
 */
function givenSlug(text: string | null, problem: Report): string | null {
  if (text === null || SLUG.test(text)) return text;
  problem(
    "city_slug",
    "invalid_city_slug",
    `"${text}" is not a slug (a-z, 0-9 and single hyphens); the city's slug is made from its name instead`,
    "repaired",
  );
  return null;
}

function hoursOf(m: BoundMapping, values: Record<string, unknown>, problem: Report) {
  let weekly: NormalisedRecord["weekly"] = null;
  let timezone: string | null = null;
  const raw = m.raw(values, "hours");
  const value = typeof raw === "string" ? cleanText(raw, m.blanks) : typeof raw === "object" ? raw : null;
  if (value !== null && value !== undefined) {
    const h = normaliseHours(value, m.mapping.hours_syntax);
    if (h.problem) problem("hours", h.problem.code, h.problem.message, "repaired");
    weekly = h.value?.weekly ?? null;
    timezone = h.value?.timezone ?? null;
  }
  const tzText = cleanText(m.raw(values, "timezone"), m.blanks) ?? timezone;
  timezone = null;
  if (tzText !== null) {
    if (isUsTimezone(tzText)) timezone = tzText;
    else
      problem(
        "timezone",
        "invalid_timezone",
        `"${tzText}" is not the IANA name of a US time zone; taken from the coordinates instead`,
        "repaired",
      );
  }
  return { weekly, timezone };
}

function numberField(field: "rating" | "reviews_count", t: string | null, problem: Report): number | null {
  if (t === null) return null;
  const r = field === "rating" ? normaliseRating(t) : normaliseReviewsCount(t);
  if (r.problem) problem(field, r.problem.code, r.problem.message, "repaired");
  return r.value;
}

function listField(
  m: BoundMapping,
  values: Record<string, unknown>,
  field: "services" | "insurance",
): string[] {
  return normaliseList(m.raw(values, field), m.mapping.list_separator)
    .map((item) => capLength(item, MAX_LENGTH.list_item).value)
    .filter((item, i, all) => all.indexOf(item) === i);
}

/**
 * The `sources` our own export carries (JSON text in CSV, a list in JSON and Parquet); null when absent, and
 * dropped (`invalid_sources`) when it is not a list of sources.
 */
function givenSources(raw: unknown, problem: Report): NormalisedRecord["givenSources"] {
  if (raw === null || raw === undefined) return null;
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  const parsed = z.array(ClinicSource).safeParse(value);
  if (parsed.success) return parsed.data;
  problem(
    "sources",
    "invalid_sources",
    "not a list of sources ({name, id, date, fields}); dropped",
    "repaired",
  );
  return null;
}

/**
 * `"dictionary: matched …"` (our exports' network_evidence column) → evidence; null when not that form. Brand
 * evidence carries the brand's Wikidata item in its detail (`… (Wikidata Q123)`): it is read back from there.
 */
function evidenceOf(text: string | null): NormalisedRecord["networkEvidence"] {
  const m =
    text === null
      ? null
      : /^(source_column|brand|registry_organisation|dictionary|name_pattern): (.+)$/.exec(text);
  if (!m) return null;
  const kind = m[1] as NetworkEvidence["kind"];
  const detail = m[2] as string;
  const wikidata = kind === "brand" ? (/\(Wikidata (Q[1-9]\d*)\)/.exec(detail)?.[1] ?? null) : null;
  return wikidata ? { kind, detail, wikidata } : { kind, detail };
}
