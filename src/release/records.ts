import { readStateFile, writeStateFile } from "../dataset/state-files.js";
import type { ClinicRecord, ClinicStore } from "../dataset/types.js";
import { keptEvidence } from "../evidence/index.js";

/**
 * A release's records on disk, one gzipped NDJSON file per state (`TX.ndjson.gz`), so that the next release can
 * read them state by state: one state's, as the render loads them (ids as published), sorted by id.
 * @example await writeRecords(join(release.bookkeeping, "records"), "TX", records);
 */
export async function writeRecords(
  dir: string,
  state: string,
  records: readonly ClinicRecord[],
): Promise<void> {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await writeStateFile(dir, state, sorted);
}

/** The records of one state of a stored release; [] when it had none there. */
export async function readRecords(dir: string, state: string): Promise<ClinicRecord[]> {
  return (await readStateFile<ClinicRecord>(dir, state)).map(upgradeRecord);
}

/**
 * A record as a release stored it, with the fields added since given their values for "unknown" (`npi`, and
 * `sources`, which a release before them did not keep) or decided again from what it kept (`evidence`, from the
 * sources it credits), so that tombstones and matching read old releases.
 */
export function upgradeRecord(r: ClinicRecord): ClinicRecord {
  const sources = r.sources ?? [];
  return {
    ...r,
    npi: r.npi ?? null,
    sources,
    evidence: r.evidence ?? keptEvidence({ name: r.name, city: r.city, sources }),
  };
}

/** A store over a stored release's records (read-only). */
export function storedRecords(dir: string, size: number): ClinicStore {
  return { size, load: (state) => readRecords(dir, state), dispose: async () => {} };
}
