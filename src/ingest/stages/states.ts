import type { StateSpill } from "../../dataset/state-spill.js";
import type { CityRecord, ClinicRecord, PlaceCounts, WithheldPlace } from "../../dataset/types.js";
import { STATES } from "../../geo/states.js";
import { NetworkSlugs } from "../networks/slugs.js";
import type { Problem } from "../problems.js";
import { resolveStateJob, type StateJobEnv, type StateResult } from "./state-job.js";
import { StateThread } from "./state-thread.js";

/** What the states stage reads besides the spilled rows. */
export interface StatesInput extends StateJobEnv {
  /** Records read (an update's carried records are numbered after them). */
  read: number;
  /** Resolve states in a second thread too (the spill must hold nothing in memory, and there be no update base). */
  threaded: boolean;
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
  /** Network names spelled two ways, each with the spelling it gives way to (`NetworkSlugs.spellings`). */
  spellings: Map<string, string>;
  /** Records not published for want of a location. */
  unlocated: number;
  /** Places not published for their kind, in the order of the states. */
  withheld: WithheldPlace[];
  /** Places by state, kind and evidence level. */
  places: Record<string, PlaceCounts>;
  zipPlaced: number;
  carried: number;
  /** Dates of the carried records (the read stage dated the rest). */
  dates: { oldest: string | null; newest: string | null };
}

/**
 * The states stage: every state resolved on its own (`resolveStateJob`), its clinics added to `out`; threaded, on two
 * threads (this one from the largest state, a worker from the smallest), else in turn. What the states report is
 * reported in the order of the states, and their figures summed in that order, whichever thread resolved them: the
 * outcome is the same either way. Memory holds one state per thread.
 * @example const states = await resolveStates(input, out);
 */
export async function resolveStates(
  input: StatesInput,
  out: StateSpill<ClinicRecord>,
): Promise<StatesResult> {
  const results = new Map<string, StateResult>();
  if (input.threaded && StateThread.available && input.base === null && !input.spill.holding) {
    await resolveOnTwoThreads(input, out, results);
  } else {
    let carried = 0;
    for (const s of STATES) {
      const r = await resolveStateJob(s.code, input.read + carried, input, out);
      if (r === null) continue;
      carried += r.carried;
      results.set(s.code, r);
    }
  }
  await out.flush();
  return sum(
    STATES.flatMap((s) => results.get(s.code) ?? []),
    input.report,
  );
}

/**
 * The states shared between this thread and a worker: this thread takes the largest state left when it is free,
 * the worker the smallest (it is given the next one before it is done, so that it does not wait for this thread
 * to hand it one). Two large states are never resolved at once: each thread's heap grows to the largest state it
 * resolves, and the worker's stays that of a middling one (at 1M rows, ~25,000 records against ~64,000).
 */
async function resolveOnTwoThreads(
  input: StatesInput,
  out: StateSpill<ClinicRecord>,
  results: Map<string, StateResult>,
): Promise<void> {
  const left = [...input.spill.states].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const thread = new StateThread({
    spill: input.spill.dir,
    previous: input.previous,
    rowNumberIds: [...input.rowNumberIds],
    inferred: input.ctx.inferred,
    keepKinds: [...input.ctx.keepKinds],
    snapshot: input.snapshot,
    clinics: out.dir,
  });
  const worker = async () => {
    for (let next = left.pop(); next; next = left.pop()) {
      const [state, rows] = next;
      const r = await thread.resolve(state, rows);
      if (r === null) continue;
      out.adopt(state, r.clinics);
      results.set(state, r);
    }
  };
  const here = async () => {
    for (let next = left.shift(); next; next = left.shift()) {
      const r = await resolveStateJob(next[0], 0, input, out);
      if (r !== null) results.set(next[0], r);
    }
  };
  try {
    await Promise.all([worker(), worker(), here()]);
  } finally {
    await thread.close();
  }
}

/** The states' results summed, in the order given; what they reported is reported, in order. */
function sum(results: readonly StateResult[], report: (p: Problem) => void): StatesResult {
  const total: StatesResult = {
    cities: [],
    networks: new Set(),
    wikidata: new Map(),
    npis: new Set(),
    merged: {},
    repaired: {},
    repairedRecords: 0,
    evidence: {},
    spellings: new Map(),
    unlocated: 0,
    withheld: [],
    places: {},
    zipPlaced: 0,
    carried: 0,
    dates: { oldest: null, newest: null },
  };
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  };
  const networkSlugs = new NetworkSlugs();
  for (const r of results) {
    for (const e of r.events) {
      if ("problem" in e) report(e.problem);
      else {
        const clash = networkSlugs.check(e.network, [e.where]);
        if (clash) report(clash);
      }
    }
    total.cities.push(...r.cities);
    for (const n of r.networks) total.networks.add(n);
    for (const [network, item, n] of r.wikidata) {
      const counts = total.wikidata.get(network) ?? new Map<string, number>();
      counts.set(item, (counts.get(item) ?? 0) + n);
      total.wikidata.set(network, counts);
    }
    for (const npi of r.npis) total.npis.add(npi);
    add(total.merged, r.merged);
    add(total.repaired, r.repaired);
    total.repairedRecords += r.repairedRecords;
    add(total.evidence, r.evidence);
    total.unlocated += r.unlocated;
    total.withheld.push(...r.withheld);
    total.places[r.state] = r.places;
    total.zipPlaced += r.zipPlaced;
    total.carried += r.carried;
    for (const d of [r.dates.oldest, r.dates.newest])
      if (d !== null) {
        if (total.dates.oldest === null || d < total.dates.oldest) total.dates.oldest = d;
        if (total.dates.newest === null || d > total.dates.newest) total.dates.newest = d;
      }
  }
  total.spellings = networkSlugs.spellings((name) => total.wikidata.has(name));
  for (const [from, to] of total.spellings) {
    total.networks.delete(from);
    total.networks.add(to);
    const counts = total.wikidata.get(from);
    if (!counts) continue;
    const into = total.wikidata.get(to) ?? new Map<string, number>();
    for (const [item, n] of counts) into.set(item, (into.get(item) ?? 0) + n);
    total.wikidata.set(to, into);
    total.wikidata.delete(from);
  }
  return total;
}
