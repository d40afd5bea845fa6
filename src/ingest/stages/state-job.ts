import type { StateSpill } from "../../dataset/state-spill.js";
import type { CityRecord, ClinicRecord, PlaceCounts, WithheldPlace } from "../../dataset/types.js";
import { countPlace } from "../../evidence/index.js";
import { collectGarbage } from "../../util/collect-garbage.js";
import type { Problem } from "../problems.js";
import {
  parseSourceRecord,
  readSnapshotLines,
  type Snapshot,
  type SourceRecord,
  writeSnapshotState,
} from "../snapshot.js";
import { settleHours } from "./hours-history.js";
import type { ReusedRow, SpilledRow } from "./read.js";
import { type ResolveContext, type ResolvedState, resolveState } from "./resolve.js";
import type { UpdateBase } from "./update-base.js";

/** What resolving a state needs besides the state: the same for every state, in any thread. */
export interface StateJobEnv {
  /** The rows read, by state: source records, or references to the previous import's. */
  spill: StateSpill<SpilledRow>;
  /** The previous import's snapshot, which reused rows refer to. */
  previous: Snapshot | null;
  /** An update's base: the last release's records it keeps, numbered after the rows read. */
  base: UpdateBase | null;
  /** Inputs whose source ids count their rows: their records keep no source id, and no key. */
  rowNumberIds: ReadonlySet<number>;
  ctx: Omit<ResolveContext, "report">;
  /** The folder of this import's snapshot. */
  snapshot: string;
}

/** What one state reported, in order: a problem, or a clinic's network (for the check of network slugs). */
export type StateEvent = { problem: Problem } | { network: string; where: string };

/** What resolving one state gave besides its clinics (plain data: it crosses threads). */
export interface StateResult {
  state: string;
  clinics: number;
  events: StateEvent[];
  cities: CityRecord[];
  merged: Record<string, number>;
  /** Records not published for want of a location. */
  unlocated: number;
  repaired: Record<string, number>;
  /** Published clinics with a repair. */
  repairedRecords: number;
  networks: string[];
  evidence: Record<string, number>;
  /** Wikidata items that brand evidence gives each network, with the clinics that give each. */
  wikidata: [network: string, item: string, clinics: number][];
  zipPlaced: number;
  npis: string[];
  /** Places not published for their kind, with their evidence. */
  withheld: WithheldPlace[];
  /** The state's places by kind and evidence level, published or withheld. */
  places: PlaceCounts;
  /** An update's records of the last release carried into this state, and their dates. */
  carried: number;
  dates: { oldest: string | null; newest: string | null };
}

/**
 * One state of the states stage: its source records (read, reused from the previous import, carried by an update)
 * are written to the snapshot and resolved (`resolveState`) into clinics, added to `out`; what the state reported
 * comes back as events, to be reported in the order of the states. Null when the state has no record. `from`
 * numbers an update's carried records (after those of the states before).
 * @example const result = await resolveStateJob("TX", read.read, env, out);
 */
