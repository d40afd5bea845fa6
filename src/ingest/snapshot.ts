import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readStateLines, writeStateLines } from "../dataset/state-files.js";
import { keptListing } from "../evidence/index.js";
import type { WeeklyHours } from "../schema/hours.js";
import type { NormalisedRecord } from "./normalised.js";
import type { Problem } from "./problems.js";
import type { Upstream } from "./upstream.js";

/**
 * The source records of a release: every normalised record its clinics were made from (before de-duplication and
 * merging), one gzipped NDJSON file per state, with the sources credited and the NPIs among them. Kept in the
 * release's bookkeeping (`state/sources/`) so that an update — a weekly NPPES file, a deactivation report — is
 * applied to them and everything after the read stage runs again: the release that results is the one a full
 * build of the same records would give. Each record keeps its row's key and the repairs its row was reported with,
 * so that the next import reuses it for a row that is the same (`src/ingest/reuse/`).
 */
export interface Snapshot {
  dir: string;
  /** The NPIs of its records: an NPPES input reads their lines whatever they hold (to see them leave). */
  npis: ReadonlySet<number>;
  upstream: Upstream[];
  /** The data version of the release it belongs to. */
  dataVersion: string;
  /** The layouts (`layoutKey`) of the files its rows were read from: a row of another layout is never its. */
  layouts: string[];
}

interface SnapshotInfo {
  npis: string[];
  upstream: Upstream[];
  data_version: string;
  layouts?: string[];
}

/**
 * A source record as an import reads it and a snapshot keeps it: the normalised record, with what lets the next
 * import take it for a row that is the same instead of normalising that row again.
 */
export interface SourceRecord extends NormalisedRecord {
  /**
   * The row's key (`rowKey`): the same for a row of the same values, read by the same code with the same layout —
   * whatever its file, line or position. Absent when the record cannot be reused (a file whose ids count its rows).
   */
  key?: string;
  /** The problems its row was reported with (repairs), in order, without their file and row. */
  notes?: RowNote[];
  /**
   * All The Places: the hours of the place's last runs, oldest first, one per run day (null: that run gave none);
   * its `weekly` is the hours seen in most of them (`stages/hours-history.ts`).
   */
  hoursSeen?: { date: string; weekly: WeeklyHours | null }[];
}

/** A problem of a row, without where it is: reported again, at the row's new place, when the record is reused. */
export type RowNote = Omit<Problem, "file" | "row">;

const INFO = "snapshot.json";

/**
 * Writes one state's source records (as the import read them, its decisions made), each as its line (its JSON,
 * `JSON.stringify` of the record). Gzip at level 1: every import writes them, and a release keeps them for one
 * update.
 */
export function writeSnapshotState(dir: string, state: string, lines: readonly string[]): Promise<void> {
  return writeStateLines(dir, state, lines, 1);
}

/** Writes what the snapshot says of itself, once its states are written. */
export async function writeSnapshotInfo(
  dir: string,
  info: { npis: Iterable<string>; upstream: Upstream[]; dataVersion: string; layouts: Iterable<string> },
): Promise<void> {
  const body: SnapshotInfo = {
    npis: [...new Set(info.npis)].sort(),
    upstream: info.upstream,
    data_version: info.dataVersion,
    layouts: [...new Set(info.layouts)].sort(),
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
    layouts: info.layouts ?? [],
  };
}

/** One state's source records of a snapshot (those of releases before brands were read have none). */
export async function readSnapshotState(snapshot: Snapshot, state: string): Promise<SourceRecord[]> {
  return (await readSnapshotLines(snapshot, state)).map(parseSourceRecord);
}

/** One state's source records of a snapshot, each as its JSON line, in the order written. */
export function readSnapshotLines(snapshot: Snapshot, state: string): Promise<string[]> {
  return readStateLines(snapshot.dir, state);
}

/**
 * A source record from its snapshot line; the fields of records kept before them get their value for "unknown"
 * (brands; the listing of what the source said, and the evidence an export carried).
 */
export function parseSourceRecord(line: string): SourceRecord {
  const r = JSON.parse(line) as SourceRecord;
  if (r.brand === undefined) r.brand = null;
  if (r.listing === undefined) r.listing = keptListing(r);
  if (r.givenEvidence === undefined) r.givenEvidence = null;
  return r;
}
