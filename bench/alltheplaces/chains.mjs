// @ts-check
// The fictional urgent-care chains of a generated All The Places run, each with the habits of a real spider (read
// from alltheplaces/alltheplaces: afc_urgent_care tags amenity=clinic only and leaves out days without hours,
// gohealth_urgent_care_us sets no category, nextcare_us tags healthcare:speciality=urgent, health systems tag some
// of their sites urgent), and the hours strings their spiders write, each with the week an importer must read.
// Chain names are the NPPES generator's (bench/nppes/vocab.mjs), so that a run and an NPPES bundle make a pair.

/**
 * @typedef {object} Chain
 * @property {string} spider
 * @property {string} brand          as the NPPES generator names it (upper case)
 * @property {string} display        as the locator writes it
 * @property {string | null} wikidata fictional: far above any real item's number
 * @property {"brand" | "operator"} by  which key carries it
 * @property {"urgent" | "clinic" | "none"} category  how its spider tags its features
 * @property {boolean} listed        on the run's urgent-care list (by spider)
 * @property {boolean} omittedClosed its locator lists every day it opens (the list says so)
 * @property {string[]} hours        the hours styles of its locations (keys of HOURS)
 */

/** @type {readonly Chain[]} */
export const CHAINS = Object.freeze([
  chain(
    "quickmend_urgent_care_us",
    "QUICKMEND URGENT CARE",
    "QuickMend Urgent Care",
    990000101,
    "operator",
    "clinic",
    true,
    true,
    ["weekdays_weekend", "weekdays_sat", "seven_days"],
  ),
  chain(
    "northstar_walk_in_us",
    "NORTHSTAR WALK-IN CLINIC",
    "Northstar Walk-In Clinic",
    990000102,
    "brand",
    "none",
    true,
    false,
    ["seven_days", "all_day", "ph_off"],
  ),
  chain(
    "brightpath_urgent_care",
    "BRIGHTPATH URGENT CARE",
    "BrightPath Urgent Care",
    990000103,
    "brand",
    "urgent",
    false,
    false,
    ["weekdays_weekend", "split_day", "closed_sunday"],
  ),
  chain(
    "swiftwell_us",
    "SWIFTWELL URGENT CARE",
    "SwiftWell Urgent Care",
    990000104,
    "brand",
    "urgent",
    false,
    false,
    ["overnight_split", "overnight_osm", "late_close"],
  ),
  chain(
    "harborlight_express_care",
    "HARBORLIGHT EXPRESS CARE",
    "Harborlight Express Care",
    990000105,
    "brand",
    "clinic",
    false,
    false,
    ["weekdays_weekend", "dated_exception"],
  ),
  chain(
    "kestrel_immediate_care_us",
    "KESTREL IMMEDIATE CARE",
    "Kestrel Immediate Care",
    990000106,
    "brand",
    "urgent",
    false,
    false,
    ["loose", "english", "weekdays_only"],
  ),
  chain(
    "trailhead_urgent_care",
    "TRAILHEAD URGENT CARE",
    "Trailhead Urgent Care",
    null,
    "brand",
    "clinic",
    true,
    false,
    ["seven_days", "unreadable", "none"],
  ),
  chain(
    "blue_heron_urgent_care_us",
    "BLUE HERON URGENT CARE",
    "Blue Heron Urgent Care",
    990000108,
    "brand",
    "urgent",
    false,
    false,
    ["none", "temporarily_closed", "seasonal"],
  ),
  chain(
    "maplefield_walk_in_us",
    "MAPLEFIELD WALK-IN CARE",
    "Maplefield Walk-In Care",
    990000109,
    "brand",
    "urgent",
    false,
    false,
    ["weekdays_weekend", "closed_sunday"],
  ),
  chain(
    "tiny_triage_us",
    '"TINY TRIAGE" PEDIATRIC URGENT CARE',
    "Tiny Triage Pediatric Urgent Care",
    990000110,
    "brand",
    "urgent",
    false,
    false,
    ["evenings"],
  ),
]);

