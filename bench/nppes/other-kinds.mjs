// @ts-check
// Organisations that carry the urgent care taxonomy (261QU0200X) but are no place a patient can walk into, as CMS's
// NPI registry lists them: billing and management companies and chains' corporate offices, physician groups and
// hospitals that carry the code in a secondary slot beside their own primary taxonomy, occupational medicine
// clinics, telehealth companies, freestanding emergency rooms, house-call services. Each is a kind of the
// directory's `PlaceKind` (src/schema/evidence.ts); the ground truth records it.
//
// Where the rates come from. No public source breaks the registry's urgent-care organisations down by kind. The
// total is anchored on one gap: the registry lists ~17,500 active organisations with 261QU0200X in a slot (the
// monthly file of February 2025, as `URGENT_CARE_SHARE` in monthly.mjs follows), while the Urgent Care Association's
// census counted 13,964 distinct centres in December 2023 and 14,356 in December 2024 (UCA and National Urgent Care
// Realty, JUCM, "Urgent Care Rooftop Growth Slowed", 2025) — a census that leaves out freestanding emergency rooms,
// pure occupational health clinics and retail clinics. Part of that gap is subparts (several NPIs, one centre) and
// secondary locations the other way; we take 15 % of the organisations as not walk-in centres, the floor
// being 10 %. The split among kinds is an estimate, not a measurement: billing and management entities and
// chains' offices first (the issue's first examples), then groups and hospitals (hospitals owned 37 % of centres in
// UCA's 2014 benchmarking, many billing under the hospital's own NPI), then the kinds the census leaves out by name
// (occupational health, freestanding emergency rooms) and the newer telehealth and house-call services. Every kind
// is present at any size (at least one organisation each).
import { dates, pickPlace, usAddress } from "./addresses.mjs";
import { nppesDate as nppes } from "./dates.mjs";
import { official } from "./records.mjs";
import { blankRow } from "./rows.mjs";
import { COMPANY_FORMS, LAST_NAMES, URGENT_CARE, WORDS } from "./vocab.mjs";

/** @typedef {import("./records.mjs").Context} Context */
/** @typedef {import("./random.mjs").Random} Random */
/** @typedef {import("./urgent-care.mjs").Built} Built */
/** @typedef {import("./rows.mjs").Taxonomy} Taxonomy */

/**
 * The kinds of organisation that carry 261QU0200X and are not walk-in urgent care, with their share of all the
 * urgent-care organisations of a file (15 % in all; see the note above).
 */
export const OTHER_KINDS = Object.freeze({
  administrative: 0.045,
  physician_group: 0.03,
  hospital: 0.025,
  occupational_medicine: 0.02,
  telehealth: 0.015,
  emergency_room: 0.01,
  mobile: 0.005,
});
/** @typedef {keyof typeof OTHER_KINDS} OtherKind */

/**
 * Names by kind (`{w}` a word, `{l}` a surname, `{c}` the city, `{s}` the state), upper case as NPPES writes legal
 * names. Several say "urgent care" and are still not a place to walk into (a management company, a telehealth
 * service, a house-call service); a hospital's "MEDICAL CENTER" says nothing either way (its taxonomy does).
 * @type {Readonly<Record<OtherKind, readonly string[]>>}
 */
