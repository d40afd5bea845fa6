import type { Retired } from "../ledger/ledger.js";
import { cityUnits } from "./city.js";
import { clinicUnits } from "./clinic.js";
import type { StateUnitKind, UnitKind } from "./kind.js";
import { networkUnits } from "./network.js";
import { searchShardUnits } from "./search-shard.js";
import { stateUnits } from "./state.js";
import { tombstoneUnits } from "./tombstone.js";

/** The kinds of unit of a US state, in the order a state renders them. */
export const STATE_UNIT_KINDS: readonly StateUnitKind[] = [
  stateUnits,
  cityUnits,
  clinicUnits,
  tombstoneUnits,
];

/** Every kind of unit: those of a US state, then those of the whole release (networks, search shards). */
export const UNIT_KINDS: readonly UnitKind[] = [...STATE_UNIT_KINDS, networkUnits, searchShardUnits];

/**
 * Whether a file of the output folder (no `.br`/`.gz`) belongs to a unit of one of `kinds`: such files are carried by
 * their unit when its content is unchanged; every other file says something about the whole release.
 * @example isUnitFile("es/clinics/texas/austin/index.html") // true; isUnitFile("api/v1/stats.json") // false
 */
export function isUnitFile(path: string, kinds: readonly UnitKind[] = UNIT_KINDS): boolean {
  for (const k of kinds) if (k.owns(path)) return true;
  return false;
}

/**
 * The files a retired unit leaves behind: all of a gone unit's, or those of a unit's old shape that its new shape
 * (rendered again with another `extra`) no longer has.
 * @example retiredFiles({ before: { kind: cityUnits, key: "austin", extra: "2", … }, now: { …, extra: "1" }, state: "texas" }) // ["clinics/texas/austin/page-2/index.html", "es/…"]
 */
export function retiredFiles(r: Retired<UnitKind>): string[] {
  const kind = r.before.kind;
  const before = kind.files(r.before, r.state);
  if (!r.now) return before;
  const now = new Set(kind.files(r.now, r.state));
  return before.filter((f) => !now.has(f));
}
