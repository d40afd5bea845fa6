// @ts-check
// The plan of a places file: which rows are urgent-care places, each with what an importer must do with it (its
// ground truth), and which rows are their neighbours an importer must tell apart (walk-in clinics, an "urgent"
// dentist). Urgent-care places are derived from the NPPES generator's ground truth — the same clinic with a real
// point near its ZIP code's centre, its phone in E.164, its name and address written as Overture's sources write
// them, some with the address only, some with the phone only, some with neither — beside urgent cares NPPES does
// not list, places an importer must reject (low confidence, closed, abroad, a territory, an incompatible licence,
// no address) and hard cases (a clinic of the same chain in the same ZIP code, a chain's shared phone).
import { hash3, Random } from "../nppes/random.mjs";
import { WORDS } from "../nppes/vocab.mjs";
import {
  ABROAD,
  e164,
  gersId,
  near,
  placeRow,
  STREAM,
  slug,
  sourcesOf,
  TERRITORY,
  titleCity,
  titleName,
  zipCentre,
} from "./build.mjs";
import { NAME_WORDS, ONLY_WORDS, STREETS, URGENT_CARE, URGENT_CARE_NEIGHBOURS, WALK_IN } from "./vocab.mjs";

/** @typedef {import("./build.mjs").Context} Context */
/** @typedef {import("../nppes/places.mjs").Place} Place */
/** @typedef {import("../nppes/truth.mjs").ClinicTruth} NppesClinic */

/**
 * Why an urgent-care place of the file is not published (the importer's problem codes).
 * @typedef {"low_confidence" | "closed" | "outside_us" | "out_of_scope_state" | "licence_incompatible" | "missing_city"} RejectReason
 */

/**
 * What an importer must do with a planned place.
 * @typedef {object} PlaceTruth
 * @property {string} id             the GERS id
 * @property {number} row            its record number in the file (from 1)
 * @property {"pair" | "overture_only" | "rejected" | "walk_in" | "dentist"} kind
 * @property {"both" | "address" | "phone" | "name" | null} variant  for a pair: the evidence Overture shares with NPPES
 * @property {RejectReason | null} reason
 * @property {string} name           as written in the file
 * @property {string} category       categories.primary
 * @property {string[]} alternate    categories.alternate
 * @property {string | null} region  as written (`US-TX`, `TX`)
 * @property {string | null} state   USPS code, when in the US
 * @property {string | null} zip5
 * @property {string | null} phone   10 digits, null when the place has none
 * @property {string | null} website what the importer publishes (tracking parameters removed)
 * @property {string | null} brand
 * @property {string | null} wikidata
 * @property {number} latitude
 * @property {number} longitude
 * @property {string} updated        YYYY-MM-DD: the newest update time of its sources
 * @property {{ npis: string[], npi: string, location: "primary" | "secondary", street: string, zip5: string } | null} nppes
 *   the NPPES clinic it is (for a pair): its NPIs (a subpart group's all), the NPI whose location it is, which one
 */

/** Shares of the urgent-care places an importer must reject, by reason (of the places derived from NPPES). */
export const REJECT_SHARES = Object.freeze({
  low_confidence: 0.03,
  closed: 0.02,
  outside_us: 0.01,
  out_of_scope_state: 0.005,
  licence_incompatible: 0.005,
  missing_city: 0.003,
});

/** Of NPPES's clinics, the share Overture lists, by the evidence the two records share. */
export const PAIR_SHARES = Object.freeze({ both: 0.55, address: 0.15, phone: 0.1, name: 0.05 });

/** Overture lists urgent cares NPPES does not: by default this many per NPPES place. */
export const OVERTURE_ONLY_SHARE = 0.25;

/**
 * Of the chain clinics NPPES lists, the share with another branch of the chain that only Overture lists in the
 * same ZIP code (at its own street: brands' locations come with their addresses).
 */
export const TWIN_SHARE = 0.1;

/**
 * Of the urgent cares only Overture lists, the share whose name shares its distinctive word with clinics NPPES lists
 * (a "Cedar Urgent Care" beside an unrelated "CEDAR WALK-IN CLINIC"): names coincide in real directories too, not
 * as often as a small vocabulary would make them.
 */
export const COINCIDENT_NAME_SHARE = 0.02;

