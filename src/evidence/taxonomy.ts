import type { PlaceKind, Taxonomy } from "../schema/evidence.js";

/** NUCC: Ambulatory Health Care Facilities, Clinic/Center, Urgent Care. */
export const URGENT_CARE_CODE = "261QU0200X";

/**
 * What a registry's primary taxonomy says the organisation is, by NUCC code (taxonomy.nucc.org):
 * - `walk_in_urgent_care`: urgent care (261QU0200X);
 * - `occupational_medicine`: Clinic/Center Occupational Medicine (261QX0100X) or Corporate Health (261QC1800X);
 *   Preventive Medicine, Occupational Medicine (2083X0100X);
 * - `emergency_room`: Clinic/Center Emergency Care (261QE0002X);
 * - `hospital`: Hospitals (28…) and Hospital Units (27…);
 * - `physician_group`: Group (193200000X multi-specialty, 193400000X single specialty) and the codes of
 *   individual clinicians an organisation may carry (allopathic and osteopathic physicians 20…, physician
 *   assistants and nurse practitioners 363…);
 * - null: anything else (another kind of clinic, a laboratory, a pharmacy): no kind of its own here.
 * @example taxonomyKind("282N00000X") // "hospital"
 */
export function taxonomyKind(code: string): PlaceKind | null {
  if (code === URGENT_CARE_CODE) return "walk_in_urgent_care";
  if (code === "261QX0100X" || code === "261QC1800X" || code === "2083X0100X") return "occupational_medicine";
  if (code === "261QE0002X") return "emergency_room";
  if (/^2[78]/.test(code)) return "hospital";
  if (/^19/.test(code) || /^20/.test(code) || /^363/.test(code)) return "physician_group";
  return null;
}

/**
 * The primary taxonomy of an entry: the one its provider marked primary; when none is marked, the first slot (CMS
 * requires one primary; a file without the switch columns has none).
 */
export function primaryTaxonomy(taxonomies: readonly Taxonomy[]): Taxonomy | null {
  return taxonomies.find((t) => t.primary) ?? taxonomies[0] ?? null;
}

/** The slot and primary switch of the urgent care code in an entry; null when it does not carry it. */
export function urgentCareSlot(taxonomies: readonly Taxonomy[]): Taxonomy | null {
  return taxonomies.find((t) => t.code === URGENT_CARE_CODE) ?? null;
}
