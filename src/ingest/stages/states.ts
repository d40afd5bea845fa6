import type { StateSpill } from "../../dataset/state-spill.js";
import type { CityRecord, ClinicRecord } from "../../dataset/types.js";
import { STATES } from "../../geo/states.js";
import { collectGarbage } from "../../util/collect-garbage.js";
import { NetworkSlugs } from "../networks/slugs.js";
import type { Problem } from "../problems.js";
import {
  parseSourceRecord,
  readSnapshotLines,
  type Snapshot,
  type SourceRecord,
  writeSnapshotState,
} from "../snapshot.js";
import type { SpilledRow } from "./read.js";
import { type ResolveContext, type ResolvedState, resolveState } from "./resolve.js";
import type { UpdateBase } from "./update-base.js";

/** What the states stage reads besides the spilled rows. */
export interface StatesInput {
  /** The rows read, by state: source records, or references to the previous import's. */
  spill: StateSpill<SpilledRow>;
  /** The previous import's snapshot, which reused rows refer to. */
  previous: Snapshot | null;
  /** An update's base: the last release's records it keeps, after the rows read. */
  base: UpdateBase | null;
  /** Records read (the carried ones are numbered after them). */
  read: number;
  /** Inputs whose source ids count their rows: their records keep no source id, and no key. */
  rowNumberIds: ReadonlySet<number>;
  ctx: ResolveContext;
  /** The folder of this import's snapshot. */
  snapshot: string;
  report: (p: Problem) => void;
}

/** What the states gave, summed. */
export interface StatesResult {
  cities: CityRecord[];
  networks: Set<string>;
  /** Wikidata items that brand evidence gives each network, counted: a network's id comes only from them. */
  wikidata: Map<string, Map<string, number>>;
  npis: Set<string>;
  merged: Record<string, number>;
  repaired: Record<string, number>;
  repairedRecords: number;
  evidence: Record<string, number>;
  /** Records not published for want of a location. */
  unlocated: number;
  zipPlaced: number;
  carried: number;
  /** Dates of the carried records (the read stage dated the rest). */
  dates: { oldest: string | null; newest: string | null };
}

/**
 * The states stage: state by state, the source records (those read, those the previous import read alike, an
 * update's carried ones) are written to the snapshot and resolved (`resolveState`) into clinics, added to `out`.
 * Memory holds one state.
 * @example const states = await resolveStates(input, out);
 */
export async function resolveStates(
  input: StatesInput,
  out: StateSpill<ClinicRecord>,
): Promise<StatesResult> {
  const { ctx, report } = input;
  const result: StatesResult = {
    cities: [],
    networks: new Set(),
    wikidata: new Map(),
    npis: new Set(),
    merged: {},
    repaired: {},
    repairedRecords: 0,
    evidence: {},
    unlocated: 0,
    zipPlaced: 0,
    carried: 0,
    dates: { oldest: null, newest: null },
  };
  const networkSlugs = new NetworkSlugs();
  for (const s of STATES) {
    const own = await sourceRecords(input, s.code);
    const kept = input.base ? await input.base.records(s.code, input.read + result.carried) : [];
    if (own.length === 0 && kept.length === 0) continue;
    result.carried += kept.length;
    const records = own.length === 0 ? kept : kept.length === 0 ? own : [...own, ...kept];
    // Compressed on the thread pool while the state is resolved.
    const written = writeSnapshotState(input.snapshot, s.code, records);
    for (const r of records) {
      if (r.npi !== null) result.npis.add(r.npi);
      if (r.date !== null && r.input < 0) widen(result.dates, r.date);
    }
    const resolved: ResolvedState = { cities: [], merged: {}, unlocated: 0, repairs: [] };
    for (const c of resolveState(records, ctx, resolved)) {
      if (c.network !== null) result.networks.add(c.network);
      const clash = c.network === null ? null : networkSlugs.check(c.network, c.provenance);
      if (clash) report(clash);
      if (c.network_evidence)
        result.evidence[c.network_evidence.kind] = (result.evidence[c.network_evidence.kind] ?? 0) + 1;
      const item = c.network_evidence?.wikidata;
      if (c.network !== null && item) {
        const counts = result.wikidata.get(c.network) ?? new Map<string, number>();
        counts.set(item, (counts.get(item) ?? 0) + 1);
        result.wikidata.set(c.network, counts);
      }
      if (c.coordinates_source === "zip_centroid") result.zipPlaced++;
      await out.add(c.state, c);
    }
    await written;
    result.cities.push(...resolved.cities);
    collectGarbage();
    for (const [k, n] of Object.entries(resolved.merged)) result.merged[k] = (result.merged[k] ?? 0) + n;
    result.unlocated += resolved.unlocated;
    for (const codes of resolved.repairs) {
      if (codes.length) result.repairedRecords++;
      for (const code of codes) result.repaired[code] = (result.repaired[code] ?? 0) + 1;
    }
  }
  await out.flush();
  return result;
}

/**
 * A state's source records as read, in the order read: each reused row's record taken from the previous snapshot,
 * at the row's place. The records of an input whose ids count its rows keep no source id, and so no key either.
 */
async function sourceRecords(input: StatesInput, state: string): Promise<SourceRecord[]> {
  if (!input.spill.states.has(state)) return [];
  const spilled = await input.spill.read(state);
  let previous: string[] | undefined;
  const out: SourceRecord[] = [];
  for (const v of spilled) {
    let r: SourceRecord;
    if ("reused" in v) {
      if (input.previous === null) throw new Error(`a reused row of ${state} without a previous snapshot`);
      previous ??= await readSnapshotLines(input.previous, state);
      // Its place set on the record just parsed (a copy of each record cost more than parsing it).
      r = Object.assign(parseSourceRecord(previous[v.reused] as string), {
        order: v.order,
        input: v.input,
        file: v.file,
        row: v.row,
      });
    } else r = v;
    out.push(input.rowNumberIds.has(r.input) ? withoutSourceId(r) : r);
  }
  return out;
}

function withoutSourceId(r: SourceRecord): SourceRecord {
  const { key: _key, notes: _notes, ...record } = r;
  return { ...record, sourceId: null };
}

function widen(dates: { oldest: string | null; newest: string | null }, date: string): void {
  if (dates.oldest === null || date < dates.oldest) dates.oldest = date;
  if (dates.newest === null || date > dates.newest) dates.newest = date;
}