/** The places of an NPPES truth a places data set would list: primaries (one per subpart group) and secondaries. */
function nppesPlaces(/** @type {NppesClinic[]} */ clinics) {
  /** @type {{ clinic: NppesClinic, npis: string[], location: "primary" | "secondary", street: string, street2: string | null, city: string, state: string, zip5: string, phone: string | null }[]} */
  const out = [];
  const groups = new Map();
  for (const c of clinics) if (c.group !== null) groups.set(c.group, [...(groups.get(c.group) ?? []), c.npi]);
  const seenGroup = new Set();
  for (const c of clinics) {
    if (c.group !== null) {
      if (seenGroup.has(c.group)) continue;
      seenGroup.add(c.group);
    }
    const npis = c.group === null ? [c.npi] : [...groups.get(c.group)].sort();
    out.push({
      clinic: c,
      npis,
      location: "primary",
      street: c.street,
      street2: c.street2,
      city: c.city,
      state: c.state,
      zip5: c.zip5,
      phone: c.phone,
    });
    const seen = new Set([`${c.street}|${c.street2}|${c.zip5}`]);
    for (const s of c.secondary) {
      const key = `${s.street}|${s.street2}|${s.zip5}`;
      if (s.sameAsPrimary || seen.has(key)) continue;
      seen.add(key);
      out.push({
        clinic: c,
        npis: [c.npi],
        location: "secondary",
        street: s.street,
        street2: s.street2,
        city: s.city,
        state: s.state,
        zip5: s.zip5,
        phone: s.phone,
      });
    }
  }
  return out;
}

/** Street words NPPES abbreviates and Overture's sources sometimes write out. */
const LONG = Object.freeze(
  /** @type {Record<string, string>} */ ({
    ST: "Street",
    AVE: "Avenue",
    RD: "Road",
    DR: "Drive",
    BLVD: "Boulevard",
    PKWY: "Parkway",
    HWY: "Highway",
    N: "North",
    S: "South",
    E: "East",
    W: "West",
    STE: "Suite",
    BLDG: "Building",
  }),
);

/**
 * A street NPPES writes (`1234 N OAK ST`, `STE 100`) as Overture's sources write it: title case, some words written
 * out (`North`, `Street`), the suite after the street — the same street for an importer that reads abbreviations.
 * @param {string} street
 * @param {string | null} suite
 * @param {Random} r
 */
function overtureStreet(street, suite, r) {
  const long = r.chance(0.4);
  const words = (/** @type {string} */ s) =>
    s
      .split(" ")
      .map((w) => (long && LONG[w] ? LONG[w] : /^\d/.test(w) ? w.toLowerCase() : titleName(w)))
      .join(" ");
  const unit = suite === null ? "" : ` ${suite.startsWith("#") ? `#${suite.slice(1).trim()}` : words(suite)}`;
  return `${words(street)}${unit}`;
}

/**
 * A name NPPES writes (`QUICKMEND URGENT CARE`, `CEDAR WALK-IN CLINIC OF AUSTIN`, `SMITH MEDICAL ASSOCIATES, PLLC`) as
 * a places source writes it: title case, without the company form, sometimes with the town after a dash.
 * @param {string} name
 * @param {string} city
 * @param {Random} r
 */
