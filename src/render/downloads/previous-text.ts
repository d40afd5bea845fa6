import type { DeflatedPiece } from "./gzip-member.js";
import type { PreviousFile } from "./previous-file.js";
import type { FormatRecord, PieceEntry } from "./text-book.js";

/** What a text download of a release reused from the previous one, and what it made again. */
export interface TextCounts {
  /** Pieces whose text was copied whole from the previous file. */
  piecesReused: number;
  /** Rows whose text was copied from the previous file (those of whole pieces included), and rows serialised. */
  rowsReused: number;
  rowsSerialised: number;
  /** Pieces whose deflated bytes were copied from the previous `.gz`, and pieces deflated (with their bytes). */
  deflatedReused: number;
  deflated: number;
  deflatedBytes: number;
  /** Pieces of the previous files that did not match their CRC-32 (made again instead). */
  damaged: number;
}

/** Verified pieces kept at once: a changed piece's rows come from one or two pieces of the previous file. */
const KEEP_PIECES = 8;

/**
 * One format's text of one state in the previous release, as its bookkeeping describes it and its files hold it:
 * where each row's line and each piece lie in the raw file, and each piece's deflated bytes in the `.gz`. Every
 * range is read back through its piece and checked against the piece's CRC-32; a piece that does not match is
 * never used (its rows are serialised again, its deflated form made again).
 * @example const prev = PreviousText.from(record, { raw, gz }, { headBytes: 2, separatorBytes: 2 });
 */
export class PreviousText {
  readonly #record: FormatRecord;
  readonly #raw: PreviousFile;
  readonly #gz: PreviousFile;
  readonly #counts: TextCounts;
  /** Per row: the piece it is in, and where its line starts in the raw file. */
  readonly #rowPiece: Int32Array;
  readonly #rowStart: Float64Array;
  /** Per piece: its first row. */
  readonly #pieceFirst: Int32Array;
  readonly #byKey = new Map<string, PieceEntry>();
  readonly #verified = new Map<number, Promise<Buffer | null>>();

  private constructor(
    record: FormatRecord,
    files: { raw: PreviousFile; gz: PreviousFile },
    counts: TextCounts,
    index: { rowPiece: Int32Array; rowStart: Float64Array; pieceFirst: Int32Array },
  ) {
    this.#record = record;
    this.#raw = files.raw;
    this.#gz = files.gz;
    this.#counts = counts;
    this.#rowPiece = index.rowPiece;
    this.#rowStart = index.rowStart;
    this.#pieceFirst = index.pieceFirst;
    for (const p of record.pieces) this.#byKey.set(p.key, p);
  }

  /**
   * The previous text from its bookkeeping, or null when the record does not add up (rows, lengths): such a record
   * is not trusted for anything.
   */
  static from(
    record: FormatRecord,
    rowCount: number,
    files: { raw: PreviousFile; gz: PreviousFile },
    layout: { headBytes: number; separatorBytes: number },
    counts: TextCounts,
  ): PreviousText | null {
    const { lines, pieces } = record;
    if (lines.length !== rowCount) return null;
    const rowPiece = new Int32Array(rowCount);
    const rowStart = new Float64Array(rowCount);
    const pieceFirst = new Int32Array(pieces.length);
    let row = 0;
    for (const [i, p] of pieces.entries()) {
      if (!(p.rows > 0) || row + p.rows > rowCount) return null;
      pieceFirst[i] = row;
      let at = p.offset;
      for (let k = 0; k < p.rows; k++, row++) {
        at += p.offset === 0 && k === 0 ? layout.headBytes : layout.separatorBytes;
        rowPiece[row] = i;
        rowStart[row] = at;
        at += lines[row] as number;
      }
      if (at !== p.offset + p.length) return null;
    }
    if (row !== rowCount) return null;
    return new PreviousText(record, files, counts, { rowPiece, rowStart, pieceFirst });
  }

  /**
   * The text of a piece of this release whose rows are `previous[from…to)` (indexes of the previous rows, -1 for a
   * row whose text changed) when it is a piece of the previous release, whole (same rows, and the file's first piece
   * in both or neither), and intact; else null.
   */
  async piece(
    previous: Int32Array,
    from: number,
    to: number,
    first: boolean,
  ): Promise<{ bytes: Buffer; hash: string; crc: number; lines: number[] } | null> {
    const p0 = previous[from] as number;
    if (p0 < 0) return null;
    const i = this.#rowPiece[p0] as number;
    const entry = this.#record.pieces[i] as PieceEntry;
    if (this.#pieceFirst[i] !== p0 || entry.rows !== to - from || (entry.offset === 0) !== first) return null;
    for (let k = 1; k < to - from; k++) if (previous[from + k] !== p0 + k) return null;
    const bytes = await this.#pieceBytes(i);
    if (bytes === null) return null;
    return { bytes, hash: entry.hash, crc: entry.crc, lines: this.#record.lines.slice(p0, p0 + entry.rows) };
  }

  /** The line of the previous release's row `at` (its prefix excluded), or null when its piece is not intact. */
  async line(at: number): Promise<Buffer | null> {
    const i = this.#rowPiece[at] as number;
    const bytes = await this.#pieceBytes(i);
    if (bytes === null) return null;
    const start = (this.#rowStart[at] as number) - (this.#record.pieces[i] as PieceEntry).offset;
    return bytes.subarray(start, start + (this.#record.lines[at] as number));
  }

  /**
   * The deflated bytes of the previous release's piece with this key (same text, same dictionary, same gzip level
   * and zlib) when it had one and they are intact, else null (a promise of null when they prove damaged).
   */
  deflated(key: string, text: { bytes: Buffer; crc: number }): Promise<DeflatedPiece | null> | null {
    const entry = this.#byKey.get(key);
    if (!entry || entry.length !== text.bytes.length || entry.crc !== text.crc) return null;
    return this.#gz.readChecked(entry.gzOffset, entry.gzLength, entry.gzCrc).then((deflated) => {
      if (deflated === null) {
        this.#counts.damaged++;
        return null;
      }
      return { deflated, crc: entry.crc, length: entry.length, deflatedCrc: entry.gzCrc };
    });
  }

  #pieceBytes(i: number): Promise<Buffer | null> {
    let bytes = this.#verified.get(i);
    if (bytes === undefined) {
      const entry = this.#record.pieces[i] as PieceEntry;
      bytes = this.#raw.readChecked(entry.offset, entry.length, entry.crc).then((b) => {
        if (b === null) this.#counts.damaged++;
        return b;
      });
      this.#verified.set(i, bytes);
      if (this.#verified.size > KEEP_PIECES)
        this.#verified.delete(this.#verified.keys().next().value as number);
    }
    return bytes;
  }
}
