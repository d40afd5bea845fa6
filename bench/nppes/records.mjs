// @ts-check
// Builders of the generator's records: addresses on real places, phones in 555-01XX, and the "filler" rows that
// make up most of the file (individuals, organisations that are not urgent care, deactivated NPIs), each drawn
// from its own random stream so that any row can be rebuilt alone.
import { dates, phone, pickPlace, poBox, usAddress } from "./addresses.mjs";
import { nppesDate as nppes } from "./dates.mjs";
import { hash3, Random } from "./random.mjs";
import { blankRow, npiOf } from "./rows.mjs";
import {
  AO_TITLES,
  COMPANY_FORMS,
  CREDENTIALS,
  FIRST_NAMES,
  INDIVIDUAL_TAXONOMIES,
  LAST_NAMES,
  MIDDLE,
  ORG_NAME_FORMS,
  ORG_TAXONOMIES,
  WORDS,
} from "./vocab.mjs";

/** @typedef {import("./rows.mjs").Address} Address */
/** @typedef {import("./rows.mjs").ProviderRow} ProviderRow */
/** @typedef {import("./places.mjs").Place} Place */

/** Purposes of the keyed streams (the third hash input). */
export const STREAM = Object.freeze({ npi: 1, kind: 2, row: 3, plan: 4, weekly: 5, report: 6 });

/** Shares of the monthly file's rows (CMS, February 2026: 76 % individuals, 20 % organisations, 3.6 % deactivated of 9.37 M). */
export const SHARES = Object.freeze({ deactivated: 0.036, organisation: 0.21 });

/**
 * What the builders share: the seed, the dates, the places (with a table that picks one in proportion to its
 * weight in O(1)) and the line end.
 * @typedef {object} Context
 * @property {number} seed
 * @property {number} rows        rows of the monthly file (NPIs past it are new ones)
 * @property {number} start       first day of the file (day number)
 * @property {number} end         last day of the file
 * @property {Place[]} places
 * @property {Uint16Array} slots  place indices, each repeated in proportion to its weight
 * @property {string} eol
 */

/**
 * @param {{ seed: number, rows: number, start: number, end: number, places: Place[], eol: string }} o
 * @returns {Context}
 */
export function makeContext(o) {
  const total = o.places.reduce((a, p) => a + p.weight, 0);
  /** @type {number[]} */
  const slots = [];
  const size = 16_384;
  o.places.forEach((p, i) => {
    const n = Math.max(1, Math.round((p.weight / total) * size));
    for (let k = 0; k < n; k++) slots.push(i);
  });
  return { ...o, slots: Uint16Array.from(slots) };
}

/**
 * The NPI of row `i` (rows past the monthly file's are new NPIs): unique, Luhn-valid, half of them 1…, half 2….
 * @param {number} seed
 * @param {number} i
 */
export function npiAt(seed, i) {
  const body = (i & 1 ? 200_000_000 : 100_000_000) + (i >>> 1) * 10 + (hash3(seed, i, STREAM.npi) % 10);
  return npiOf(body);
}

/**
 * What row `i` of the monthly file is when the plan does not claim it: "deactivated", "organisation" or "individual".
 * @param {number} seed
 * @param {number} i
 */
export function kindAt(seed, i) {
  const u = hash3(seed, i, STREAM.kind) / 4294967296;
  return u < SHARES.deactivated
    ? "deactivated"
    : u < SHARES.deactivated + SHARES.organisation
      ? "organisation"
      : "individual";
}

/**
 * The deactivation date of a filler row that `kindAt` calls deactivated (between 2007 and the file's end).
 * @param {Context} ctx
 * @param {number} i
 */
export function deactivationDayAt(ctx, i) {
  const from = ctx.start + 700;
  return from + (hash3(ctx.seed, i, STREAM.report) % Math.max(1, ctx.end - from));
}

/** @param {readonly (readonly [string, number])[]} table */
const expand = (table) => table.flatMap(([code, weight]) => Array.from({ length: weight }, () => code));
const INDIVIDUAL_CODES = expand(INDIVIDUAL_TAXONOMIES);
export const ORG_CODES = expand(ORG_TAXONOMIES);
const LICENSED = /^(20|36|18|12|22|10|16|15|11|39|23)/;

/** @param {Random} rng */
const licence = (rng) => `${rng.pick(["", "A", "MD", "RN", "L", "PA"])}${rng.int(10_000, 9_999_999)}`;

/**
 * Other provider identifiers: Medicaid numbers of the state, and identifiers of other plans.
 * @param {Random} rng
 * @param {string} state
 */
function identifiers(rng, state) {
  const r = rng.next();
  const n = r < 0.7 ? 0 : r < 0.92 ? 1 : r < 0.99 ? rng.int(2, 4) : rng.int(5, 12);
  const list = [];
  for (let k = 0; k < n; k++)
    list.push(
      rng.chance(0.6)
        ? { id: String(rng.int(100_000, 99_999_999)), type: "05", state, issuer: "" }
        : {
            id: `${rng.pick(["P", "H", "X"])}${rng.int(10_000, 999_999)}`,
            type: "01",
            state: "",
            issuer: rng.pick(["BCBS", "AETNA", "UNITED HEALTHCARE", "CIGNA", "HUMANA", "TRICARE"]),
          },
    );
  return list;
}

/**
 * Places a record and dates it: its practice location at `place`, its mailing address the same (with probability
 * `sameMail`), a post-office box or another place, its enumeration, last update and certification dates.
 * @param {Context} ctx
 * @param {Random} rng
 * @param {ProviderRow} row
 * @param {Place} place
 * @param {number} sameMail
 */