function overtureName(name, city, r) {
  const plain = name
    .replace(/,?\s+(?:L\.?L\.?C|P\.?L\.?L\.?C|INC|P\.?C|P\.?A|CORP|LTD|LLP)\.?$/i, "")
    .replace(/'/g, "");
  const t = titleName(plain);
  const u = r.next();
  if (u < 0.2 && !/ - /.test(t)) return `${t} - ${titleCity(city)}`;
  if (u < 0.35) return t.replace(/ of [A-Z][\w ]*$/i, "");
  return t;
}

/** The brands of NPPES's fictional chains, with Wikidata-shaped ids far above any real item's. */
const BRAND_IDS = new Map();
/** @param {string} brand NPPES's DBA of the chain, upper case */
function brandOf(brand) {
  const name = titleName(brand.replace(/^'[^']*' /, "").replace(/"/g, ""));
  if (!BRAND_IDS.has(name)) BRAND_IDS.set(name, `Q9900002${String(BRAND_IDS.size).padStart(2, "0")}`);
  return { name, wikidata: /** @type {string} */ (BRAND_IDS.get(name)) };
}

/** A web site the way places list them: the chain's or the clinic's, often with campaign parameters. */
function websiteOf(/** @type {string} */ name, /** @type {string} */ city, /** @type {Random} */ r) {
  const base = `https://www.${slug(name).split("-").slice(0, 2).join("")}.example.com/locations/${slug(city)}`;
  const tracked = r.chance(0.5) ? `${base}?utm_source=overture&utm_medium=maps&utm_campaign=local` : base;
  return { written: tracked, published: base };
}

/**
 * The plan: every urgent-care place with its row and ground truth.
 * @param {Context} ctx
 * @param {{ rows: number, nppes: NppesClinic[] | null, overtureOnly: number | null }} o  `overtureOnly`: the urgent
 *   cares NPPES does not list (default a quarter of NPPES's places; without NPPES, 0.25 % of the rows)
 * @returns {{ rows: Map<number, object>, truth: PlaceTruth[], nppesPlaces: number }}
 */
export function makePlan(ctx, o) {
  const r = new Random(hash3(ctx.seed, 0, STREAM.plan));
  const places = o.nppes ? nppesPlaces(o.nppes) : [];
  /** @type {{ build: (id: string) => { row: object, truth: Omit<PlaceTruth, "id" | "row"> } }[]} */
  const planned = [];
  // ZIP code → the phones of NPPES's clinics there: Overture-only places must not reuse a phone of the same ZIP
  // code by accident (the 100 fictional numbers of an area code collide; real numbers do not).
  const phonesByZip = new Map();
  for (const p of places)
    if (p.phone) phonesByZip.set(p.zip5, new Set([...(phonesByZip.get(p.zip5) ?? []), p.phone]));

  for (const p of places) {
    const u = r.next();
    let variant = /** @type {PlaceTruth["variant"]} */ (null);
    let acc = 0;
    for (const [v, share] of Object.entries(PAIR_SHARES)) {
      acc += share;
      if (u < acc) {
        variant = /** @type {PlaceTruth["variant"]} */ (v);
        break;
      }
    }
    if (variant === null) continue; // NPPES lists it, Overture does not: it stays at its ZIP's centre
    if (p.phone === null && (variant === "both" || variant === "phone"))
      variant = variant === "both" ? "address" : "name";
    const seed = r.int(0, 2 ** 31);
    planned.push({
      build: (id) =>
        pairPlace(
          ctx,
          new Random(seed),
          id,
          p,
          /** @type {NonNullable<PlaceTruth["variant"]>} */ (variant),
          phonesByZip,
        ),
    });
  }

  const base = o.nppes ? places.length : Math.max(20, Math.round(o.rows * 0.0025));
  const onlyCount = o.overtureOnly ?? (o.nppes ? Math.max(3, Math.round(base * OVERTURE_ONLY_SHARE)) : base);
  const chains = places.filter((p) => p.clinic.brand !== null);
  const twins = Math.min(onlyCount, Math.round(chains.length * TWIN_SHARE));
  for (let k = 0; k < onlyCount; k++) {
    const seed = r.int(0, 2 ** 31);
    const twin = k < twins ? r.pick(chains) : null;
    const coincident = twin === null && r.chance(COINCIDENT_NAME_SHARE);
    planned.push({
      build: (id) => onlyPlace(ctx, new Random(seed), id, { twin, coincident, phonesByZip }),
    });
  }
  for (const [reason, share] of Object.entries(REJECT_SHARES)) {
    const n = Math.max(1, Math.round(Math.max(base, 40) * share));
    for (let k = 0; k < n; k++) {
      const seed = r.int(0, 2 ** 31);
      planned.push({
        build: (id) =>
          rejectedPlace(ctx, new Random(seed), id, /** @type {RejectReason} */ (reason), phonesByZip),
      });
    }
  }
  for (let k = 0; k < Math.max(2, Math.round(base * 0.05)); k++) {
    const seed = r.int(0, 2 ** 31);
    planned.push({ build: (id) => neighbourPlace(ctx, new Random(seed), id, "walk_in", phonesByZip) });
  }
  for (let k = 0; k < Math.max(1, Math.round(base * 0.01)); k++) {
    const seed = r.int(0, 2 ** 31);
    planned.push({ build: (id) => neighbourPlace(ctx, new Random(seed), id, "dentist", phonesByZip) });
  }

  if (planned.length * 4 > o.rows)
    throw new Error(`${o.rows} rows cannot hold ${planned.length} planned places: give more rows`);
  // Spread the planned places over the file, each at a row of its own.
  /** @type {Map<number, object>} */
  const rows = new Map();
  /** @type {PlaceTruth[]} */
  const truth = [];
  for (const p of planned) {
    let i = r.int(0, o.rows - 1);
    while (rows.has(i)) i = (i + 1) % o.rows;
    const id = gersId(ctx.seed, i);
    const built = p.build(id);
    rows.set(i, built.row);
    truth.push({ id, row: i + 1, ...built.truth });
  }
  truth.sort((a, b) => a.row - b.row);
  return { rows, truth, nppesPlaces: places.length };
}

/**
 * The ground truth of a written place: what its row says (name, categories, region, brand, update time) with its
 * point, and what it is to an importer (`kind`, `variant`, `reason`, the state and ZIP code it is in, its phone and
 * the web site to publish, its NPPES clinic).
 * @param {ReturnType<typeof placeRow>} row
 * @param {{ latitude: number, longitude: number }} point
 * @param {Pick<PlaceTruth, "kind" | "state" | "zip5" | "phone"> & Partial<Pick<PlaceTruth, "variant" | "reason" | "website" | "nppes">>} t
 * @returns {Omit<PlaceTruth, "id" | "row">}
 */
function truthOf(row, point, t) {
  return {
    variant: null,
    reason: null,
    website: null,
    nppes: null,
    ...t,
    name: row.names.primary,
    category: row.categories.primary,
    alternate: row.categories.alternate ?? [],
    region: row.addresses?.[0]?.region ?? null,
    brand: row.brand?.names.primary ?? null,
    wikidata: row.brand?.wikidata ?? null,
    ...point,
    updated: updatedOf(row.sources),
  };
}

/** The date part of the newest update time of a row's sources. */
const updatedOf = (/** @type {ReturnType<typeof sourcesOf>} */ sources) =>
  sources
    .map((s) => s.update_time.slice(0, 10))
    .sort()
    .at(-1) ?? "";

/**
 * Categories of an urgent-care place: `urgent_care_clinic` as the primary one (85 %), else as an alternate of a
 * neighbouring primary (medical centre, walk-in clinic…).
 * @param {Random} r
 */
function urgentCategories(r) {
  if (r.chance(0.85))
    return { category: URGENT_CARE, alternate: r.chance(0.4) ? [r.pick(URGENT_CARE_NEIGHBOURS)] : [] };
  return { category: r.pick(URGENT_CARE_NEIGHBOURS), alternate: [URGENT_CARE] };
}

/** A region as the release writes it (`US-TX`), or as older releases did (`TX`, one place in twenty). */
const regionOf = (/** @type {string} */ state, /** @type {Random} */ r) =>
  r.chance(0.05) ? state : `US-${state}`;

/**
 * The place of an NPPES clinic as Overture lists it.
 * @param {Context} ctx
 * @param {Random} r
 * @param {string} id
 * @param {ReturnType<typeof nppesPlaces>[number]} p
 * @param {NonNullable<PlaceTruth["variant"]>} variant
 * @param {Map<string, Set<string>>} phonesByZip
 */
function pairPlace(ctx, r, id, p, variant, phonesByZip) {
  const centre = zipCentre(p.zip5);
  if (!centre) throw new Error(`no ZCTA centre for ZIP ${p.zip5}`);
  const point = near(centre, r, 0.2, 2.5);
  const name = overtureName(p.clinic.name, p.city, r);
  const brand = p.clinic.brand && r.chance(0.9) ? brandOf(p.clinic.brand) : null;
  const cats = urgentCategories(r);
  const withPhone = variant === "both" || variant === "phone";
  // Half the places matched by their address alone give a number of their own (a public line where NPPES has the
  // practice's): a phone that differs is no reason to keep two records at one address apart.
  const otherPhone =
    variant === "address" && r.chance(0.5)
      ? freshPhone(p.phone?.slice(0, 3) ?? "212", p.zip5, phonesByZip, r)
      : null;
  const freeform =
    variant === "both" || variant === "address"
      ? overtureStreet(p.street, p.street2, r)
      : variant === "phone" && p.street2 !== null
        ? overtureStreet(p.street, null, r)
        : null;
  const region = regionOf(p.state, r);
  const site = r.chance(0.7) ? websiteOf(brand?.name ?? name, p.city, r) : null;
  const sources = sourcesOf(ctx, r);
  const row = placeRow({
    id,
    ...point,
    name,
    category: cats.category,
    alternates: cats.alternate,
    confidence: Math.round((0.75 + 0.24 * r.next()) * 1000) / 1000,
    phones: withPhone ? [`+1${p.phone}`] : otherPhone ? [`+1${otherPhone}`] : null,
    websites: site ? [site.written] : null,
    brand,
    address: {
      freeform,
      locality: titleCity(p.city),
      postcode: r.chance(0.2) ? `${p.zip5}-${String(r.int(1, 9998)).padStart(4, "0")}` : p.zip5,
      region,
      country: "US",
    },
    sources,
    version: r.int(0, 6),
  });
  return {
    row,
    truth: truthOf(row, point, {
      kind: "pair",
      variant,
      state: p.state,
      zip5: p.zip5,
      phone: withPhone ? p.phone : otherPhone,
      website: site?.published ?? null,
      nppes: { npis: p.npis, npi: p.clinic.npi, location: p.location, street: p.street, zip5: p.zip5 },
    }),
  };
}

/**
 * An urgent-care place NPPES does not list: anywhere in the file's towns, by population; or (`twin`) another
 * branch of an NPPES chain clinic in its ZIP code, at its own street; a few (`coincident`) with a word of NPPES's
 * names. One in ten has no street address (but the chains' branches).
 * @param {Context} ctx
 * @param {Random} r
 * @param {string} id
 * @param {{ twin: ReturnType<typeof nppesPlaces>[number] | null, coincident: boolean, phonesByZip: Map<string, Set<string>> }} o
 */
function onlyPlace(ctx, r, id, o) {
  const twin = o.twin;
  const where = twin
    ? { city: twin.city, state: twin.state, zip: twin.zip5, area: twin.phone?.slice(0, 3) ?? "212" }
    : townOf(ctx, r);
  const centre = zipCentre(where.zip) ?? { latitude: 0, longitude: 0 };
  const point = near(centre, r, 0.2, 2.5);
  const brand = twin?.clinic.brand ? brandOf(twin.clinic.brand) : null;
  const word = o.coincident ? titleName(r.pick(WORDS)) : `${r.pick(ONLY_WORDS)} ${r.pick(ONLY_WORDS)}`;
  const name = brand
    ? r.chance(0.5)
      ? brand.name
      : `${brand.name} - ${titleCity(where.city)}`
    : `${word} ${r.pick(["Urgent Care", "Urgent Care Center", "Immediate Care", "Walk-In Urgent Care", "Family Urgent Care"])}`;
  const cats = urgentCategories(r);
  const phone = r.chance(0.8) ? freshPhone(where.area, where.zip, o.phonesByZip, r) : null;
  const region = regionOf(where.state, r);
  const site = r.chance(0.6) ? websiteOf(name, where.city, r) : null;
  const sources = sourcesOf(ctx, r);
  const row = placeRow({
    id,
    ...point,
    name,
    category: cats.category,
    alternates: cats.alternate,
    confidence: Math.round((0.6 + 0.39 * r.next()) * 1000) / 1000,
    phones: phone ? [`+1${phone}`] : null,
    websites: site ? [site.written] : null,
    brand: brand && r.chance(0.9) ? brand : null,
    address: {
      freeform: twin || r.chance(0.9) ? `${r.int(1, 29_999)} ${r.pick(STREETS)}` : null,
      locality: titleCity(where.city),
      postcode: where.zip,
      region,
      country: "US",
    },
    sources,
    version: r.int(0, 6),
  });
  return {
    row,
    truth: truthOf(row, point, {
      kind: "overture_only",
      state: where.state,
      zip5: where.zip,
      phone,
      website: site?.published ?? null,
    }),
  };
}

/** A town of the file's places, with one of its ZIP codes. */
function townOf(/** @type {Context} */ ctx, /** @type {Random} */ r) {
  const place = /** @type {Place} */ (
    ctx.places[/** @type {number} */ (ctx.slots[Math.floor(r.next() * ctx.slots.length)])]
  );
  return { city: place.city, state: place.state, zip: r.pick(place.zips), area: place.area };
}

/** A 555-01XX number of the area code that no NPPES clinic of the ZIP code has (nor `not`). */
function freshPhone(
  /** @type {string} */ area,
  /** @type {string} */ zip,
  /** @type {Map<string, Set<string>>} */ taken,
  /** @type {Random} */ r,
  /** @type {string | null} */ not = null,
) {
  const used = taken.get(zip) ?? new Set();
  for (;;) {
    const p = e164(area, r).slice(2);
    if (!used.has(p) && p !== not) return p;
  }
}

/**
 * An urgent-care place the importer must not publish, for `reason`.
 * @param {Context} ctx
 * @param {Random} r
 * @param {string} id
 * @param {RejectReason} reason
 * @param {Map<string, Set<string>>} phonesByZip
 */
function rejectedPlace(ctx, r, id, reason, phonesByZip) {
  const away = reason === "outside_us" ? r.pick(ABROAD) : reason === "out_of_scope_state" ? TERRITORY : null;
  const town = away ? null : townOf(ctx, r);
  const centre = away ??
    zipCentre(/** @type {{ zip: string }} */ (town).zip) ?? { latitude: 0, longitude: 0 };
  const point = near(centre, r, 0.2, 2.5);
  const name = `${r.pick(NAME_WORDS)} Urgent Care`;
  const cats = urgentCategories(r);
  const status = reason === "closed" ? (r.chance(0.7) ? "permanently_closed" : "temporarily_closed") : "open";
  const confidence =
    status === "permanently_closed"
      ? 0
      : reason === "low_confidence"
        ? Math.round((0.05 + 0.4 * r.next()) * 1000) / 1000
        : 0.9;
  const region = away ? away.region : regionOf(/** @type {{ state: string }} */ (town).state, r);
  const phone = away
    ? e164(away.area, r).slice(2)
    : freshPhone(
        /** @type {{ area: string }} */ (town).area,
        /** @type {{ zip: string }} */ (town).zip,
        phonesByZip,
        r,
      );
  const sources = sourcesOf(ctx, r, reason === "licence_incompatible" ? "ODbL-1.0" : null);
  const address =
    reason === "missing_city"
      ? null
      : away
        ? {
            freeform: `${r.int(1, 9999)} ${r.pick(STREETS)}`,
            locality: away.locality,
            postcode: away.postcode,
            region,
            country: away.country,
          }
        : {
            freeform: `${r.int(1, 29_999)} ${r.pick(STREETS)}`,
            locality: titleCity(/** @type {{ city: string }} */ (town).city),
            postcode: /** @type {{ zip: string }} */ (town).zip,
            region,
            country: "US",
          };
  const row = placeRow({
    id,
    ...point,
    name,
    category: cats.category,
    alternates: cats.alternate,
    confidence,
    status,
    phones: [`+1${phone}`],
    brand: null,
    address,
    sources,
    version: r.int(0, 6),
  });
  return {
    row,
    truth: truthOf(row, point, {
      kind: "rejected",
      reason,
      state: town?.state ?? null,
      zip5: town?.zip ?? null,
      phone,
    }),
  };
}

/**
 * A neighbour of urgent care the importer must tell apart: a walk-in clinic (kept only when `--category` asks for
 * `walk_in_clinic`), a dentist whose name says "urgent" (never kept: its category is dentistry).
 * @param {Context} ctx
 * @param {Random} r
 * @param {string} id
 * @param {"walk_in" | "dentist"} kind
 * @param {Map<string, Set<string>>} phonesByZip
 */
function neighbourPlace(ctx, r, id, kind, phonesByZip) {
  const town = townOf(ctx, r);
  const point = near(zipCentre(town.zip) ?? { latitude: 0, longitude: 0 }, r, 0.2, 2.5);
  const word = r.pick(NAME_WORDS);
  const name = kind === "walk_in" ? `${word} Walk-In Clinic` : `${word} Urgent Dental Care`;
  const category = kind === "walk_in" ? WALK_IN : "dentist";
  const region = regionOf(town.state, r);
  const phone = freshPhone(town.area, town.zip, phonesByZip, r);
  const sources = sourcesOf(ctx, r);
  const row = placeRow({
    id,
    ...point,
    name,
    category,
    alternates: [],
    confidence: 0.9,
    phones: [`+1${phone}`],
    address: {
      freeform: `${r.int(1, 29_999)} ${r.pick(STREETS)}`,
      locality: titleCity(town.city),
      postcode: town.zip,
      region,
      country: "US",
    },
    sources,
    version: r.int(0, 6),
  });
  return {
    row,
    truth: truthOf(row, point, { kind, state: town.state, zip5: town.zip, phone }),
  };
}
