import { identityStreet } from "../../dataset/identity.js";
import { distanceKm } from "../../geo/distance.js";
import { isPaediatric, otherHouseNumber, similarNames, townWords } from "../dedupe/similarity.js";
import type { MergedRecord } from "../normalised.js";

/**
 * Why records of two sources are one clinic, strongest first:
 * - `same_id`: the same NPI, or the same namespaced source id;
 * - `same_address`: the same street address (with its suite) and ZIP code;
 * - `same_phone`: the same phone in the same ZIP code (or within 1 km), at no other house number — a chain's
 *   shared number never joins two of its clinics;
 * - `similar_name_nearby`: similar names (the words of their towns left out) within 250 m, or, when one position is
 *   only a ZIP code's centre, in the same ZIP code within 5 km of it; again at no other house number.
 * An adult and a paediatric clinic never match.
 */
export type MatchRule = "same_id" | "same_address" | "same_phone" | "similar_name_nearby";

export const MATCH_SCORE: Readonly<Record<MatchRule, number>> = {
  same_id: 4,
  same_address: 3,
  same_phone: 2,
  similar_name_nearby: 1,
};

/** Two real positions this close with similar names are one clinic. */
export const NAME_NEARBY_KM = 0.25;
/** A ZIP code's centre this close to the other position, in the same ZIP code, with similar names. */
export const NAME_NEAR_ZIP_KM = 5;
/** Two real positions this close with the same phone are one clinic. */
export const PHONE_NEARBY_KM = 1;

/**
 * The strongest rule by which a record joins a clinic made of other sources' records (any of them may give the
 * evidence); null when none holds.
 * @example matchRule([nppesClinic], hifldRecord) // "same_address"
 */
export function matchRule(members: readonly MergedRecord[], r: MergedRecord): MatchRule | null {
  let best: MatchRule | null = null;
  for (const m of members) {
    const rule = pairRule(m, r);
    if (rule !== null && (best === null || MATCH_SCORE[rule] > MATCH_SCORE[best])) best = rule;
  }
  return best;
}

function pairRule(a: MergedRecord, b: MergedRecord): MatchRule | null {
  if (isPaediatric(a.name) !== isPaediatric(b.name)) return null;
  if ((a.npi !== null && a.npi === b.npi) || a.sourceIds.some((id) => b.sourceIds.includes(id)))
    return "same_id";
  const zipA = a.zip?.slice(0, 5) ?? null;
  const zipB = b.zip?.slice(0, 5) ?? null;
  const sameZip = zipA !== null && zipA === zipB;
  if (
    sameZip &&
    a.street !== null &&
    b.street !== null &&
    identityStreet(a.street) === identityStreet(b.street)
  )
    return "same_address";
  if (otherHouseNumber(a.street, b.street)) return null;
  const km = distance(a, b);
  if (a.phone !== null && a.phone === b.phone) {
    if (sameZip || (km !== null && km <= PHONE_NEARBY_KM && bothReal(a, b))) return "same_phone";
  }
  // The town's name in both names ("… of Port St. Lucie") is no sign of one clinic.
  if (km !== null && similarNames(a.name, b.name, townWords(a.city, b.city))) {
    if (bothReal(a, b) ? km <= NAME_NEARBY_KM : sameZip && km <= NAME_NEAR_ZIP_KM)
      return "similar_name_nearby";
  }
  return null;
}

const bothReal = (a: MergedRecord, b: MergedRecord) =>
  a.coordinatesSource === "source" && b.coordinatesSource === "source";

function distance(a: MergedRecord, b: MergedRecord): number | null {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  return distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);
}

/**
 * The keys a record is filed under, for other sources' records to find it: its NPI, its source ids, its ZIP code
 * (same address, same phone, a name near a ZIP centre) and its position's cell of ~1.1 km (a phone or a name
 * nearby).
 */
export function blockingKeys(r: MergedRecord): string[] {
  const keys = idKeys(r);
  if (r.latitude !== null && r.longitude !== null)
    keys.push(`c|${Math.floor(r.latitude / CELL)}|${Math.floor(r.longitude / CELL)}`);
  return keys;
}

/** The keys to look a record's candidates up under: its own, with the eight cells around its position's. */
export function lookupKeys(r: MergedRecord): string[] {
  const keys = idKeys(r);
  if (r.latitude !== null && r.longitude !== null) {
    const i = Math.floor(r.latitude / CELL);
    const j = Math.floor(r.longitude / CELL);
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) keys.push(`c|${i + di}|${j + dj}`);
  }
  return keys;
}

function idKeys(r: MergedRecord): string[] {
  const keys: string[] = [];
  if (r.npi !== null) keys.push(`n|${r.npi}`);
  for (const id of r.sourceIds) keys.push(`i|${id}`);
  const zip = r.zip?.slice(0, 5) ?? null;
  if (zip !== null) keys.push(`z|${zip}`);
  return keys;
}

/** Degrees of a position cell: ~1.1 km of latitude, so that the cells around one cover PHONE_NEARBY_KM. */
const CELL = 0.01;
