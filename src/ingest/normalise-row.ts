import { isInState, stateAt } from "../geo/state-shapes.js";
import { isTimezone } from "../geo/timezone.js";
import { clinicId } from "../util/id.js";
import type { Candidate } from "./candidate.js";
import { brandPrefix } from "./networks/brand-prefix.js";
import { brandCase, canonicalNetwork, networkFromName } from "./networks/recognise.js";
import { composeAddress, streetLine } from "./normalise/address.js";
import { normaliseCoordinates, splitCoordinates } from "./normalise/coordinates.js";
import { normaliseDate } from "./normalise/date.js";
import { normaliseHours } from "./normalise/hours.js";
import { normaliseList } from "./normalise/lists.js";
import { normaliseName } from "./normalise/name.js";
import { normaliseRating, normaliseReviewsCount } from "./normalise/numbers.js";
import { normalisePhone } from "./normalise/phone.js";
import { properCase } from "./normalise/proper-case.js";
import { normaliseState } from "./normalise/state.js";
import { cleanText } from "./normalise/text.js";
import { normaliseWebsite } from "./normalise/website.js";
import { normaliseZip } from "./normalise/zip.js";
import type { Problem } from "./problems.js";
import type { BoundMapping } from "./row-access.js";

/** Where a row comes from and how to report its problems. */
export interface RowContext {
  file: string;
  row: number;
  order: number;
  report: (p: Problem) => void;
}

/**
 * Normalises one source record into a candidate, reporting every repair; returns null (after reporting why)
 * when the record is rejected: no name, a state outside the 50 + DC, no usable state or city.
 * @example normaliseRow(bound, { NAME: "ACME URGENT CARE", STATE: "TX", … }, ctx)
 */
