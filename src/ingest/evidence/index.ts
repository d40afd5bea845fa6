import { decideEvidence } from "../../evidence/index.js";
import type { Evidence, EvidenceSource } from "../../schema/evidence.js";
import type { MergedRecord } from "../normalised.js";

export { givenEvidence, listingOf } from "./listing.js";

/**
 * The evidence of a place made of one or more sources' records (the merge stage's members), decided once: our own
 * export re-imported alone keeps the evidence it carries; otherwise the kind and level are decided from every
 * record's listing (an export's own sources standing for it), the place's published name and its town.
 * @example placeEvidence([nppesRecord, hifldRecord], "Quickmend Urgent Care", "Austin").level // "confirmed"
 */
export function placeEvidence(members: readonly MergedRecord[], name: string, town: string | null): Evidence {
  const only = members.length === 1 ? members[0] : undefined;
  if (only?.givenEvidence) return only.givenEvidence;
  const listings: EvidenceSource[] = members.flatMap((m) => m.givenEvidence?.sources ?? m.listings);
  return decideEvidence(listings, name, town);
}
