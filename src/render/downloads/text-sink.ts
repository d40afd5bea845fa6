import { createHash } from "node:crypto";
import { gzipLevel } from "../output/compress.js";
import type { TreeFile } from "../output/tree-manifest.js";
import type { RowSink, SinkTarget } from "./formats.js";
import { crc32Combine, type DeflatedPiece, gzipEnd, gzipHeader, WINDOW } from "./gzip-member.js";
import type { ExportRow } from "./rows.js";

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

/**
 * A text download written state by state: each state's text goes to the file as it is, and to the `.gz` sibling
 * as deflated pieces (cut at `endsPiece` rows and at the end of each state; each reused from the release before
 * when its text and the 32 KiB before it did not change): one gzip member, pieces in order (`./gzip-member.ts`).
 * @example const csv = await textSink(target, { head: "id\r\n", line: (r) => `${r.clinic.id}\r\n`, separator: "", tail: "", empty: "id\r\n" });
 */
export async function textSink({ out, path, pieces }: SinkTarget, layout: TextLayout): Promise<RowSink> {
  const file = await out.stream(path);
  const gz = await out.stream(`${path}.gz`);
  await gz.write(gzipHeader(gzipLevel(out.compression)));
  let rows = 0;
  let crc = 0;
  let length = 0;
  /** The last WINDOW bytes of the text so far: the next piece's dictionary (what an inflater's window holds). */
  let window = Buffer.alloc(0);
  /** The pieces whose text the window ends with (hash and length), which name it in the pieces' keys. */
  const recent: { hash: string; length: number }[] = [];
  const queued: Promise<DeflatedPiece>[] = [];
  const next = async () => {
    const piece = await (queued.shift() as Promise<DeflatedPiece>);
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
    await gz.write(piece.deflated);
  };
  const deflate = async (bytes: Buffer) => {
    const hash = createHash("sha256").update(bytes).digest("base64");
    const piece = pieces.piece({ bytes, hash }, { bytes: window, id: recent.map((r) => r.hash).join(",") });
    piece.catch(() => {}); // awaited in order by `next`; a failure surfaces there
    queued.push(piece);
    window = Buffer.from(
      bytes.length >= WINDOW ? bytes.subarray(-WINDOW) : Buffer.concat([window, bytes]).subarray(-WINDOW),
    );
    recent.push({ hash, length: bytes.length });
    let covered = recent.reduce((n, r) => n + r.length, 0);
    while (covered - (recent[0]?.length ?? 0) >= WINDOW)
      covered -= (recent.shift() as { length: number }).length;
    while (queued.length > AHEAD) await next();
  };
  /** Writes a state's text (its pieces' texts in order) to the file, and deflates each piece. */
  const put = async (texts: readonly string[]) => {
    const bytes = texts.filter((t) => t !== "").map((t) => Buffer.from(t));
    if (bytes.length === 0) return;
    await file.write(bytes.length === 1 ? (bytes[0] as Buffer) : Buffer.concat(bytes));
    for (const b of bytes) await deflate(b);
  };
  return {
    async append(batch) {
      const texts: string[] = [];
      let text = "";
      for (const row of batch) {
        text += (rows === 0 ? layout.head : layout.separator) + layout.line(row);
        rows++;
        if (endsPiece(row)) {
          texts.push(text);
          text = "";
        }
      }
      texts.push(text);
      await put(texts);
    },
    async close() {
      await put([rows === 0 ? layout.empty : layout.tail]);
      while (queued.length > 0) await next();
      await gz.write(gzipEnd(crc, length));
      const [main, ...siblings] = await file.close();
      return { rows, files: [main as TreeFile, ...siblings, ...(await gz.close())] };
    },
  };
}
