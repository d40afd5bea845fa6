import type { ClinicRecord } from "./types.js";

/** A field of a clinic that changed between two releases, with its old and new values as the API shows them. */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** What changed against the previous release, in full (records before and after). */
export interface ReleaseChanges {
  added: ClinicRecord[];
  removed: ClinicRecord[];
  changed: { before: ClinicRecord; after: ClinicRecord; fields: FieldChange[] }[];
}

/** A clinic no longer listed: its last known data, kept so that its links keep answering. */
export interface Tombstone {
  record: ClinicRecord;
  /** Data version of the first release that no longer lists it. */
  removed_since: string;
  /** Data version of the last release that listed it. */
  last_listed: string;
}

/** One release as the history keeps it (addresses are derived at render time, from the site address). */
export interface HistoryEntry {
  data_version: string;
  generated_at: string;
  previous_version: string | null;
  clinics: number;
  cities: number;
  networks: number;
  added: number | null;
  removed: number | null;
  changed: number | null;
  sources: { name: string; format: string; records: number; date: string | null }[];
  has_changes: boolean;
  downloads: {
    format: "csv" | "json" | "ndjson" | "parquet" | "geojson";
    name: string;
    bytes: number;
    sha256: string;
    rows: number;
  }[];
}

/** What a build needs to know about the releases before it. */
export interface ReleaseInputs {
  /** Earlier releases, newest first (any entry of this data version is replaced). */
  history: HistoryEntry[];
  /** How many releases stay listed, this one included; older ones' files are not carried over. */
  keep: number;
  /** The release this one is compared against (null for a first release). */
  previousVersion: string | null;
  changes: ReleaseChanges | null;
  /** Clinics no longer listed, whose documents and pages stay as tombstones. */
  tombstones: Tombstone[];
}

/** Releases listed and kept by default (`--keep-releases`): a year of monthly releases. */
export const DEFAULT_KEEP_RELEASES = 12;
