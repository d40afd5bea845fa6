import { createHash } from "node:crypto";
import type { TreeFile } from "../../tree/manifest.js";
import { gzipLevel } from "../output/compress.js";
import {
  crc32Combine,
  type DeflatedPiece,
  deflatePiece,
  gzipEnd,
  gzipHeader,
  WINDOW,
} from "./gzip-member.js";
import { crc32 } from "./previous-file.js";
import type { PreviousText, TextCounts } from "./previous-text.js";
import type { ExportRow } from "./rows.js";
import type { RowSink, SinkTarget, StateRows } from "./sink.js";
import { type FormatRecord, type PieceEntry, TEXT_LAYOUT } from "./text-book.js";

/** How a text download is laid out: `head`, one `line` per row joined by `separator`, then `tail` (or `empty`). */
export interface TextLayout {
  head: string;
  line: (row: ExportRow) => string;
  separator: string;
  tail: string;
  empty: string;
}

/**
 * One row in PIECE_ROWS ends a piece (and every state's last row): ~17 KB of CSV, ~27 KB of JSON at 100k rows.
 * Which rows end pieces depends on the rows' ids alone, so an edited, added or removed clinic changes its own
 * piece and leaves the other pieces' bytes as they were. Measured on the 100k download (docs/releases.md): pieces of
 * ~32 rows, each deflated with the 32 KiB of text before it as its dictionary, make the .gz 1.5 % larger than one
 * deflate of the whole; without the dictionary 22 %.
 */
export const PIECE_ROWS = 32;

/** Pieces being deflated (on the thread pool) ahead of the one the `.gz` file is waiting for. */
const AHEAD = 16;

/**
 * Whether a row ends its piece: a hash of the clinic's id (FNV-1a) is a multiple of PIECE_ROWS.
 * @example endsPiece(row) // true for about one row in 32
 */
export function endsPiece(row: ExportRow): boolean {
  let h = 0x811c9dc5;
  const id = row.clinic.id;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % PIECE_ROWS === 0;
}

/** A piece's text, about to be written and deflated. */
interface PieceText {
  bytes: Buffer;
  hash: string;
  crc: number;
}

/** A piece's deflated form on its way to the `.gz`, and its entry in the bookkeeping (null: the tail). */
interface Queued {
  piece: Promise<DeflatedPiece>;
  entry: PieceEntry | null;
}

/**
 * A text download written state by state: each state's text goes to the file, and to the `.gz` sibling as deflated
 * pieces (cut at `endsPiece` rows and at the end of each state): one gzip member, pieces in order
 * (`./gzip-member.ts`). In an incremental release the previous release's files are the cache (`./previous-text.ts`):
 * a piece whose rows all kept their text is copied from the previous file, a row that kept its text is copied from
 * its piece there, and only changed rows are serialised; a piece whose text and dictionary (the 32 KiB before it) are
 * the previous release's copies its deflated bytes from the previous `.gz`, the others are deflated. What is copied is
 * checked against the CRC-32 kept for it first, and made again when it does not match. What this release wrote goes
 * to its bookkeeping (`./text-book.ts`) for the next.
 * @example const csv = await textSink(target, { head: "id\r\n", line: (r) => `${r.clinic.id}\r\n`, separator: "", tail: "", empty: "id\r\n" });
 */
