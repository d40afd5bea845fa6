import { SAMPLE_SOURCE_NAME } from "../dataset/sources.js";
import type { ClinicRecord, PlaceCounts } from "../dataset/types.js";
import { bareListing, countPlace, decideEvidence } from "../evidence/index.js";
import type { Evidence, EvidenceSource } from "../schema/evidence.js";
import type { ClinicSource } from "../schema/sources.js";

/** The sample's second made-up list, which "lists" about two clinics in five as well. */
export const SAMPLE_SECOND_LIST = "Synthetic sample (second list)";

/**
 * The evidence of a sample clinic: honest and synthetic. Every clinic is listed by the made-up source it comes from
 * (`synthetic`, never a real source); about two in five (by a hash of the id, so that the sample's random draws are
 * not changed) are listed by a second made-up list too, which makes them `confirmed` by the one rule every build
 * uses — so that the sample shows both levels. Never `doubtful`: the sample makes up no sign against.
 * @example sampleEvidence(clinic).sources.map((s) => s.name) // ["Synthetic sample"] or […, "Synthetic sample (second list)"]
 */
export function sampleEvidence(c: Pick<ClinicRecord, "id" | "name" | "city">): Evidence {
  const listing = (name: string): EvidenceSource =>
    bareListing({
      type: "synthetic",
      name,
      id: null,
      date: null,
      listed_as: c.name,
      brand: null,
      brand_wikidata: null,
    });
  const listings = [listing(SAMPLE_SOURCE_NAME), ...(twoLists(c.id) ? [listing(SAMPLE_SECOND_LIST)] : [])];
  const evidence = decideEvidence(listings, c.name, c.city);
  if (evidence.kind !== "walk_in_urgent_care")
    throw new Error(`the sample made "${c.name}" a ${evidence.kind}: its words must say urgent care`);
  return evidence;
}

/** The credit of the second made-up list, when a clinic has it: it gave no field. */
export function secondListCredit(e: Evidence): ClinicSource[] {
  return e.sources.some((s) => s.name === SAMPLE_SECOND_LIST)
    ? [{ name: SAMPLE_SECOND_LIST, id: null, merged_ids: [], date: null, fields: [] }]
    : [];
}

/** Two lists for about two ids in five: the last character of the id (base 32) decides. */
function twoLists(id: string): boolean {
  return "0123456789abcdefghjkmnpqrstvwxyz".indexOf(id.at(-1) ?? "0") % 5 < 2;
}

/** The sample's places by state, kind and level: all of them published. */
export function samplePlaceCounts(clinics: readonly ClinicRecord[]): Record<string, PlaceCounts> {
  const out: Record<string, PlaceCounts> = {};
  for (const c of clinics) {
    const counts = out[c.state] ?? {};
    countPlace(counts, c.evidence);
    out[c.state] = counts;
  }
  return out;
}
