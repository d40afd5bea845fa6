import { type ColumnInfo, csvColumns, DOCUMENT_COLUMNS, parquetColumns } from "./columns.js";
import { CSV_HEADER, csvLine } from "./csv.js";
import { documentLine } from "./json.js";
import { PARQUET_CODEC, ParquetSink } from "./parquet.js";
import type { RowSink, SinkTarget } from "./sink.js";
import { textSink } from "./text-sink.js";

export type DownloadFormat = "csv" | "json" | "ndjson" | "parquet";

/** How one format is named, typed, written and served. */
export interface FormatSpec {
  format: DownloadFormat;
  extension: string;
  /** Media type without parameters; text formats are UTF-8. */
  mediaType: string;
  /** Whether the file has a `.gz` sibling (text formats; Parquet is compressed inside). No `.br`: docs/releases.md. */
  gzip: boolean;
  /** The codec inside the file (the manifest's `compression`); null for the text formats. */
  compression: string | null;
  columns(): readonly ColumnInfo[];
  open(target: SinkTarget): Promise<RowSink>;
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
    gzip: true,
    compression: null,
    columns: csvColumns,
    // UTF-8 without BOM, a header row of the canonical columns, one CRLF-terminated line per clinic.
    open: (target) =>
      textSink(target, { head: CSV_HEADER, line: csvLine, separator: "", tail: "", empty: CSV_HEADER }),
  },
  {
    format: "json",
    extension: "json",
    mediaType: "application/json",
    gzip: true,
    compression: null,
    columns: () => DOCUMENT_COLUMNS,
    // One array, one clinic per line (so that diffs between releases stay readable).
    open: (target) =>
      textSink(target, {
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
    gzip: true,
    compression: null,
    columns: () => DOCUMENT_COLUMNS,
    // One clinic per LF-terminated line, no enclosing array.
    open: (target) =>
      textSink(target, {
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
    gzip: false,
    compression: PARQUET_CODEC.toLowerCase(),
    columns: parquetColumns,
    async open({ out, path, ctx }) {
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
