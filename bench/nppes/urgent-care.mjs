// @ts-check
// Builders of urgent-care organisations as NPPES lists them: a legal business name in upper case with its company
// form, often a DBA (other-name type 3) in the main file or only in othername_pfile, sometimes a former name (4) or
// another name (5) that must not be taken for the DBA; 261QU0200X in any of the 15 taxonomy slots, the primary
// switch on one slot; a practice location that differs from the mailing address; chains (fictional brands) whose
// clinics share a legal name and are often subparts; secondary practice locations in pl_pfile.
import { dates, phoneIn, pickPlace, poBox, usAddress } from "./addresses.mjs";
import { nppesDate as nppes } from "./dates.mjs";
import { ORG_CODES, official, orgName } from "./records.mjs";
import { blankRow } from "./rows.mjs";
import {
  BRANDS,
  CLINIC_FORMS,
  COMPANY_FORMS,
  LAST_NAMES,
  URGENT_CARE,
  URGENT_CARE_COMPANIONS,
  WORDS,
} from "./vocab.mjs";

/** @typedef {import("./rows.mjs").Address} Address */
/** @typedef {import("./rows.mjs").ProviderRow} ProviderRow */
/** @typedef {import("./places.mjs").Place} Place */
/** @typedef {import("./records.mjs").Context} Context */
/** @typedef {import("./random.mjs").Random} Random */

/**
 * What a planned row carries besides its main-file line: its lines in othername_pfile and pl_pfile.
 * @typedef {object} Built
 * @property {ProviderRow} row
 * @property {{ name: string, type: string }[]} otherNames
 * @property {{ address: Address, extension: string, sameAsPrimary: boolean }[]} locations
 * @property {string | null} brand
 * @property {WalkInVariant} [variant]  a walk-in centre's case (for the ground truth); unset for other rows
 */

/**
 * The cases of walk-in centres the ground truth tells apart: a chain's clinic, an independent one, one whose name
 * says nothing of urgent care (`plain_name`), one whose name holds another kind's words (`tricky_name`), one a
 * hospital runs under its own NPI (`hospital_run`: a hospital's primary taxonomy, urgent care in a later slot, a
 * name that says urgent care).
 * @typedef {"chain" | "independent" | "plain_name" | "tricky_name" | "hospital_run"} WalkInVariant
 */

/** CMS's rule for a `"` inside a value: it becomes `'`. */
export const cms = (/** @type {string} */ s) => s.replaceAll('"', "'");

const BRAND_NAMES = BRANDS.flatMap(([name, weight]) =>
  Array.from({ length: /** @type {number} */ (weight) }, () => cms(/** @type {string} */ (name))),
);

/**
 * The legal name of a chain in a state: one entity per brand and state, so that its clinics there share it.
 * @param {string} brand
 * @param {string} state
 */
export function chainLegalName(brand, state) {
  // The brand's own words, without what kind of clinic it is: "BLUE HERON URGENT CARE" → "BLUE HERON".
  const stem = brand
    .replace(/^'[^']*' /, "")
    .replace(/ (URGENT|WALK-IN|EXPRESS|IMMEDIATE|PEDIATRIC)\b.*$/, "");
  const form = /** @type {string} */ (
    COMPANY_FORMS[(brand.length * 7 + state.charCodeAt(0) + state.charCodeAt(1)) % COMPANY_FORMS.length]
  );
  return `${stem} HEALTH PARTNERS OF ${state}${form}`;
}

/**
 * Taxonomy slots of an urgent-care organisation: 261QU0200X in slot 1 for about half, later slots for the rest
 * (up to 15), companions in the others, the primary switch on one slot (not always the urgent-care one) — always
 * the urgent-care one when `primaryUrgent` (a walk-in centre whose name says nothing of urgent care files it as its
 * primary taxonomy: otherwise nothing would tell it from the group or clinic its other codes say it is).
 * @param {Random} rng
 * @param {string} state
 * @param {boolean} [primaryUrgent]
 */
export function urgentCareTaxonomies(rng, state, primaryUrgent = false) {
  const r = rng.next();
  const slot = r < 0.55 ? 1 : r < 0.8 ? 2 : r < 0.95 ? rng.int(3, 5) : rng.int(6, 15);
  const count = Math.max(slot, rng.chance(0.6) ? 1 : rng.int(2, 4));
  /** @type {string[]} */
  const codes = [];
  const companions = [
    ...URGENT_CARE_COMPANIONS,
    ...ORG_CODES.filter((c) => !URGENT_CARE_COMPANIONS.includes(c)),
  ];
  for (let k = 1; k <= count; k++) {
    if (k === slot) codes.push(URGENT_CARE);
    else {
      let code = rng.pick(k < 6 ? URGENT_CARE_COMPANIONS : companions);
      while (codes.includes(code) || code === URGENT_CARE) code = rng.pick(companions);
      codes.push(code);
    }
  }
  const drawn =
    count === 1 || rng.chance(0.6) ? slot : rng.chance(0.5) ? 1 + (slot % count) : rng.int(1, count);
  const primary = primaryUrgent ? slot : drawn;
  return codes.map((code, k) => {
    const licensed = code !== URGENT_CARE && rng.chance(0.15);
    return /** @type {import("./rows.mjs").Taxonomy} */ ({
      code,
      license: licensed ? `CL${rng.int(100_000, 999_999)}` : "",
      licenseState: licensed ? state : "",
      primary: k + 1 === primary ? "Y" : "N",
    });
  });
}

