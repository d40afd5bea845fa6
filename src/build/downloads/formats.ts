import type { BuildContext } from "../context.js";
import { type ColumnInfo, csvColumns, DOCUMENT_COLUMNS, parquetColumns } from "./columns.js";
import { toCsv } from "./csv.js";
import { toJson, toNdjson } from "./json.js";
import { toParquet } from "./parquet.js";
import type { ExportData } from "./rows.js";

export type DownloadFormat = "csv" | "json" | "ndjson" | "parquet";

/** How one format is named, typed, written and served. */
export interface FormatSpec {
  format: DownloadFormat;
  extension: string;
  /** Media type without parameters; text formats are UTF-8. */
  mediaType: string;
  /** Whether the output writer adds `.br` / `.gz` siblings (text formats; Parquet is compressed inside). */
  compress: boolean;
  columns(): readonly ColumnInfo[];
  write(data: ExportData, ctx: BuildContext): Buffer;
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
    write: ({ rows }) => toCsv(rows),
  },
  {
    format: "json",
    extension: "json",
    mediaType: "application/json",
    compress: true,
    columns: () => DOCUMENT_COLUMNS,
    write: ({ documents }) => toJson(documents),
  },
  {
    format: "ndjson",
    extension: "ndjson",
    mediaType: "application/x-ndjson",
    compress: true,
    columns: () => DOCUMENT_COLUMNS,
    write: ({ documents }) => toNdjson(documents),
  },
  {
    format: "parquet",
    extension: "parquet",
    mediaType: "application/vnd.apache.parquet",
    compress: false,
    columns: parquetColumns,
    write: ({ rows }, ctx) =>
      toParquet(rows, [
        { key: "data_version", value: ctx.dataset.dataVersion },
        { key: "license", value: "CC-BY-4.0" },
        { key: "attribution", value: ctx.attribution },
        { key: "source", value: ctx.dataset.source.name },
        { key: "synthetic", value: String(ctx.dataset.source.synthetic) },
      ]),
  },
];
