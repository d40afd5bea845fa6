import type { TreeFile } from "../../tree/manifest.js";
import type { BuildContext } from "../context.js";
import type { OutputWriter } from "../output/writer.js";
import type { ExportRow } from "./rows.js";

/** A download being written: rows arrive state by state (each state's cities in the API's order). */
export interface RowSink {
  /** Appends one state's rows. */
  append(rows: readonly ExportRow[]): Promise<void>;
  /** Ends the file; resolves with its number of rows and its manifest entries (the file, then its siblings). */
  close(): Promise<{ rows: number; files: TreeFile[] }>;
}

/** Where a format writes: the output, the file's path, and the build. */
export interface SinkTarget {
  out: OutputWriter;
  path: string;
  ctx: BuildContext;
}