const NAMES = Object.freeze({
  administrative: [
    "{w} URGENT CARE MANAGEMENT SERVICES",
    "{w} URGENT CARE BILLING",
    "{w} MEDICAL BILLING",
    "URGENT CARE BILLING SOLUTIONS OF {s}",
    "{w} HEALTH HOLDINGS",
    "{w} URGENT CARE CORPORATE OFFICE",
    "{l} PRACTICE MANAGEMENT",
    "{w} REVENUE CYCLE SERVICES",
  ],
  physician_group: [
    "{l} FAMILY MEDICINE ASSOCIATES",
    "{w} MEDICAL GROUP",
    "{l} & {l} PHYSICIANS",
    "{w} INTERNAL MEDICINE",
    "{l} PEDIATRICS",
    "{l} MEDICAL ASSOCIATES",
  ],
  hospital: [
    "{w} REGIONAL HOSPITAL",
    "{w} MEDICAL CENTER",
    "{c} MEMORIAL HOSPITAL",
    "{w} HEALTH SYSTEM",
    "{w} COMMUNITY HOSPITAL",
  ],
  occupational_medicine: [
    "{w} OCCUPATIONAL HEALTH",
    "{w} OCCUPATIONAL MEDICINE CENTER",
    "{w} WORKSITE HEALTH",
    "{w} EMPLOYER HEALTH SERVICES",
  ],
  telehealth: [
    "{w} VIRTUAL URGENT CARE",
    "{w} TELEMEDICINE",
    "{w} TELEHEALTH",
    "URGENT CARE ONLINE OF {s}",
    "{w} ONLINE CLINIC",
  ],
  emergency_room: ["{w} EMERGENCY ROOM", "{w} ER", "{c} EMERGENCY CENTER", "{w} FREESTANDING EMERGENCY"],
  mobile: ["{w} MOBILE URGENT CARE", "{w} HOUSE CALLS", "{l} MOBILE MEDICAL"],
});

/** Primary taxonomies by kind (the code beside which 261QU0200X sits, or 261QU0200X itself). */
const PRIMARY = Object.freeze({
  administrative: [URGENT_CARE],
  physician_group: ["193200000X", "193400000X", "207Q00000X", "207R00000X", "208000000X"],
  hospital: ["282N00000X", "282N00000X", "282NC0060X"],
  occupational_medicine: ["261QX0100X", URGENT_CARE],
  telehealth: [URGENT_CARE],
  emergency_room: ["261QE0002X"],
  mobile: [URGENT_CARE],
});

/**
 * An organisation of `kind` that carries 261QU0200X: its legal name by the kind's forms (no "doing business as"
 * name), its practice location (an office), and its taxonomies — the kind's primary code in slot 1, urgent care in
 * a later slot (2–4) when the primary is another code.
 * @param {Context} ctx
 * @param {Random} rng
 * @param {string} npi
 * @param {OtherKind} kind
 * @returns {Built}
 */
export function otherKindOrganisation(ctx, rng, npi, kind) {
  const place = pickPlace(ctx, rng);
  const row = blankRow(npi, "2");
  row.ein = "<UNAVAIL>";
  const form = rng
    .pick(NAMES[kind])
    .replace("{w}", rng.pick(WORDS))
    .replace("{l}", rng.pick(LAST_NAMES))
    .replace("{l}", rng.pick(LAST_NAMES))
    .replace("{c}", place.city)
    .replace("{s}", place.state);
  row.orgName = `${form}${rng.pick(COMPANY_FORMS)}`;
  row.subpart = "N";
  row.practice = usAddress(place, rng, 0.65);
  row.mail = rng.chance(0.6) ? row.practice : usAddress(place, rng);
  const d = dates(ctx, rng, 0.6);
  row.enumerated = nppes(d.enumerated);
  row.updated = nppes(d.updated);
  official(row, place, rng);
  const primary = rng.pick(PRIMARY[kind]);
  /** @type {Taxonomy[]} */
  const taxonomies = [{ code: primary, license: "", licenseState: "", primary: "Y" }];
  if (primary !== URGENT_CARE) {
    const slot = rng.int(2, 4);
    for (let k = 2; k < slot; k++)
      taxonomies.push({
        code: k === 2 ? "261QM1300X" : "207Q00000X",
        license: "",
        licenseState: "",
        primary: "N",
      });
    taxonomies.push({ code: URGENT_CARE, license: "", licenseState: "", primary: "N" });
  } else if (rng.chance(0.3))
    taxonomies.push({ code: "261QM1300X", license: "", licenseState: "", primary: "N" });
  row.taxonomies = taxonomies;
  return { row, otherNames: [], locations: [], brand: null };
}
