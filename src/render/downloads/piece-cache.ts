import { createHash } from "node:crypto";
import { link, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type DeflatedPiece, deflatePiece } from "./gzip-member.js";

/** Folder of the render bookkeeping (`state/render/` of a release) that holds the deflated pieces. */
export const PIECES_DIR = "download-pieces";

/**
 * Version of the piece layout and of how pieces are deflated: part of every key, so that a change of either never
 * reuses an old piece.
 */
const LAYOUT = "gzip-piece 2";
/** A piece file: CRC-32 (4 bytes), length (6 bytes), SHA-256 of those and the deflated bytes (32), deflated bytes. */
const HEAD = 4 + 6 + 32;

/** What a release did with its pieces: reused from the release before, or deflated. */
export interface PieceCounts {
  reused: number;
  deflated: number;
  /** Bytes of the pieces deflated (before deflating). */
  deflatedBytes: number;
}

/**
 * The deflated pieces of the text downloads (`./text-sink.ts`), kept in the render bookkeeping and keyed by a hash
 * of the piece's bytes, of its dictionary (the text before it), the gzip level and zlib's version: a piece whose
 * rows and the text before it did not change reuses the previous release's piece (hard-linked into this release's bookkeeping) instead of deflating it again. A piece
 * whose file is missing, truncated or altered is deflated again — never used.
 * @example const cache = new PieceCache({ previous: null, out: "/store/temp/state/render", level: 9 }); const p = await cache.piece(bytes);
 */
export class PieceCache {
  readonly #previous: string | null;
  readonly #out: string | null;
  readonly #level: number;
  readonly #counts: PieceCounts = { reused: 0, deflated: 0, deflatedBytes: 0 };
  #ready: Promise<unknown> | null = null;

  constructor(o: {
    /** The release before's render bookkeeping (null: deflate everything). */
    previous: string | null;
    /** This release's render bookkeeping (null: keep nothing). */
    out: string | null;
    level: number;
  }) {
    this.#previous = o.previous === null ? null : join(o.previous, PIECES_DIR);
    this.#out = o.out === null ? null : join(o.out, PIECES_DIR);
    this.#level = o.level;
  }

  get counts(): PieceCounts {
    return { ...this.#counts };
  }

  /**
   * The deflated piece of `text` (its bytes and their SHA-256) after `dictionary` (the text before it; `id` names
   * it: the hashes of the pieces it is the end of): the release before's when it has it intact, else deflated now.
   */
  async piece(
    text: { bytes: Buffer; hash: string },
    dictionary: { bytes: Buffer; id: string },
  ): Promise<DeflatedPiece> {
    const { bytes } = text;
    const key = [
      LAYOUT,
      this.#level,
      process.versions.zlib,
      dictionary.bytes.length,
      dictionary.id,
      text.hash,
    ];
    const name = `${createHash("sha256").update(key.join("\0")).digest("hex")}.deflate`;
    if (this.#out) {
      this.#ready ??= mkdir(this.#out, { recursive: true });
      await this.#ready;
    }
    const kept = this.#previous ? await readPiece(join(this.#previous, name), bytes.length) : null;
    if (kept && this.#previous) {
      this.#counts.reused++;
      if (this.#out) await ignoreExisting(link(join(this.#previous, name), join(this.#out, name)));
      return kept;
    }
    const piece = await deflatePiece(bytes, this.#level, dictionary.bytes);
    this.#counts.deflated++;
    this.#counts.deflatedBytes += bytes.length;
    if (this.#out) await ignoreExisting(writeFile(join(this.#out, name), pieceFile(piece), { flag: "wx" }));
    return piece;
  }
}

/** A piece as its file holds it. */
function pieceFile(piece: DeflatedPiece): Buffer {
  const head = Buffer.alloc(HEAD);
  head.writeUInt32BE(piece.crc, 0);
  head.writeUIntBE(piece.length, 4, 6);
  checksum(head, piece.deflated).copy(head, 10);
  return Buffer.concat([head, piece.deflated]);
}

function checksum(head: Buffer, deflated: Buffer): Buffer {
  return createHash("sha256").update(head.subarray(0, 10)).update(deflated).digest();
}

/** A piece file read back, or null when it is missing or not intact (or not of a piece of `length` bytes). */
async function readPiece(file: string, length: number): Promise<DeflatedPiece | null> {
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return null; // missing or unreadable: deflated again, as when it is not intact
  }
  if (body.length < HEAD) return null;
  const deflated = body.subarray(HEAD);
  if (!checksum(body, deflated).equals(body.subarray(10, HEAD))) return null;
  if (body.readUIntBE(4, 6) !== length) return null;
  return { deflated, crc: body.readUInt32BE(0), length };
}

/** Two equal pieces in one release share one file. */
async function ignoreExisting(p: Promise<void>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
}