function settle(ctx, rng, row, place, sameMail) {
  row.practice = usAddress(place, rng);
  row.mail = rng.chance(sameMail)
    ? row.practice
    : rng.chance(0.5)
      ? poBox(row.practice, rng)
      : usAddress(pickPlace(ctx, rng), rng);
  const d = dates(ctx, rng);
  row.enumerated = nppes(d.enumerated);
  row.updated = nppes(d.updated);
  row.certified = d.certified === null ? "" : nppes(d.certified);
}

/**
 * A filler individual (entity type 1): names, credential, one to three taxonomies with licences, identifiers.
 * @param {Context} ctx
 * @param {Random} rng
 * @param {string} npi
 * @returns {ProviderRow}
 */
export function individual(ctx, rng, npi) {
  const row = blankRow(npi, "1");
  const place = pickPlace(ctx, rng);
  row.lastName = rng.pick(LAST_NAMES);
  row.firstName = rng.pick(FIRST_NAMES);
  row.middleName = rng.pick(MIDDLE);
  row.prefix = rng.chance(0.12) ? "DR." : "";
  row.suffix = rng.chance(0.03) ? rng.pick(["JR.", "SR.", "III"]) : "";
  row.credential = rng.pick(CREDENTIALS);
  if (rng.chance(0.05)) {
    row.otherLast = rng.pick(LAST_NAMES);
    row.otherFirst = row.firstName;
    row.otherLastType = "1";
  }
  settle(ctx, rng, row, place, 0.6);
  row.sex = rng.chance(0.52) ? "F" : "M";
  const count = rng.chance(0.75) ? 1 : rng.chance(0.8) ? 2 : 3;
  for (let k = 0; k < count; k++) {
    const code = rng.pick(INDIVIDUAL_CODES);
    const licensed = LICENSED.test(code) && rng.chance(0.9);
    row.taxonomies.push({
      code,
      license: licensed ? licence(rng) : "",
      licenseState: licensed ? place.state : "",
      primary: k === 0 ? "Y" : "N",
    });
  }
  row.identifiers = identifiers(rng, place.state);
  row.soleProprietor = rng.pick(["N", "N", "N", "Y", "X"]);
  return row;
}

/**
 * A legal business name of an organisation that is not urgent care: a surname, word or city with a kind of
 * practice and a company form ("SMITH FAMILY MEDICINE PLLC", "CEDAR HOME HEALTH SERVICES, LLC").
 * @param {Random} rng
 * @param {Place} place
 */
export function orgName(rng, place) {
  const who = rng.chance(0.4) ? rng.pick(LAST_NAMES) : rng.chance(0.6) ? rng.pick(WORDS) : place.city;
  return `${who} ${rng.pick(ORG_NAME_FORMS)}${rng.pick(COMPANY_FORMS)}`;
}

/**
 * The authorized official of an organisation.
 * @param {ProviderRow} row
 * @param {Place} place
 * @param {Random} rng
 */
export function official(row, place, rng) {
  row.aoLast = rng.pick(LAST_NAMES);
  row.aoFirst = rng.pick(FIRST_NAMES);
  row.aoMiddle = rng.pick(MIDDLE);
  row.aoTitle = rng.pick(AO_TITLES);
  row.aoPhone = phone(place, rng);
  row.aoPrefix = rng.chance(0.1) ? "DR." : "";
  row.aoCredential = rng.chance(0.15) ? rng.pick(["MD", "DO", "RN", "MBA", "CPA"]) : "";
}

/**
 * A filler organisation (entity type 2) with taxonomies other than urgent care; some have a DBA name or are
 * subparts of another organisation.
 * @param {Context} ctx
 * @param {Random} rng
 * @param {string} npi
 * @returns {{ row: ProviderRow, place: Place }}
 */
export function organisation(ctx, rng, npi) {
  const row = blankRow(npi, "2");
  const place = pickPlace(ctx, rng);
  row.ein = "<UNAVAIL>";
  row.orgName = orgName(rng, place);
  if (rng.chance(0.3)) {
    row.otherOrgName = rng.chance(0.7)
      ? row.orgName.replace(/,? (LLC|INC\.?|PC|PLLC|P\.A\.|PA|LLP|CORP)$/, "")
      : `${rng.pick(WORDS)} ${rng.pick(ORG_NAME_FORMS)}`;
    row.otherOrgType = rng.chance(0.85) ? "3" : "5";
  }
  settle(ctx, rng, row, place, 0.4);
  official(row, place, rng);
  const count = rng.chance(0.8) ? 1 : 2;
  for (let k = 0; k < count; k++) {
    const code = rng.pick(ORG_CODES);
    const licensed = /^(33|28|25|31)/.test(code) && rng.chance(0.7);
    row.taxonomies.push({
      code,
      license: licensed ? licence(rng) : "",
      licenseState: licensed ? place.state : "",
      primary: k === 0 ? "Y" : "N",
    });
  }
  row.identifiers = identifiers(rng, place.state);
  row.subpart = rng.chance(0.15) ? "Y" : "N";
  if (row.subpart === "Y") {
    row.parentLbn = orgName(rng, place);
    row.parentTin = "<UNAVAIL>";
  }
  return { row, place };
}

/** A stream object per purpose, reseeded per row (no allocation in the main loop). */
export const rowRandom = new Random(0);
/** @param {Context} ctx @param {number} i @param {number} stream */
export const reseed = (ctx, i, stream) => rowRandom.reseed(hash3(ctx.seed, i, stream));