export async function textSink(target: SinkTarget, layout: TextLayout): Promise<RowSink> {
  const { out, path, book, extension } = target;
  const level = gzipLevel(out.compression);
  const file = await out.stream(path);
  const gz = await out.stream(`${path}.gz`);
  const header = gzipHeader(level);
  await gz.write(header);
  const headBytes = Buffer.byteLength(layout.head);
  const separatorBytes = Buffer.byteLength(layout.separator);
  const counts = book.counts(extension);
  let rows = 0;
  let crc = 0;
  /** Bytes of the raw file and of the `.gz` so far. */
  let length = 0;
  let gzLength = header.length;
  /**
   * The pieces whose text the next piece's dictionary (the last WINDOW bytes of the text so far, what an inflater's
   * window holds) comes from: their hashes name it in the pieces' keys, and their bytes make it when a piece is
   * deflated (a piece copied whole needs none).
   */
  const recent: { hash: string; bytes: Buffer }[] = [];
  let covered = 0;
  const queued: Queued[] = [];
  let previous: PreviousText | null = null;

  const next = async () => {
    const { piece: p, entry } = queued.shift() as Queued;
    const piece = await p;
    crc = crc32Combine(crc, piece.crc, piece.length);
    if (entry) {
      entry.gzOffset = gzLength;
      entry.gzLength = piece.deflated.length;
      entry.gzCrc = piece.deflatedCrc ?? crc32(piece.deflated);
    }
    gzLength += piece.deflated.length;
    await gz.write(piece.deflated);
  };

  /** Queues the deflated form of a piece that follows the text so far: the previous release's, or deflated now. */
  const deflate = async (text: PieceText, entry: PieceEntry | null) => {
    const { bytes, hash } = text;
    const key = createHash("sha256")
      .update(
        [
          TEXT_LAYOUT,
          level,
          process.versions.zlib,
          Math.min(covered, WINDOW),
          ...recent.map((r) => r.hash),
          hash,
        ].join("\0"),
      )
      .digest("base64");
    if (entry) entry.key = key;
    const before = recent.map((r) => r.bytes);
    const kept = previous?.deflated(key, text) ?? null;
    const piece = (async (): Promise<DeflatedPiece> => {
      const reused = kept ? await kept : null;
      if (reused) {
        counts.deflatedReused++;
        return reused;
      }
      counts.deflated++;
      counts.deflatedBytes += bytes.length;
      const dictionary = before.length === 1 ? (before[0] as Buffer) : Buffer.concat(before);
      return deflatePiece(bytes, level, dictionary.subarray(Math.max(0, dictionary.length - WINDOW)));
    })();
    piece.catch(() => {}); // awaited in order by `next`; a failure surfaces there
    queued.push({ piece, entry });
    recent.push({ hash, bytes });
    covered += bytes.length;
    while (covered - (recent[0] as { bytes: Buffer }).bytes.length >= WINDOW)
      covered -= (recent.shift() as { bytes: Buffer }).bytes.length;
    while (queued.length > AHEAD) await next();
  };

  /** The text of rows `from`…`to` of a state: the previous release's piece, or its rows' lines joined. */
  const pieceText = async (
    state: StateRows,
    from: number,
    to: number,
    lines: number[],
  ): Promise<PieceText> => {
    const first = rows === 0;
    const whole = previous ? await previous.piece(state.previous, from, to, first) : null;
    if (whole) {
      counts.piecesReused++;
      counts.rowsReused += to - from;
      for (const n of whole.lines) lines.push(n);
      return whole;
    }
    const parts: (string | Buffer)[] = [];
    let size = 0;
    for (let i = from; i < to; i++) {
      const prefix = rows === 0 && i === from ? layout.head : layout.separator;
      const at = state.previous[i] as number;
      let line: string | Buffer | null = previous && at >= 0 ? await previous.line(at) : null;
      let bytes: number;
      if (line === null) {
        line = layout.line(state.rows[i] as ExportRow);
        bytes = Buffer.byteLength(line);
        counts.rowsSerialised++;
      } else {
        bytes = line.length;
        counts.rowsReused++;
      }
      if (prefix !== "") parts.push(prefix);
      parts.push(line);
      size += (prefix === layout.head ? headBytes : separatorBytes) + bytes;
      lines.push(bytes);
    }
    const bytes = joinParts(parts, size);
    return { bytes, hash: createHash("sha256").update(bytes).digest("base64"), crc: crc32(bytes) };
  };

  return {
    async append(state) {
      previous = await book.previousText(extension, state.code, { headBytes, separatorBytes });
      const record: FormatRecord = { lines: [], pieces: [] };
      const texts: PieceText[] = [];
      const entries: PieceEntry[] = [];
      let from = 0;
      const cut = async (to: number) => {
        if (to === from) return;
        const text = await pieceText(state, from, to, record.lines);
        entries.push({
          rows: to - from,
          offset: length + texts.reduce((n, t) => n + t.bytes.length, 0),
          length: text.bytes.length,
          crc: text.crc,
          hash: text.hash,
          key: "",
          gzOffset: 0,
          gzLength: 0,
          gzCrc: 0,
        });
        texts.push(text);
        rows += to - from;
        from = to;
      };
      for (let i = 0; i < state.rows.length; i++) if (endsPiece(state.rows[i] as ExportRow)) await cut(i + 1);
      await cut(state.rows.length);
      if (texts.length === 0) return;
      await file.write(
        texts.length === 1 ? (texts[0] as PieceText).bytes : Buffer.concat(texts.map((t) => t.bytes)),
      );
      for (const [i, text] of texts.entries()) {
        length += text.bytes.length;
        await deflate(text, entries[i] as PieceEntry);
      }
      // The state's entries are complete once its pieces are in the `.gz`.
      while (queued.length > 0) await next();
      record.pieces = entries;
      book.record(extension, state.code, record);
    },
    async close() {
      previous = null;
      const tail = Buffer.from(rows === 0 ? layout.empty : layout.tail);
      if (tail.length > 0) {
        await file.write(tail);
        length += tail.length;
        await deflate(
          { bytes: tail, hash: createHash("sha256").update(tail).digest("base64"), crc: crc32(tail) },
          null,
        );
      }
      while (queued.length > 0) await next();
      await gz.write(gzipEnd(crc, length));
      const [main, ...siblings] = await file.close();
      const gzFiles = await gz.close();
      return { rows, files: [main as TreeFile, ...siblings, ...gzFiles] };
    },
  };
}

/** Strings and bytes joined into one buffer of `size` bytes. */
function joinParts(parts: readonly (string | Buffer)[], size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of parts) at += typeof p === "string" ? out.write(p, at) : p.copy(out, at);
  return out;
}

export type { TextCounts };
