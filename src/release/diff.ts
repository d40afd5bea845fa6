import type { FieldChange, ReleaseChanges as StateChanges } from "../dataset/releases.js";
import type { ClinicRecord } from "../dataset/types.js";

/** The published fields compared across releases, by their API names, with the value the API shows. */
const FIELDS: ReadonlyArray<readonly [field: string, value: (r: ClinicRecord) => unknown]> = [
  ["name", (r) => r.name],
  ["network", (r) => r.network],
  ["address", (r) => r.address],
  ["neighborhood", (r) => r.neighborhood],
  [
    "coordinates",
    (r) => (r.latitude === null || r.longitude === null ? null : `${r.latitude},${r.longitude}`),
  ],
  ["coordinates_source", (r) => (r.latitude === null ? null : r.coordinates_source)],
  ["phone", (r) => r.phone],
  ["hours", (r) => r.hours],
  ["services", (r) => r.services],
  ["insurance", (r) => r.insurance],
  ["rating", (r) => r.rating],
  ["reviews_count", (r) => r.reviews_count],
  ["website", (r) => r.website],
  ["state", (r) => r.state],
  ["city", (r) => r.city_slug],
  ["kind", (r) => r.evidence.kind],
  ["evidence_level", (r) => r.evidence.level],
];

/**
 * What changed in one state between two releases whose ids already agree (see `matchState`): clinics added,
 * removed, and changed with the names and old/new values of the fields that differ. Lists sorted by id.
 * @example const { added, removed, changed } = diffState(previousTexas, nextTexasWithKeptIds);
 */
export function diffState(base: readonly ClinicRecord[], next: readonly ClinicRecord[]): StateChanges {
  const before = new Map(base.map((r) => [r.id, r]));
  const after = new Map(next.map((r) => [r.id, r]));
  const byId = (a: ClinicRecord, b: ClinicRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const added = next.filter((r) => !before.has(r.id)).sort(byId);
  const removed = base.filter((r) => !after.has(r.id)).sort(byId);
  const changed: StateChanges["changed"] = [];
  for (const r of [...next].sort(byId)) {
    const old = before.get(r.id);
    if (!old) continue;
    const fields = fieldChanges(old, r);
    if (fields.length) changed.push({ before: old, after: r, fields });
  }
  return { added, removed, changed };
}

/**
 * The published values the changes compare, as one key: two records with the same key show no change.
 * @example publishedKey(before) === publishedKey(after) // true when fieldChanges(before, after) is empty
 */
export function publishedKey(r: ClinicRecord): string {
  return JSON.stringify(FIELDS.map(([, value]) => value(r)));
}

/** The fields whose published value differs, in the API's order. */
export function fieldChanges(old: ClinicRecord, next: ClinicRecord): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, value] of FIELDS) {
    const a = value(old);
    const b = value(next);
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ field, old: a, new: b });
  }
  return out;
}
