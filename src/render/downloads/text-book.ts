import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ExportRow } from "./rows.js";
import { evidenceText } from "./rows.js";

/**
 * The text downloads' bookkeeping (in the render bookkeeping, `state/render/`): what the next release needs to reuse
 * this one's CSV, JSON and NDJSON instead of writing them again. No copy of the text: the bytes are the release's own
 * download files, read back at the offsets kept here.
 * - `files.json`: each format's dated file names and sizes (the raw file and its `.gz`), and the layout version;
 * - `{STATE}.json`, one per state with clinics: the state's rows in order (id, and the fields of the row its
 *   clinic's content key does not cover), and for each format the byte length of each row's line and the pieces
 *   the state's text was cut into (`./text-sink.ts`): where each lies in the raw file and in the `.gz`, the CRC-32 of
 *   its text and of its deflated bytes, the SHA-256 of its text and the key of its deflated form (its text and its
 *   dictionary). Each file ends with the SHA-256 of what comes before it: a truncated or edited file counts as none.
 */
export const TEXT_BOOK_DIR = "downloads";

/**
 * Version of this bookkeeping and of how pieces are cut and deflated: part of every deflated piece's key, and a
 * previous release with another reuses nothing.
 */
export const TEXT_LAYOUT = "text-book 1";

const FILES = "files.json";

/** One piece of a format's text, where it lies in the release's files and what it holds. */
export interface PieceEntry {
  /** Rows of the piece (consecutive rows of its state). */
  rows: number;
  /** Offset and length of its text in the raw file. */
  offset: number;
  length: number;
  /** CRC-32 and SHA-256 (base64) of its text. */
  crc: number;
  hash: string;
  /** The key of its deflated form: its text's hash, its dictionary's, the gzip level and zlib's version. */
  key: string;
  /** Offset and length of its deflated bytes in the `.gz`, and their CRC-32. */
  gzOffset: number;
  gzLength: number;
  gzCrc: number;
}

/** One format's text of one state: each row's line length (its prefix excluded), and the pieces. */
export interface FormatRecord {
  lines: number[];
  pieces: PieceEntry[];
}

/** One state's rows and each format's text of them. */
export interface StateRecord {
  ids: string[];
  extras: string[];
  formats: Record<string, FormatRecord>;
}

/** One format's files of a release. */
export interface FormatFiles {
  name: string;
  bytes: number;
  gzBytes: number;
}

interface FilesRecord {
  layout: string;
  files: Record<string, FormatFiles>;
  /** What each format reused from the release before and made again (for people and tests; never read back). */
  counts?: Record<string, unknown>;
}

type PieceTuple = [number, number, number, number, string, string, number, number, number];

/**
 * What a row shows that its clinic's content key (`src/render/plan/state-units.ts`) does not cover: the clinic's
 * source ids and network evidence, columns of the downloads alone. A row whose clinic the plan carries and whose
 * extras are the previous release's has the previous release's text, byte for byte.
 * @example rowExtras(row) // '[["hifld:10001234"],"dictionary: carenow"]'
 */
export function rowExtras(row: ExportRow): string {
  return JSON.stringify([row.record.source_ids, evidenceText(row.record)]);
}

/** Text with a trailing line holding the SHA-256 of the text before it. */
function sealed(body: string): string {
  return `${body}\n#sha256 ${createHash("sha256").update(body).digest("hex")}\n`;
}

/** The text of a sealed file, or null when it is missing or its seal does not match. */
async function unsealed(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return null;
  }
  const at = text.lastIndexOf("\n#sha256 ");
  if (at < 0 || !text.endsWith("\n")) return null;
  const body = text.slice(0, at);
  const seal = text.slice(at + 9, -1);
  return createHash("sha256").update(body).digest("hex") === seal ? body : null;
}

/** The bookkeeping of one release: read (the previous release's) or written (this one's). */
export class TextBookDir {
  readonly dir: string;
  #made: Promise<unknown> | null = null;

  constructor(bookkeeping: string) {
    this.dir = join(bookkeeping, TEXT_BOOK_DIR);
  }

  async files(): Promise<Record<string, FormatFiles> | null> {
    const body = await unsealed(join(this.dir, FILES));
    if (body === null) return null;
    try {
      const record = JSON.parse(body) as FilesRecord;
      return record.layout === TEXT_LAYOUT ? record.files : null;
    } catch {
      return null;
    }
  }

  async writeFiles(files: Record<string, FormatFiles>, counts: Record<string, unknown>): Promise<void> {
    await this.#mkdir();
    const record: FilesRecord = { layout: TEXT_LAYOUT, files, counts };
    await writeFile(join(this.dir, FILES), sealed(JSON.stringify(record)));
  }

  async state(code: string): Promise<StateRecord | null> {
    const body = await unsealed(join(this.dir, `${code}.json`));
    if (body === null) return null;
    try {
      const raw = JSON.parse(body) as {
        layout: string;
        ids: string[];
        extras: string[];
        formats: Record<string, { lines: number[]; pieces: PieceTuple[] }>;
      };
      if (raw.layout !== TEXT_LAYOUT || raw.ids.length !== raw.extras.length) return null;
      const formats: Record<string, FormatRecord> = {};
      for (const [ext, f] of Object.entries(raw.formats)) {
        formats[ext] = {
          lines: f.lines,
          pieces: f.pieces.map(([rows, offset, length, crc, hash, key, gzOffset, gzLength, gzCrc]) => ({
            rows,
            offset,
            length,
            crc,
            hash,
            key,
            gzOffset,
            gzLength,
            gzCrc,
          })),
        };
      }
      return { ids: raw.ids, extras: raw.extras, formats };
    } catch {
      return null;
    }
  }

  async writeState(code: string, record: StateRecord): Promise<void> {
    await this.#mkdir();
    const formats: Record<string, { lines: number[]; pieces: PieceTuple[] }> = {};
    for (const [ext, f] of Object.entries(record.formats)) {
      formats[ext] = {
        lines: f.lines,
        pieces: f.pieces.map((p) => [
          p.rows,
          p.offset,
          p.length,
          p.crc,
          p.hash,
          p.key,
          p.gzOffset,
          p.gzLength,
          p.gzCrc,
        ]),
      };
    }
    const body = JSON.stringify({ layout: TEXT_LAYOUT, ids: record.ids, extras: record.extras, formats });
    await writeFile(join(this.dir, `${code}.json`), sealed(body));
  }

  #mkdir(): Promise<unknown> {
    this.#made ??= mkdir(this.dir, { recursive: true });
    return this.#made;
  }
}