/**
 * @param {string} spider @param {string} brand @param {string} display @param {number | null} q
 * @param {"brand" | "operator"} by @param {"urgent" | "clinic" | "none"} category @param {boolean} listed
 * @param {boolean} omittedClosed @param {string[]} hours
 * @returns {Chain}
 */
function chain(spider, brand, display, q, by, category, listed, omittedClosed, hours) {
  return {
    spider,
    brand,
    display,
    wikidata: q === null ? null : `Q${q}`,
    by,
    category,
    listed,
    omittedClosed,
    hours,
  };
}

/** A health system whose spider tags some of its sites urgent care (the rest: hospitals, offices). */
export const HEALTH_SYSTEM = Object.freeze({
  spider: "cedar_valley_health_us",
  brand: "Cedar Valley Health",
  wikidata: "Q990000201",
});

/** Spiders of urgent-care chains abroad (their category is urgent care; their points are not in the US). */
export const FOREIGN_CHAINS = Object.freeze([
  {
    spider: "thistle_health_gb",
    brand: "Thistle Health",
    wikidata: "Q990000301",
    country: "GB",
    places: [
      [55.9533, -3.1883, "Edinburgh"],
      [55.8642, -4.2518, "Glasgow"],
    ],
  },
  {
    spider: "maplecare_ca",
    brand: "MapleCare Clinics",
    wikidata: "Q990000302",
    country: "CA",
    places: [
      [43.6532, -79.3832, "Toronto"],
      [49.2827, -123.1207, "Vancouver"],
    ],
  },
]);

/** A supermarket spider some of whose features are a listed chain's clinics inside its stores (kept by brand). */
export const STORE_SPIDER = "greenbasket_market_us";

/**
 * The urgent-care list of a generated run (the shape of `--atp-urgent-care`): its listed spiders and the brands
 * that are urgent care wherever they appear.
 */
export function urgentCareList() {
  return {
    spiders: CHAINS.filter((c) => c.listed).map((c) => ({
      spider: c.spider,
      name: c.display,
      ...(c.omittedClosed ? { omitted_days: "closed" } : {}),
      why: "synthetic: a spider that does not tag its features urgent care",
    })),
    brands: CHAINS.filter((c) => c.wikidata !== null && c.category !== "urgent").map((c) => ({
      wikidata: /** @type {string} */ (c.wikidata),
      name: c.display,
      why: "synthetic: every site of the brand is an urgent care centre",
    })),
  };
}

/**
 * Hours strings as spiders write them, each with the week the importer must read (the text form: `unknown` for a
 * day not known), or null when the string cannot be read (counted, never guessed). `closedOmitted`: the week when
 * the spider's locator lists every day it opens.
 * @type {Readonly<Record<string, { text: string | null, week: string | null, closedOmitted?: string }>>}
 */
