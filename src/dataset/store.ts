import { STATES } from "../geo/states.js";

const KNOWN = new Set(STATES.map((s) => s.code));

import type { ClinicRecord, ClinicStore, Dataset, FlatDataset } from "./types.js";

/**
 * A store over clinics held in memory (the sample, small imports, tests).
 * @example const store = memoryStore(clinics); const texas = await store.load("TX");
 */
export function memoryStore(clinics: readonly ClinicRecord[]): ClinicStore {
  const byState = new Map<string, ClinicRecord[]>();
  for (const c of clinics) {
    if (!KNOWN.has(c.state))
      throw new Error(`clinic ${c.id} ("${c.name}"): state "${c.state}" is not one of the 50 states or DC`);
    const list = byState.get(c.state);
    if (list) list.push(c);
    else byState.set(c.state, [c]);
  }
  let disposed = false;
  return {
    size: clinics.length,
    async load(state) {
      if (disposed) throw new Error("clinic store used after dispose()");
      return [...(byState.get(state) ?? [])];
    },
    async dispose() {
      disposed = true;
      byState.clear();
    },
  };
}

/**
 * Every clinic of a store, state by state in USPS-code order of `STATES` (tests and small tools only: this holds
 * the whole data set in memory).
 * @example const all = await collectClinics(dataset.clinics);
 */
export async function collectClinics(store: ClinicStore): Promise<ClinicRecord[]> {
  const out: ClinicRecord[] = [];
  for (const s of STATES) out.push(...(await store.load(s.code)));
  return out;
}

/**
 * A data set over clinics held in memory.
 * @example const dataset = fromRecords({ ...flat, clinics: flat.clinics.slice(0, 10) });
 */
export function fromRecords(flat: FlatDataset): Dataset {
  return { ...flat, clinics: memoryStore(flat.clinics) };
}