export async function resolveStateJob(
  state: string,
  from: number,
  env: StateJobEnv,
  out: StateSpill<ClinicRecord>,
): Promise<StateResult | null> {
  const own = await sourceRecords(env, state);
  const kept = env.base ? await env.base.records(state, from) : [];
  if (own.records.length === 0 && kept.length === 0) return null;
  const read = kept.length === 0 ? own.records : [...own.records, ...kept];
  const lines = kept.length === 0 ? own.lines : [...own.lines, ...kept.map((r) => JSON.stringify(r))];
  // A store locator's hours from the place's last runs (All The Places), kept with the record for the next run.
  const { records, changed } = await settleHours(read, env.previous, state);
  for (const i of changed) lines[i] = JSON.stringify(records[i]);
  // Compressed on the thread pool while the state is resolved.
  const written = writeSnapshotState(env.snapshot, state, lines);
  const result: StateResult = {
    state,
    clinics: 0,
    events: [],
    cities: [],
    merged: {},
    unlocated: 0,
    repaired: {},
    repairedRecords: 0,
    networks: [],
    evidence: {},
    wikidata: [],
    zipPlaced: 0,
    npis: [],
    withheld: [],
    places: {},
    carried: kept.length,
    dates: { oldest: null, newest: null },
  };
  const npis = new Set<string>();
  for (const r of records) {
    if (r.npi !== null) npis.add(r.npi);
    if (r.date !== null && r.input < 0) widen(result.dates, r.date);
  }
  result.npis = [...npis];
  const events = result.events;
  const ctx: ResolveContext = { ...env.ctx, report: (problem) => events.push({ problem }) };
  const networks = new Set<string>();
  const wikidata = new Map<string, Map<string, number>>();
  const resolved: ResolvedState = { cities: [], merged: {}, unlocated: 0, repairs: [], withheld: [] };
  for (const c of resolveState(records, ctx, resolved)) {
    result.clinics++;
    countPlace(result.places, c.evidence);
    if (c.network !== null) {
      networks.add(c.network);
      events.push({ network: c.network, where: c.provenance[0] ?? ":0" });
    }
    const evidence = c.network_evidence;
    if (evidence) result.evidence[evidence.kind] = (result.evidence[evidence.kind] ?? 0) + 1;
    if (c.network !== null && evidence?.wikidata) {
      const items = wikidata.get(c.network) ?? new Map<string, number>();
      items.set(evidence.wikidata, (items.get(evidence.wikidata) ?? 0) + 1);
      wikidata.set(c.network, items);
    }
    if (c.coordinates_source === "zip_centroid") result.zipPlaced++;
    await out.add(state, c);
  }
  await written;
  result.networks = [...networks];
  result.wikidata = [...wikidata].flatMap(([network, items]) =>
    [...items].map(([item, n]): [string, string, number] => [network, item, n]),
  );
  result.cities = resolved.cities;
  result.withheld = resolved.withheld;
  for (const w of resolved.withheld) countPlace(result.places, w.evidence);
  result.merged = resolved.merged;
  result.unlocated = resolved.unlocated;
  for (const codes of resolved.repairs) {
    if (codes.length) result.repairedRecords++;
    for (const code of codes) result.repaired[code] = (result.repaired[code] ?? 0) + 1;
  }
  collectGarbage();
  return result;
}

/** A state's source records, each with its line in the snapshot (its JSON). */
interface SourceLines {
  records: SourceRecord[];
  lines: string[];
}

/**
 * A state's source records as read, in the order read, with their lines: each reused row's record is the previous
 * snapshot's at the row's place. The records of an input whose ids count its rows keep no source id, and so no key
 * either. A line is the text the record was spilled as, or the previous snapshot's with the row's place, when it
 * can be: written again rather than made again.
 */
async function sourceRecords(env: StateJobEnv, state: string): Promise<SourceLines> {
  const out: SourceLines = { records: [], lines: [] };
  if (!env.spill.states.has(state)) return out;
  let previous: string[] | undefined;
  for (const { value: v, line: spilled } of await env.spill.readLines(state)) {
    let r: SourceRecord;
    let line: string | null = spilled;
    if ("reused" in v) {
      if (env.previous === null) throw new Error(`a reused row of ${state} without a previous snapshot`);
      previous ??= await readSnapshotLines(env.previous, state);
      const before = previous[v.reused] as string;
      line = placed(before, v);
      r = line === null ? Object.assign(parseSourceRecord(before), placeOf(v)) : parseSourceRecord(line);
    } else r = v;
    if (env.rowNumberIds.has(r.input)) {
      r = withoutSourceId(r);
      line = null;
    }
    out.records.push(r);
    out.lines.push(line ?? JSON.stringify(r));
  }
  return out;
}

/** Where a reused row is in this import. */
function placeOf(v: ReusedRow): Pick<SourceRecord, "order" | "input" | "file" | "row"> {
  return { order: v.order, input: v.input, file: v.file, row: v.row };
}

/** The place a record's line opens with, as `JSON.stringify` writes a source record (its first four fields). */
const PLACE = /^\{"order":-?\d+,"input":-?\d+,"file":"(?:[^"\\]|\\.)*","row":-?\d+,/;

/**
 * A previous snapshot's line with the row's place of this import instead of its own: the line `JSON.stringify`
 * gives the record at this place (the rest of the line is the same text). Null when the line does not open with
 * the place as expected.
 */
function placed(line: string, v: ReusedRow): string | null {
  const m = PLACE.exec(line);
  if (!m) return null;
  return `{"order":${v.order},"input":${v.input},"file":${JSON.stringify(v.file)},"row":${v.row},${line.slice(m[0].length)}`;
}

function withoutSourceId(r: SourceRecord): SourceRecord {
  const { key: _key, notes: _notes, ...record } = r;
  return { ...record, sourceId: null };
}

function widen(dates: { oldest: string | null; newest: string | null }, date: string): void {
  if (dates.oldest === null || date < dates.oldest) dates.oldest = date;
  if (dates.newest === null || date > dates.newest) dates.newest = date;
}
