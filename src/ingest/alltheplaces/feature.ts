import { stateAt } from "../../geo/state-shapes.js";
import { parseAddressLine } from "../normalise/address-line.js";
import { ATP_ROW } from "./columns.js";

/** A feature of a spider's GeoJSON, as All The Places writes it (`DATA_FORMAT.md`). */
export interface AtpFeature {
  id?: unknown;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
}

/** Why a feature of a listed spider, brand or category is not read as a clinic. */
export interface LeftOut {
  code: "closed" | "outside_us" | "not_a_feature";
  message: string;
}

/** What the reader knows of the feature's spider. */
export interface SpiderFacts {
  /** Every feature of the spider is urgent care (it is on the list). */
  listed: boolean;
  /** A day `opening_hours` leaves out is closed (the list says so of the spider). */
  omittedClosed: boolean;
  /** The day its output was collected (`spider:collection_time`), else the run's. */
  observed: string | null;
}

/**
 * Whether a parsed feature is urgent care: a listed spider's, one tagged `healthcare:speciality=urgent` (All The
 * Places' urgent-care category; the value may list others with `;`), or one whose brand or operator is a listed
 * Wikidata item.
 */
export function isUrgentCare(f: AtpFeature, spider: SpiderFacts, brands: ReadonlySet<string>): boolean {
  if (spider.listed) return true;
  const p = f.properties ?? {};
  const speciality = text(p["healthcare:speciality"]);
  if (speciality?.split(";").some((s) => s.trim().toLowerCase() === "urgent")) return true;
  for (const key of ["brand:wikidata", "operator:wikidata"]) {
    const id = text(p[key]);
    if (id !== null && brands.has(id)) return true;
  }
  return false;
}

/**
 * The reasons an urgent-care feature is not read (none: it is read): it has an `end_date` (closed, or closing:
 * `end_date=yes` or a date, past or planned); its point lies in none of the 50 states and DC (point in state, not
 * `addr:country`, which All The Places fills from its sources or a guess); without a point, its address says
 * another country.
 */
export function leftOut(f: AtpFeature): LeftOut[] {
  const reasons: LeftOut[] = [];
  const p = f.properties;
  if (p === null || p === undefined || typeof p !== "object")
    return [{ code: "not_a_feature", message: "a feature without properties" }];
  const end = text(p.end_date);
  if (end !== null)
    reasons.push({ code: "closed", message: `end_date=${end}: closed, or closing, says its locator` });
  const point = pointOf(f);
  const country = text(p["addr:country"])?.toUpperCase() ?? null;
  if (point !== null) {
    if (stateAt(point.latitude, point.longitude) === undefined)
      reasons.push({
        code: "outside_us",
        message: `its point (${point.latitude}, ${point.longitude}) lies in none of the 50 states and DC${country ? ` (addr:country ${country})` : ""}`,
      });
  } else if (country !== null && country !== "US")
    reasons.push({ code: "outside_us", message: `no point, and addr:country is ${country}` });
  return reasons;
}

/**
 * A feature as a row of the `alltheplaces` profile: its id (the source id), name (with its branch when the name
 * does not hold it: `NextCare Urgent Care - Mesa`), address (the street address, else house number and street,
 * else what `addr:full` tells), the state its point lies in (else `addr:state`), the first of its phones, web
 * site, point, brand (else operator) with its Wikidata item, `opening_hours`, and the day it was observed.
 */
export function rowOf(f: AtpFeature, spider: string, facts: SpiderFacts): Record<string, unknown> {
  const p = f.properties ?? {};
  const point = pointOf(f);
  const full = text(p["addr:full"]);
  const street =
    text(p["addr:street_address"]) ??
    ([text(p["addr:housenumber"]), text(p["addr:street"])].filter((x) => x !== null).join(" ") || null);
  const parts = street === null && full !== null ? parseAddressLine(full) : null;
  const name = text(p.name) ?? text(p.brand) ?? text(p.operator);
  const branch = text(p.branch);
  const hours = text(p.opening_hours);
  const brandId = text(p["brand:wikidata"]);
  return {
    [ATP_ROW.sourceId]: text(f.id),
    [ATP_ROW.spider]: spider,
    [ATP_ROW.name]:
      name !== null && branch !== null && !name.toLowerCase().includes(branch.toLowerCase())
        ? `${name} - ${branch}`
        : (name ?? branch),
    [ATP_ROW.street]: street ?? parts?.street ?? null,
    [ATP_ROW.unit]: text(p["addr:unit"]),
    [ATP_ROW.city]: text(p["addr:city"]) ?? parts?.city ?? null,
    [ATP_ROW.state]:
      (point ? stateAt(point.latitude, point.longitude) : undefined) ??
      text(p["addr:state"]) ??
      parts?.state ??
      null,
    [ATP_ROW.zip]: text(p["addr:postcode"]) ?? parts?.zip ?? null,
    [ATP_ROW.phone]: firstPhone(text(p.phone)),
    [ATP_ROW.website]: text(p.website),
    [ATP_ROW.latitude]: point?.latitude ?? null,
    [ATP_ROW.longitude]: point?.longitude ?? null,
    [ATP_ROW.brand]: text(p.brand) ?? text(p.operator),
    [ATP_ROW.brandWikidata]: brandId ?? (text(p.brand) === null ? text(p["operator:wikidata"]) : null),
    // A spider whose locator lists every day it opens: the days left out are closed (the syntax's own words).
    [ATP_ROW.hours]: hours !== null && facts.omittedClosed ? `Mo-Su off; ${hours}` : hours,
    [ATP_ROW.observed]: facts.observed,
  };
}

/**
 * The first phone of `;`-separated ones (All The Places' E.164 numbers), a US one (`+1…`, or ten digits) first.
 * @example firstPhone("+442071234567;+12145550123") // "+12145550123"
 */
export function firstPhone(value: string | null): string | null {
  if (value === null) return null;
  const phones = value
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  return phones.find((x) => /^(?:\+?1)?\d{10}$/.test(x.replace(/[\s().-]/g, ""))) ?? phones[0] ?? null;
}

/** A GeoJSON Point's position (a MultiPoint of one point too); null otherwise. */
export function pointOf(f: AtpFeature): { latitude: number; longitude: number } | null {
  const g = f.geometry;
  if (g === null || g === undefined || typeof g !== "object") return null;
  let c = g.coordinates as unknown;
  if (g.type === "MultiPoint" && Array.isArray(c) && c.length === 1) c = c[0];
  else if (g.type !== "Point") return null;
  if (!Array.isArray(c) || c.length < 2) return null;
  const [longitude, latitude] = c as unknown[];
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90) return null;
  return { latitude, longitude };
}

/** A property as text: strings trimmed (empty → null), numbers written out, anything else null. */
function text(v: unknown): string | null {
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}
