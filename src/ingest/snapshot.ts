import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readStateFile, writeStateFile } from "../dataset/state-files.js";
import type { NormalisedRecord } from "./normalised.js";
import type { Upstream } from "./upstream.js";

/**
 * The source records of a release: every normalised record its clinics were made from (before de-duplication and
 * merging), one gzipped NDJSON file per state, with the sources credited and the NPIs among them. Kept in the
 * release's bookkeeping (`state/sources/`) so that an update — a weekly NPPES file, a deactivation report — is
 * applied to them and everything after the read stage runs again: the release that results is the one a full
 * build of the same records would give.
 */
export interface Snapshot {
  dir: string;
  /** The NPIs of its records: an NPPES input reads their lines whatever they hold (to see them leave). */
  npis: ReadonlySet<number>;
  upstream: Upstream[];
  /** The data version of the release it belongs to. */
  dataVersion: string;
}

interface SnapshotInfo {
  npis: string[];
  upstream: Upstream[];
  data_version: string;
}

const INFO = "snapshot.json";

/** Writes one state's source records (as the import read them, its decisions made). */
export async function writeSnapshotState(
  dir: string,
  state: string,
  records: NormalisedRecord[],
): Promise<void> {
  await writeStateFile(dir, state, records);
}

/** Writes what the snapshot says of itself, once its states are written. */
export async function writeSnapshotInfo(
  dir: string,
  info: { npis: Iterable<string>; upstream: Upstream[]; dataVersion: string },
): Promise<void> {
  const body: SnapshotInfo = {
    npis: [...new Set(info.npis)].sort(),
    upstream: info.upstream,
    data_version: info.dataVersion,
  };
  await writeFile(join(dir, INFO), `${JSON.stringify(body)}\n`);
}

/**
 * The snapshot in a folder, or null when there is none (a release from before snapshots, or of the sample).
 * @example const base = await readSnapshot(join(release.state, "sources"));
 */
export async function readSnapshot(dir: string): Promise<Snapshot | null> {
  let info: SnapshotInfo;
  try {
    info = JSON.parse(await readFile(join(dir, INFO), "utf8")) as SnapshotInfo;
  } catch {
    return null;
  }
  return {
    dir,
    npis: new Set(info.npis.map(Number)),
    upstream: info.upstream,
    dataVersion: info.data_version,
  };
}

/** One state's source records of a snapshot (those of releases before brands were read have none). */
export async function readSnapshotState(snapshot: Snapshot, state: string): Promise<NormalisedRecord[]> {
  return (await readStateFile<NormalisedRecord>(snapshot.dir, state)).map((r) => ({
    ...r,
    brand: r.brand ?? null,
  }));
}