export function normaliseRow(
  m: BoundMapping,
  values: Record<string, unknown>,
  ctx: RowContext,
): Candidate | null {
  const repairs: string[] = [];
  const problem = (field: string, code: string, message: string, kind: "rejected" | "repaired") => {
    ctx.report({ file: ctx.file, row: ctx.row, field, code, message, kind });
    if (kind === "repaired") repairs.push(code);
  };
  const reject = (field: string, code: string, message: string): null => {
    problem(field, code, message, "rejected");
    return null;
  };
  const recase = m.mapping.proper_case;
  const text = (field: Parameters<BoundMapping["raw"]>[1]) => cleanText(m.raw(values, field), m.blanks);

  const rawName = text("name");
  if (rawName === null) return reject("name", "missing_name", "the record has no name; skipped");
  let name = normaliseName(rawName, recase);

  // State: as given, else from the coordinates.
  const rawLat = text("latitude");
  const rawLng = text("longitude");
  let [lat, lng] = [rawLat, rawLng];
  if (lat === null && lng === null) {
    const both = text("coordinates");
    if (both !== null) [lat, lng] = splitCoordinates(both);
  }
  let coords = normaliseCoordinates(lat, lng);
  let swappedFix = false;
  if (coords.problem?.code === "coordinates_out_of_range") {
    // Latitude and longitude exchanged (X/Y mix-ups): accepted below only if the swapped point is in the state.
    const swapped = normaliseCoordinates(lng, lat);
    if (swapped.value) {
      coords = swapped;
      swappedFix = true;
    }
  }
  if (coords.problem) problem("coordinates", coords.problem.code, coords.problem.message, "repaired");
  let point = coords.value;

  const rawState = text("state");
  let state: string;
  if (rawState === null) {
    const inferred = point ? stateAt(point.latitude, point.longitude) : undefined;
    if (!inferred)
      return reject(
        "state",
        "missing_state",
        "the record has no state and no coordinates inside one; skipped",
      );
    state = inferred;
    problem(
      "state",
      "state_from_coordinates",
      `no state given; ${inferred} taken from the coordinates`,
      "repaired",
    );
  } else {
    const s = normaliseState(rawState);
    if ("outOfScope" in s)
      return reject(
        "state",
        "out_of_scope_state",
        `${s.outOfScope} (${rawState}) is outside the 50 states and DC; skipped`,
      );
    if ("invalid" in s) return reject("state", "invalid_state", `"${rawState}" is not a US state; skipped`);
    state = s.state.code;
  }

  if (point && swappedFix && isInState(state, point.latitude, point.longitude)) {
    problem(
      "coordinates",
      "coordinates_swapped",
      `latitude and longitude were exchanged; read as ${point.latitude},${point.longitude}`,
      "repaired",
    );
  } else if (point && swappedFix) {
    problem(
      "coordinates",
      "coordinates_out_of_range",
      `${lat},${lng} is not a valid position; dropped`,
      "repaired",
    );
    point = null;
  } else if (
    point &&
    m.mapping.check_coordinates_in_state &&
    !isInState(state, point.latitude, point.longitude)
  ) {
    const swapped = isInState(state, point.longitude, point.latitude)
      ? { latitude: point.longitude, longitude: point.latitude }
      : null;
    if (swapped) {
      problem(
        "coordinates",
        "coordinates_swapped",
        `${point.latitude},${point.longitude} lies outside ${state}; latitude and longitude were swapped`,
        "repaired",
      );
      point = swapped;
    } else {
      const actual = stateAt(point.latitude, point.longitude);
      problem(
        "coordinates",
        "coordinates_outside_state",
        `${point.latitude},${point.longitude} lies ${actual ? `in ${actual}` : "outside every state"}, not in ${state}; coordinates dropped`,
        "repaired",
      );
      point = null;
    }
  }

  const rawCity = text("city");
  if (rawCity === null) return reject("city", "missing_city", "the record has no city; skipped");
  const city = recase ? properCase(rawCity) : rawCity;
  const citySlug = text("city_slug");

  const zipText = text("zip");
  const zip = zipText === null ? null : normaliseZip(zipText);
  if (zipText !== null && zip === null)
    problem("zip", "invalid_zip", `"${zipText}" is not a ZIP code; dropped`, "repaired");
  const street = streetLine(text("street"), text("street2"), recase);
  const given = text("address");
  const address = given ?? composeAddress(street, city, state, zip);

  let phone: string | null = null;
  const phoneText = text("phone");
  if (phoneText !== null) {
    const p = normalisePhone(phoneText);
    if (p.problem) problem("phone", p.problem.code, p.problem.message, "repaired");
    phone = p.value;
  }

  let website: string | null = null;
  const siteText = text("website");
  if (siteText !== null) {
    const w = normaliseWebsite(siteText);
    if (w.problem) problem("website", w.problem.code, w.problem.message, "repaired");
    website = w.value;
  }

  let weekly: Candidate["weekly"] = null;
  let timezone: string | null = null;
  const hoursRaw = m.raw(values, "hours");
  const hoursValue =
    typeof hoursRaw === "string" || typeof hoursRaw === "object"
      ? typeof hoursRaw === "string"
        ? cleanText(hoursRaw, m.blanks)
        : hoursRaw
      : null;
  if (hoursValue !== null && hoursValue !== undefined) {
    const h = normaliseHours(hoursValue);
    if (h.problem) problem("hours", h.problem.code, h.problem.message, "repaired");
    weekly = h.value?.weekly ?? null;
    timezone = h.value?.timezone ?? null;
  }
  const tzText = text("timezone");
  if (tzText !== null) {
    if (isTimezone(tzText)) timezone = tzText;
    else
      problem(
        "timezone",
        "invalid_timezone",
        `"${tzText}" is not an IANA time zone; taken from the coordinates instead`,
        "repaired",
      );
  }

  const numberField = (field: "rating" | "reviews_count") => {
    const t = text(field);
    if (t === null) return null;
    const r = field === "rating" ? normaliseRating(t) : normaliseReviewsCount(t);
    if (r.problem) problem(field, r.problem.code, r.problem.message, "repaired");
    return r.value;
  };
  const rating = numberField("rating");
  const reviewsCount = numberField("reviews_count");

  const networkText = text("network");
  let network: string | null = null;
  let prefix: string | null = null;
  if (networkText !== null)
    network = m.mapping.networks_from_names ? canonicalNetwork(networkText) : networkText;
  else if (m.mapping.networks_from_names) {
    network = networkFromName(name);
    if (network === null) prefix = brandPrefix(name);
    else if (recase && name !== rawName) name = brandCase(name, network);
  }

  let date: string | null = null;
  for (const col of m.columns("date")) {
    const d = cleanText(values[col], m.blanks);
    const day = d === null ? null : normaliseDate(d);
    if (day !== null && (date === null || day > date)) date = day;
  }

  const sourceId = text("source_id");
  let id: string;
  let sourceKey: string | null = null;
  const givenId = m.mapping.keep_ids ? text("id") : null;
  if (givenId !== null && /^[a-z0-9]+$/.test(givenId)) {
    id = givenId;
    sourceKey = `id:${givenId}`;
  } else {
    if (givenId !== null)
      problem(
        "id",
        "invalid_id",
        `"${givenId}" is not a lower-case alphanumeric id; a new id was derived`,
        "repaired",
      );
    if (sourceId !== null && m.mapping.id_namespace !== null) {
      sourceKey = `${m.mapping.id_namespace}:${sourceId}`;
      id = clinicId([m.mapping.id_namespace, sourceId]);
    } else id = clinicId([identityName(name), identityStreet(street ?? address ?? ""), state]);
  }

  return {
    order: ctx.order,
    provenance: [`${ctx.file}:${ctx.row}`],
    sourceKey,
    id,
    name,
    network,
    brandPrefix: prefix,
    street,
    address,
    zip,
    neighborhood: text("neighborhood"),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    phone,
    weekly,
    timezone,
    services: normaliseList(m.raw(values, "services"), m.mapping.list_separator),
    insurance: normaliseList(m.raw(values, "insurance"), m.mapping.list_separator),
    rating,
    reviews_count: reviewsCount,
    website,
    state,
    city,
    citySlug,
    date,
    repairs,
  };
}

/** Name reduced for identity: lower-case words, no punctuation, no company suffix. */
export function identityName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(?:llc|pllc|inc|pc|pa|ltd|corp)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const STREET_WORDS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  drive: "dr",
  boulevard: "blvd",
  highway: "hwy",
  lane: "ln",
  parkway: "pkwy",
  court: "ct",
  place: "pl",
  suite: "ste",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
  circle: "cir",
  terrace: "ter",
  square: "sq",
  freeway: "fwy",
  expressway: "expy",
  trail: "trl",
  building: "bldg",
  floor: "fl",
  unit: "ste",
  number: "",
};

/** Street reduced for identity: lower case, common words abbreviated the USPS way, "#" and "Suite" alike. */
export function identityStreet(street: string): string {
  return street
    .toLowerCase()
    .replace(/#/g, " ste ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .map((w) => STREET_WORDS[w] ?? w)
    .filter(Boolean)
    .join(" ");
}
