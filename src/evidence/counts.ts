import type { PlaceCounts } from "../dataset/types.js";
import type { Evidence } from "../schema/evidence.js";

/** Counts a place under its kind and level (`IngestReport.places`). */
export function countPlace(places: PlaceCounts, e: Evidence): void {
  const byLevel = places[e.kind] ?? {};
  byLevel[e.level] = (byLevel[e.level] ?? 0) + 1;
  places[e.kind] = byLevel;
}
