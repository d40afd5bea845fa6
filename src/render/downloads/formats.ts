import type { BuildContext } from "../context.js";
import { gzipLevel } from "../output/compress.js";
import type { TreeFile } from "../output/tree-manifest.js";
import type { OutputWriter } from "../output/writer.js";
import { type ColumnInfo, csvColumns, DOCUMENT_COLUMNS, parquetColumns } from "./columns.js";
import { CSV_HEADER, csvLine } from "./csv.js";
import { crc32Combine, type DeflatedPiece, gzipEnd, gzipHeader } from "./gzip-member.js";
import { documentLine } from "./json.js";
import { ParquetSink } from "./parquet.js";
import type { PieceCache } from "./piece-cache.js";
import type { ExportRow } from "./rows.js";

export type DownloadFormat = "csv" | "json" | "ndjson" | "parquet";

/** A download being written: rows arrive state by state (each state's cities in the API's order). */
export interface RowSink {
  /** Appends one state's rows (a text format makes them one gzip piece: `./gzip-member.ts`). */
  append(rows: readonly ExportRow[]): Promise<void>;
  /** Ends the file; resolves with its number of rows and its manifest entries (the file, then its siblings). */
  close(): Promise<{ rows: number; files: TreeFile[] }>;
}

/** Where a format writes: the output, the file's path, the build, and the gzip pieces of the releases. */
export interface SinkTarget {
  out: OutputWriter;
  path: string;
  ctx: BuildContext;
  pieces: PieceCache;
}

/** How one format is named, typed, written and served. */
export interface FormatSpec {
  format: DownloadFormat;
  extension: string;
  /** Media type without parameters; text formats are UTF-8. */
  mediaType: string;
  /** Whether the file has a `.gz` sibling (text formats; Parquet is compressed inside). No `.br`: docs/releases.md. */
  gzip: boolean;
  columns(): readonly ColumnInfo[];
  open(target: SinkTarget): Promise<RowSink>;
}

/** Pieces being deflated ahead of the one the `.gz` file is waiting for. */
const AHEAD = 4;

/**
 * A text download written state by state: `head`, one `line` per row joined by `separator`, then `tail`. Each
 * state's text goes to the file as it is, and its deflated piece (reused from the release before when the state's
 * text did not change) to the `.gz` sibling: one gzip member of pieces in state order.
 */
async function textSink(
  { out, path, pieces }: SinkTarget,
  parts: { head: string; line: (row: ExportRow) => string; separator: string; tail: string; empty: string },
): Promise<RowSink> {
  const file = await out.stream(path, false);
  const gz = await out.stream(`${path}.gz`, false);
  const level = gzipLevel(out.compression);
  await gz.write(gzipHeader(level));
  let rows = 0;
  let crc = 0;
  let length = 0;
  // Deflated on the thread pool while the next states render; written to the .gz in order.
  const queued: Promise<DeflatedPiece>[] = [];
  const next = async () => {
    const piece = await (queued.shift() as Promise<DeflatedPiece>);
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
    await gz.write(piece.deflated);
  };
  const put = async (text: string) => {
    if (text === "") return;
    const bytes = Buffer.from(text);
    await file.write(bytes);
    const piece = pieces.piece(bytes);
    piece.catch(() => {}); // awaited in order by `next`; a failure surfaces there
    queued.push(piece);
    while (queued.length > AHEAD) await next();
  };
  return {
    async append(batch) {
      if (batch.length === 0) return;
      let text = rows === 0 ? parts.head : parts.separator;
      text += batch.map(parts.line).join(parts.separator);
      rows += batch.length;
      await put(text);
    },
    async close() {
      await put(rows === 0 ? parts.empty : parts.tail);
      while (queued.length > 0) await next();
      await gz.write(gzipEnd(crc, length));
      const [main, ...siblings] = await file.close();
      return { rows, files: [main as TreeFile, ...siblings, ...(await gz.close())] };
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
    gzip: true,
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
