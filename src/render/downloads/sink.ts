import type { TreeFile } from "../../tree/manifest.js";
import type { BuildContext } from "../context.js";
import type { OutputWriter } from "../output/writer.js";
import type { ExportRow } from "./rows.js";
import type { TextReuse } from "./text-reuse.js";

/** One state's rows, in the API's order, and which of them have the previous release's text (`./text-reuse.ts`). */
export interface StateRows {
  /** The state's USPS code. */
  code: string;
  rows: readonly ExportRow[];
  /** Per row: its index among the previous release's rows of the state when its text is theirs, else -1. */
  previous: Int32Array;
}

/** A download being written: rows arrive state by state (each state's cities in the API's order). */
export interface RowSink {
  /** Appends one state's rows. */
  append(state: StateRows): Promise<void>;
  /** Ends the file; resolves with its number of rows and its manifest entries (the file, then its siblings). */
  close(): Promise<{ rows: number; files: TreeFile[] }>;
}

/** Where a format writes: the output, the file's path and extension, the build, and what the releases reuse. */
export interface SinkTarget {
  out: OutputWriter;
  path: string;
  extension: string;
  ctx: BuildContext;
  book: TextReuse;
}
