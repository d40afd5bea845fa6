/** What a reader yields: the column names once, then every record as column → value. */
import type { DuplicateColumn } from "./columns.js";

export type ReaderEvent =
  | { type: "columns"; columns: string[]; duplicates?: DuplicateColumn[] }
  | {
      type: "row";
      row: number;
      values: Record<string, unknown>;
      /** The file the row was read from when it is not the input itself (a member of a ZIP bundle, a companion file). */
      file?: string;
    }
  | { type: "source"; facts: SourceFacts };

/** What a reader learned about its input as a whole, given after its last row. */
export interface SourceFacts {
  /** The day the source published the file (NPPES: the last day of the period in its name); null when unknown. */
  published: string | null;
  /** The input holds changes to apply on top of the last release (a weekly file, a deactivation report). */
  update: boolean;
  /** NPIs this input decides (its clinics, its deactivations, NPIs it no longer counts): in an update, the last release's records of these NPIs give way to it. */
  npis: string[];
  /** Figures for the report (rows scanned, companion files found). */
  notes: string[];
  /**
   * Why a reader that keeps only some rows (NPPES: the taxonomies asked for) kept none of a file that has rows:
   * what the file holds and what to try. The import stops on it instead of calling the file empty.
   */
  empty?: string;
  /**
   * The source whose records this input replaces as a whole (All The Places: a run lists every place its spiders
   * found). Inputs that all do are applied on top of the last release when there is one: its records of other
   * sources are carried, its records of this source give way (see `stages/update-base.ts`).
   */
  replaces?: string;
}

/** Formats the importer reads, chosen from the file name. */
export type InputFormat = "csv" | "json" | "ndjson" | "parquet" | "zip" | "geojson";

/** Reports a broken or refused record without stopping the reader; `field` names the cell at fault, if one is. */
export type RowProblem = (row: number, code: string, message: string, file?: string, field?: string) => void;
