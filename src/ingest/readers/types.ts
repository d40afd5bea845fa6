/** What a reader yields: the column names once, then every record as column → value. */
import type { DuplicateColumn } from "./columns.js";

export type ReaderEvent =
  | { type: "columns"; columns: string[]; duplicates?: DuplicateColumn[] }
  | { type: "row"; row: number; values: Record<string, unknown> };

/** Formats the importer reads, chosen from the file name. */
export type InputFormat = "csv" | "json" | "ndjson" | "parquet";

/** Reports a broken record without stopping the reader. */
export type RowProblem = (row: number, code: string, message: string) => void;