/**
 * Names of walk-in centres that hold words of other kinds of place and are still walk-in urgent care: an importer
 * that drops a name for one word ("management", "occupational", "telehealth") loses real clinics.
 */
const TRICKY_DBAS = Object.freeze([
  "{w} URGENT CARE & TELEHEALTH",
  "{w} OCCUPATIONAL HEALTH & URGENT CARE",
  "PAIN MANAGEMENT & URGENT CARE OF {c}",
  "CORPORATE PARK URGENT CARE",
  "{w} FAMILY PRACTICE & WALK-IN CLINIC",
  "{w} URGENT CARE & ER",
]);

/** Whether a name says urgent care as a patient reads it (the generator's own test, for its plain names). */
export const saysUrgentCare = (/** @type {string} */ name) =>
  /URGENT|WALK-IN|IMMEDIATE CARE|EXPRESS CARE|AFTER HOURS/.test(name);

/**
 * Legal name and other names of an independent clinic, by the cases an importer must tell apart; `tricky` when its
 * "doing business as" name holds another kind's words (`TRICKY_DBAS`).
 * @param {Random} rng
 * @param {Place} place
 * @returns {{ legal: string, main: { name: string, type: string } | null, others: { name: string, type: string }[], tricky: boolean }}
 */
function independentNames(rng, place) {
  const word = rng.pick(WORDS);
  const r0 = rng.next();
  // Plain legal names (a surname's medical associates, a word's medical clinic or health centre) say nothing of
  // urgent care: without a DBA, such a centre is known by its taxonomy.
  const legal =
    r0 < 0.45
      ? `${word} ${rng.pick(CLINIC_FORMS)}${rng.pick(COMPANY_FORMS)}`
      : r0 < 0.75
        ? `${rng.pick(LAST_NAMES)} MEDICAL ASSOCIATES${rng.pick(COMPANY_FORMS)}`
        : r0 < 0.8
          ? `${word} ${rng.pick(["MEDICAL CLINIC", "HEALTH CENTER", "FAMILY HEALTH"])}${rng.pick(COMPANY_FORMS)}`
          : `${place.city} ${rng.pick(CLINIC_FORMS)}${rng.pick(COMPANY_FORMS)}`;
  const tricky = rng.chance(0.05);
  const dba = tricky
    ? rng.pick(TRICKY_DBAS).replace("{w}", rng.pick(WORDS)).replace("{c}", place.city)
    : rng.chance(0.5)
      ? `${rng.pick(WORDS)} ${rng.pick(CLINIC_FORMS)}`
      : `${word} ${rng.pick(CLINIC_FORMS)} OF ${place.city}`;
  const former = `${rng.pick(WORDS)} MEDICAL CLINIC${rng.pick(COMPANY_FORMS)}`;
  const r = tricky ? 0 : rng.next();
  if (r < 0.5) return { legal, main: { name: dba, type: "3" }, others: [{ name: dba, type: "3" }], tricky };
  // The DBA only in othername_pfile.
  if (r < 0.58) return { legal, main: null, others: [{ name: dba, type: "3" }], tricky: false };
  if (r < 0.64)
    return { legal, main: { name: former, type: "4" }, others: [{ name: former, type: "4" }], tricky: false };
  if (r < 0.68)
    return { legal, main: { name: dba, type: "5" }, others: [{ name: dba, type: "5" }], tricky: false };
  if (r < 0.7)
    return {
      legal,
      main: { name: former, type: "5" },
      others: [
        { name: former, type: "5" },
        { name: dba, type: "3" },
      ],
      tricky: false,
    };
  return { legal, main: null, others: [], tricky: false };
}

/**
 * An active urgent-care organisation in the 50 states and DC.
 * @param {Context} ctx
 * @param {Random} rng
 * @param {string} npi
 * @param {{ place?: Place, sameState?: (state: string) => Place[] }} [o]
 * @returns {Built}
 */
