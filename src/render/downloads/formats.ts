import type { BuildContext } from "../context.js";
import type { TreeFile } from "../output/tree-manifest.js";
import type { OutputWriter } from "../output/writer.js";
import { type ColumnInfo, csvColumns, DOCUMENT_COLUMNS, parquetColumns } from "./columns.js";
import { CSV_HEADER, csvLine } from "./csv.js";
import { documentLine } from "./json.js";
import { ParquetSink } from "./parquet.js";
import type { ExportRow } from "./rows.js";

export type DownloadFormat = "csv" | "json" | "ndjson" | "parquet";

/** A download being written: rows arrive city by city in the API's order. */
export interface RowSink {
  append(rows: readonly ExportRow[]): Promise<void>;
  /** Ends the file; resolves with its number of rows and its manifest entries (the file, then its siblings). */
  close(): Promise<{ rows: number; files: TreeFile[] }>;
}

/** How one format is named, typed, written and served. */
export interface FormatSpec {
  format: DownloadFormat;
  extension: string;
  /** Media type without parameters; text formats are UTF-8. */
  mediaType: string;
  /** Whether the output writer adds `.br` / `.gz` siblings (text formats; Parquet is compressed inside). */
  compress: boolean;
  columns(): readonly ColumnInfo[];
  open(out: OutputWriter, path: string, ctx: BuildContext): Promise<RowSink>;
}

/** A text download written line by line: `head`, one `line` per row joined by `separator`, then `tail`. */
async function textSink(
  out: OutputWriter,
  path: string,
  parts: { head: string; line: (row: ExportRow) => string; separator: string; tail: string; empty: string },
): Promise<RowSink> {
  const file = await out.stream(path);
  let rows = 0;
  return {
    async append(batch) {
      if (batch.length === 0) return;
      let text = rows === 0 ? parts.head : parts.separator;
      text += batch.map(parts.line).join(parts.separator);
      rows += batch.length;
      await file.write(text);
    },
    async close() {
      await file.write(rows === 0 ? parts.empty : parts.tail);
      return { rows, files: await file.close() };
    },
  };
}

/**
 * Every bulk download format, in the order the manifest and index.json list them.
 * @example FORMATS.map((f) => f.extension) // ["csv", "json", "ndjson", "parquet"]
 */
export const FORMATS: readonly FormatSpec[] = [
  {
    format: "csv",
    extension: "csv",
    mediaType: "text/csv",
    compress: true,
    columns: csvColumns,
    // UTF-8 without BOM, a header row of the canonical columns, one CRLF-terminated line per clinic.
    open: (out, path) =>
      textSink(out, path, { head: CSV_HEADER, line: csvLine, separator: "", tail: "", empty: CSV_HEADER }),
  },
  {
    format: "json",
    extension: "json",
    mediaType: "application/json",
    compress: true,
    columns: () => DOCUMENT_COLUMNS,
    // One array, one clinic per line (so that diffs between releases stay readable).
    open: (out, path) =>
      textSink(out, path, {
        head: "[\n",
        line: documentLine,
        separator: ",\n",
        tail: "\n]\n",
        empty: "[]\n",
      }),
  },
  {
    format: "ndjson",
    extension: "ndjson",
    mediaType: "application/x-ndjson",
    compress: true,
    columns: () => DOCUMENT_COLUMNS,
    // One clinic per LF-terminated line, no enclosing array.
    open: (out, path) =>
      textSink(out, path, {
        head: "",
        line: (r) => `${documentLine(r)}\n`,
        separator: "",
        tail: "",
        empty: "",
      }),
  },
  {
    format: "parquet",
    extension: "parquet",
    mediaType: "application/vnd.apache.parquet",
    compress: false,
    columns: parquetColumns,
    async open(out, path, ctx) {
      const sink = new ParquetSink(await out.external(path), [
        { key: "data_version", value: ctx.dataset.dataVersion },
        { key: "license", value: "CC-BY-4.0" },
        { key: "attribution", value: ctx.attribution },
        { key: "source", value: ctx.dataset.source.name },
        { key: "synthetic", value: String(ctx.dataset.source.synthetic) },
      ]);
      return {
        append: async (rows) => sink.append(rows),
        close: async () => {
          const rows = sink.close();
          return { rows, files: [await out.adopt(path)] };
        },
      };
    },
  },
];