export const HOURS = Object.freeze({
  weekdays_weekend: {
    text: "Mo-Fr 08:00-20:00; Sa-Su 09:00-17:00",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 09:00-17:00; sun 09:00-17:00",
  },
  weekdays_sat: {
    text: "Mo-Fr 08:00-19:00; Sa 09:00-15:00",
    week: "mon 08:00-19:00; tue 08:00-19:00; wed 08:00-19:00; thu 08:00-19:00; fri 08:00-19:00; sat 09:00-15:00; sun unknown",
    closedOmitted:
      "mon 08:00-19:00; tue 08:00-19:00; wed 08:00-19:00; thu 08:00-19:00; fri 08:00-19:00; sat 09:00-15:00; sun closed",
  },
  seven_days: {
    text: "Mo-Su 08:00-20:00",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 08:00-20:00; sun 08:00-20:00",
  },
  all_day: {
    text: "24/7",
    week: "mon 00:00-24:00; tue 00:00-24:00; wed 00:00-24:00; thu 00:00-24:00; fri 00:00-24:00; sat 00:00-24:00; sun 00:00-24:00",
  },
  ph_off: {
    text: "Mo-Fr 08:00-20:00; Sa 09:00-17:00; PH off",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 09:00-17:00; sun unknown",
  },
  split_day: {
    text: "Mo-Fr 08:00-12:00,13:00-18:00; Sa 09:00-13:00; Su closed",
    week: "mon 08:00-12:00,13:00-18:00; tue 08:00-12:00,13:00-18:00; wed 08:00-12:00,13:00-18:00; thu 08:00-12:00,13:00-18:00; fri 08:00-12:00,13:00-18:00; sat 09:00-13:00; sun closed",
  },
  closed_sunday: {
    text: "Mo-Sa 08:00-20:00; Su closed",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 08:00-20:00; sun closed",
  },
  overnight_split: {
    text: "Mo-Su 00:00-02:00,08:00-24:00",
    week: "mon 08:00-02:00; tue 08:00-02:00; wed 08:00-02:00; thu 08:00-02:00; fri 08:00-02:00; sat 08:00-02:00; sun 08:00-02:00",
  },
  overnight_osm: {
    text: "Mo-Th 08:00-22:00; Fr-Sa 08:00-01:00",
    week: "mon 08:00-22:00; tue 08:00-22:00; wed 08:00-22:00; thu 08:00-22:00; fri 08:00-01:00; sat 08:00-01:00; sun unknown",
  },
  late_close: {
    text: "Mo-Su 07:00-23:59",
    week: "mon 07:00-24:00; tue 07:00-24:00; wed 07:00-24:00; thu 07:00-24:00; fri 07:00-24:00; sat 07:00-24:00; sun 07:00-24:00",
  },
  dated_exception: {
    text: "Mo-Fr 08:00-20:00; Sa-Su 09:00-17:00; Dec 25 off",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 09:00-17:00; sun 09:00-17:00",
  },
  loose: {
    text: "Mo-Fr 8:00-20:00; Sa 9:00-14:00",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat 09:00-14:00; sun unknown",
  },
  english: {
    text: "Monday-Friday 8am-8pm",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu 08:00-20:00; fri 08:00-20:00; sat unknown; sun unknown",
  },
  weekdays_only: {
    text: "Mo-Fr 09:00-17:00",
    week: "mon 09:00-17:00; tue 09:00-17:00; wed 09:00-17:00; thu 09:00-17:00; fri 09:00-17:00; sat unknown; sun unknown",
  },
  evenings: {
    text: "Mo-Fr 17:00-22:00; Sa-Su 10:00-18:00",
    week: "mon 17:00-22:00; tue 17:00-22:00; wed 17:00-22:00; thu 17:00-22:00; fri 17:00-22:00; sat 10:00-18:00; sun 10:00-18:00",
  },
  temporarily_closed: {
    text: "Mo-Su closed",
    week: "mon closed; tue closed; wed closed; thu closed; fri closed; sat closed; sun closed",
  },
  unreadable: { text: "Call for hours", week: null },
  seasonal: { text: "Jun-Aug Mo-Fr 08:00-20:00; Sep-May Mo-Fr 08:00-18:00", week: null },
  none: { text: null, week: null },
  // A holiday week (Thanksgiving): what a run may hold for one week only.
  holiday: {
    text: "Mo-We 08:00-20:00; Th closed; Fr 10:00-16:00; Sa-Su 09:00-17:00",
    week: "mon 08:00-20:00; tue 08:00-20:00; wed 08:00-20:00; thu closed; fri 10:00-16:00; sat 09:00-17:00; sun 09:00-17:00",
  },
  // Hours a location changed to for good.
  changed: {
    text: "Mo-Fr 07:00-21:00; Sa-Su 08:00-18:00",
    week: "mon 07:00-21:00; tue 07:00-21:00; wed 07:00-21:00; thu 07:00-21:00; fri 07:00-21:00; sat 08:00-18:00; sun 08:00-18:00",
  },
});

/** The week a string's truth gives, for a spider whose locator lists every day it opens or not. */
export function weekOf(/** @type {string} */ style, /** @type {boolean} */ omittedClosed) {
  const h = HOURS[style];
  if (!h) throw new Error(`no hours style ${style}`);
  return omittedClosed && h.closedOmitted ? h.closedOmitted : h.week;
}