export function urgentCareClinic(ctx, rng, npi, o = {}) {
  const place = o.place ?? pickPlace(ctx, rng);
  const row = blankRow(npi, "2");
  row.ein = "<UNAVAIL>";
  /** @type {string | null} */
  let brand = null;
  /** @type {{ name: string, type: string }[]} */
  let otherNames;
  /** @type {WalkInVariant} */
  let variant = "independent";
  if (rng.chance(0.35)) {
    variant = "chain";
    brand = rng.pick(BRAND_NAMES);
    row.orgName = chainLegalName(brand, place.state);
    const dba = rng.chance(0.7) ? brand : `${brand} - ${place.city}`;
    otherNames = [{ name: dba, type: "3" }];
    if (rng.chance(0.9)) [row.otherOrgName, row.otherOrgType] = [dba, "3"];
    if (rng.chance(0.5)) [row.subpart, row.parentLbn, row.parentTin] = ["Y", row.orgName, "<UNAVAIL>"];
    else row.subpart = "N";
  } else {
    const names = independentNames(rng, place);
    row.orgName = names.legal;
    if (names.main) [row.otherOrgName, row.otherOrgType] = [names.main.name, names.main.type];
    otherNames = names.others;
    row.subpart = "N";
    if (names.tricky) variant = "tricky_name";
  }
  // The name the directory shows: the DBA (main file, else othername_pfile), else the legal name.
  const shown =
    (row.otherOrgType === "3" && row.otherOrgName !== "" ? row.otherOrgName : null) ??
    otherNames.find((n) => n.type === "3")?.name ??
    row.orgName;
  if (!saysUrgentCare(shown)) variant = "plain_name";
  row.practice = usAddress(place, rng, 0.65);
  if (rng.chance(0.01)) row.practice = { ...row.practice, phone: "" };
  const m = rng.next();
  const others = o.sameState?.(place.state) ?? [place];
  row.mail =
    m < 0.3
      ? row.practice
      : m < 0.7
        ? poBox(row.practice, rng)
        : m < 0.95
          ? usAddress(rng.pick(others), rng)
          : usAddress(pickPlace(ctx, rng), rng);
  const d = dates(ctx, rng, 0.7);
  row.enumerated = nppes(d.enumerated);
  row.updated = nppes(d.updated);
  row.certified = d.certified === null ? "" : nppes(d.certified);
  official(row, place, rng);
  row.taxonomies = urgentCareTaxonomies(rng, place.state, variant === "plain_name");
  if (variant === "independent" && rng.chance(0.03)) {
    // A hospital's urgent care centre under the hospital's NPI: its name says urgent care, its taxonomy hospital.
    variant = "hospital_run";
    const name = `${rng.pick(WORDS)} HEALTH URGENT CARE`;
    [row.otherOrgName, row.otherOrgType] = [name, "3"];
    otherNames = [{ name, type: "3" }];
    row.taxonomies = [
      { code: "282N00000X", license: "", licenseState: "", primary: "Y" },
      { code: URGENT_CARE, license: "", licenseState: "", primary: "N" },
    ];
  }
  if (rng.chance(0.4))
    row.identifiers = [
      { id: String(rng.int(100_000, 99_999_999)), type: "05", state: place.state, issuer: "" },
    ];
  /** @type {Built["locations"]} */
  const locations = [];
  if (rng.chance(0.08)) {
    const n = rng.int(1, 5);
    for (let k = 0; k < n; k++) {
      if (k === 0 && rng.chance(0.12)) {
        locations.push({ address: row.practice, extension: "", sameAsPrimary: true });
        continue;
      }
      const at = usAddress(rng.pick(others), rng, 0.5);
      locations.push({
        address: at,
        extension: rng.chance(0.1) ? String(rng.int(100, 9999)) : "",
        sameAsPrimary: false,
      });
    }
  }
  return { row, otherNames, locations, brand, variant };
}

/**
 * An organisation that is not urgent care: a parent of subparts, or one that adds 261QU0200X later.
 * @param {Context} ctx
 * @param {Random} rng
 * @param {string} npi
 * @param {{ legal?: string, code: string, place?: Place }} o
 * @returns {Built}
 */
export function otherOrganisation(ctx, rng, npi, o) {
  const place = o.place ?? pickPlace(ctx, rng);
  const row = blankRow(npi, "2");
  row.ein = "<UNAVAIL>";
  row.orgName = o.legal ?? orgName(rng, place);
  row.practice = usAddress(place, rng);
  row.mail = rng.chance(0.5) ? row.practice : poBox(row.practice, rng);
  const d = dates(ctx, rng);
  row.enumerated = nppes(d.enumerated);
  row.updated = nppes(d.updated);
  official(row, place, rng);
  row.taxonomies = [{ code: o.code, license: "", licenseState: "", primary: "Y" }];
  row.subpart = "N";
  return { row, otherNames: [], locations: [], brand: null };
}

/**
 * A practice location in a territory (PR, GU) or abroad, for an urgent-care organisation otherwise like the others.
 * @param {Built} built
 * @param {{ city: string, state: string, postal: string, country: string, area?: string }} where
 * @param {Random} rng
 * @returns {Built}
 */
export function relocated(built, where, rng) {
  const p = built.row.practice;
  const tel = where.area ? phoneIn(where.area, rng) : "";
  const practice = {
    ...p,
    city: where.city,
    state: where.state,
    postal: where.postal,
    country: where.country,
    phone: tel,
    fax: "",
  };
  return { ...built, row: { ...built.row, practice, mail: practice }, locations: [] };
}
