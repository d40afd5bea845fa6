import type { ReleaseChanges, Tombstone } from "../dataset/releases.js";
import type { ClinicRecord, ClinicStore, Dataset } from "../dataset/types.js";
import { STATES } from "../geo/states.js";
import { collectGarbage } from "../util/collect-garbage.js";
import { diffState, fieldChanges } from "./diff.js";
import { type AmbiguousMatch, MATCH_RULES, type MatchRule, matchState } from "./match.js";

/** The release a new one is compared against: its records, state by state, and its tombstones. */
export interface BaseRelease {
  dataVersion: string;
  clinics: number;
  records(state: string): Promise<ClinicRecord[]>;
  tombstones: readonly Tombstone[];
}

/** Per state: clinics in the base release and in the new one. */
export interface StateCount {
  state: string;
  before: number;
  after: number;
}

/** A data set compared with its base release: ids kept, what changed, the tombstones. */
export interface Comparison {
  /** The data set with the ids kept from the base release. */
  dataset: Dataset;
  base: { dataVersion: string; clinics: number } | null;
  /** Null for a first release. */
  changes: ReleaseChanges | null;
  ambiguous: AmbiguousMatch[];
  matchedByRule: Record<MatchRule, number>;
  /** Every clinic no longer listed, old and new. */
  tombstones: Tombstone[];
  states: StateCount[];
}

/**
 * Compares a data set with the release before it (its base): matches every state's clinics to the base release's (and to its
 * tombstones, so a clinic that comes back keeps its id), so that matched clinics keep their ids; lists what was
 * added, removed and changed; carries the tombstones forward (a relisted clinic leaves them). Reads the data set
 * state by state; holds only the changes in memory.
 * @example const comparison = await compareWithBase(dataset, base);
 */
export async function compareWithBase(dataset: Dataset, base: BaseRelease | null): Promise<Comparison> {
  const matchedByRule = Object.fromEntries(MATCH_RULES.map((r) => [r, 0])) as Record<MatchRule, number>;
  if (!base) {
    return { dataset, base: null, changes: null, ambiguous: [], matchedByRule, tombstones: [], states: [] };
  }
  const tombstonesByState = new Map<string, Tombstone[]>();
  for (const t of base.tombstones) {
    const list = tombstonesByState.get(t.record.state);
    if (list) list.push(t);
    else tombstonesByState.set(t.record.state, [t]);
  }
  const changes: ReleaseChanges = { added: [], removed: [], changed: [] };
  const ambiguous: AmbiguousMatch[] = [];
  const tombstones: Tombstone[] = [];
  const states: StateCount[] = [];

  const store = keptIds(dataset.clinics, base, tombstonesByState);
  // The tombstones' ids listed again in another state than theirs (a state is matched on its own).
  const tombstoneIds = new Set(base.tombstones.map((t) => t.record.id));
  const relisted = new Set<string>();
  for (const s of STATES) {
    const previous = await base.records(s.code);
    const { records, match } = await store.loadWithMatch(s.code, previous);
    for (const rule of MATCH_RULES) matchedByRule[rule] += match.byRule[rule];
    ambiguous.push(...match.ambiguous);
    const diff = diffState(previous, records);
    changes.added.push(...diff.added);
    changes.removed.push(...diff.removed);
    changes.changed.push(...diff.changed);
    const listed = new Set(records.map((r) => r.id));
    for (const id of listed) if (tombstoneIds.has(id)) relisted.add(id);
    for (const t of tombstonesByState.get(s.code) ?? []) if (!listed.has(t.record.id)) tombstones.push(t);
    for (const r of diff.removed)
      tombstones.push({ record: r, removed_since: dataset.dataVersion, last_listed: base.dataVersion });
    if (previous.length || records.length)
      states.push({ state: s.code, before: previous.length, after: records.length });
    // Two releases' records of a large state are garbage now: without this, V8 lets them pile up state after state
    // (a 1M week's comparison raised the peak by ~460 MiB).
    collectGarbage();
  }
  const moved = movedAcrossStates(changes);
  return {
    dataset: { ...dataset, clinics: store },
    base: { dataVersion: base.dataVersion, clinics: base.clinics },
    changes: moved.changes,
    ambiguous,
    matchedByRule,
    tombstones: tombstones.filter((t) => !relisted.has(t.record.id) && !moved.ids.has(t.record.id)),
    states,
  };
}

/**
 * A clinic that moved to another state, its id kept (an NPI's, a source's own id), is removed from one state and
 * added to the other, each matched on its own: it is one clinic that changed (its `state`, `city`, address…), and
 * it leaves no tombstone — whose document and page would be its own, written twice.
 */
function movedAcrossStates(changes: ReleaseChanges): { changes: ReleaseChanges; ids: Set<string> } {
  const removed = new Map(changes.removed.map((r) => [r.id, r]));
  const ids = new Set(changes.added.filter((r) => removed.has(r.id)).map((r) => r.id));
  if (ids.size === 0) return { changes, ids };
  const moves = changes.added
    .filter((r) => ids.has(r.id))
    .map((after) => {
      const before = removed.get(after.id) as ClinicRecord;
      return { before, after, fields: fieldChanges(before, after) };
    });
  return {
    changes: {
      added: changes.added.filter((r) => !ids.has(r.id)),
      removed: changes.removed.filter((r) => !ids.has(r.id)),
      changed: [...changes.changed, ...moves],
    },
    ids,
  };
}

/**
 * A store whose records carry the ids matched to the base release: the first load of a state (the comparison's) matches
 * it and keeps the state's id changes (a map of the few ids that differ), every later load (the render's) applies
 * them without matching again.
 */
function keptIds(
  inner: ClinicStore,
  base: BaseRelease,
  tombstones: Map<string, Tombstone[]>,
): ClinicStore & {
  loadWithMatch(
    state: string,
    previous: readonly ClinicRecord[],
  ): Promise<{ records: ClinicRecord[]; match: ReturnType<typeof matchState> }>;
} {
  const matched = new Map<string, Map<string, string>>();
  const withIds = (next: readonly ClinicRecord[], ids: ReadonlyMap<string, string>) =>
    next.map((r) => {
      const kept = ids.get(r.id);
      return kept === undefined || kept === r.id ? r : { ...r, id: kept };
    });
  const loadWithMatch = async (state: string, previous: readonly ClinicRecord[]) => {
    const next = await inner.load(state);
    const gone = (tombstones.get(state) ?? []).map((t) => t.record);
    const match = matchState(previous, next, gone);
    matched.set(state, match.ids);
    return { records: withIds(next, match.ids), match };
  };
  return {
    size: inner.size,
    load: async (state) => {
      const ids = matched.get(state);
      return ids
        ? withIds(await inner.load(state), ids)
        : (await loadWithMatch(state, await base.records(state))).records;
    },
    loadWithMatch,
    dispose: () => inner.dispose(),
  };
}
