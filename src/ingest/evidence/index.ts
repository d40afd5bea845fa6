import type { PlaceCounts } from "../../dataset/types.js";
import type { Evidence, EvidenceSource } from "../../schema/evidence.js";
import type { MergedRecord } from "../normalised.js";
import { decideEvidence } from "./decide.js";
import { keptListing } from "./listing.js";

export { decideEvidence, levelOf } from "./decide.js";
export { givenEvidence, keptListing, listingOf } from "./listing.js";
export { nameSays } from "./names.js";

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

/**
 * The evidence of a clinic a release kept before clinics carried one (an older release's records and tombstones):
 * decided again from the sources it credits, each as a listing of what it was (what they said besides — taxonomies,
 * categories — was not kept).
 * @example keptEvidence(oldRecord).sources[0]?.type // "registry"
 */
export function keptEvidence(c: {
  name: string;
  city: string;
  sources: readonly { name: string; id: string | null; date: string | null }[];
}): Evidence {
  const listings = c.sources.map((s) =>
    keptListing({ source: s.name, sourceId: s.id, name: c.name, date: s.date, brand: null }),
  );
  return decideEvidence(listings, c.name, c.city);
}

/** Counts a place under its kind and level (`IngestReport.places`). */
export function countPlace(places: PlaceCounts, e: Evidence): void {
  const byLevel = places[e.kind] ?? {};
  byLevel[e.level] = (byLevel[e.level] ?? 0) + 1;
  places[e.kind] = byLevel;
}
