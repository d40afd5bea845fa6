import { readStateFile, writeStateFile } from "../dataset/state-files.js";
import type { ClinicRecord, ClinicStore } from "../dataset/types.js";
import { STATES } from "../geo/states.js";

/**
 * A release's records on disk, one gzipped NDJSON file per state (`TX.ndjson.gz`), so that the next release can
 * read them state by state. Written from the store the release was built from (ids as published).
 * @example await writeRecords(join(release.state, "records"), dataset.clinics);
 */
export async function writeRecords(dir: string, store: ClinicStore): Promise<void> {
  for (const s of STATES) {
    const records = await store.load(s.code);
    if (records.length === 0) continue;
    records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await writeStateFile(dir, s.code, records);
  }
}

/** The records of one state of a stored release; [] when it had none there. */
export async function readRecords(dir: string, state: string): Promise<ClinicRecord[]> {
  return (await readStateFile<ClinicRecord>(dir, state)).map(upgrade);
}

/**
 * A record as a release stored it, with the fields added since given their values for "unknown" (`npi`, and
 * `sources`, which a release before them did not keep), so that tombstones and matching read old releases.
 */
function upgrade(r: ClinicRecord): ClinicRecord {
  return { ...r, npi: r.npi ?? null, sources: r.sources ?? [] };
}

/** A store over a stored release's records (read-only). */
export function storedRecords(dir: string, size: number): ClinicStore {
  return { size, load: (state) => readRecords(dir, state), dispose: async () => {} };
}
