import { Transform, type TransformCallback } from "node:stream";
import type { RowProblem } from "./types.js";

/** Longest physical line accepted (bytes); real clinic records are a few hundred bytes. */
export const MAX_LINE_BYTES = 1 << 20;

/**
 * Passes bytes through, but cuts every physical line longer than `maxBytes` down to nothing (keeping its line
 * break, so line numbers stay right) and reports it. A line ends at LF, CRLF or a CR alone (classic Mac OS files
 * end lines with CR only; the readers' line splitter, Node's readline, reads all three). Memory is bounded by
 * `maxBytes`, whatever the input.
 * @example createReadStream(file).pipe(new LineGuard(1 << 20, (line, bytes) => report(line, bytes)))
 */
export class LineGuard extends Transform {
  private line = 1;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private dropping = false;
  private droppedBytes = 0;
  /** The last chunk ended with a CR: an LF starting the next one completes its CRLF, not a line of its own. */
  private afterCr = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onTooLong: (line: number, bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    const out: Buffer[] = [];
    if (this.afterCr && chunk[0] === LF) {
      out.push(chunk.subarray(0, 1));
      start = 1;
    }
    this.afterCr = false;
    let lf = -1;
    let cr = -1;
    while (start < chunk.length) {
      if (lf !== -2 && lf < start) lf = orNone(chunk.indexOf(LF, start));
      if (cr !== -2 && cr < start) cr = orNone(chunk.indexOf(CR, start));
      const nl = lf === -2 ? cr : cr === -2 ? lf : Math.min(lf, cr);
      const end = nl === -2 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (this.dropping) this.droppedBytes += piece.length;
      else if (this.heldBytes + piece.length > this.maxBytes) {
        this.dropping = true;
        this.droppedBytes = this.heldBytes + piece.length;
        this.held = [];
        this.heldBytes = 0;
      } else if (nl === -2) {
        this.held.push(Buffer.from(piece));
        this.heldBytes += piece.length;
      } else {
        out.push(...this.held, piece);
        this.held = [];
        this.heldBytes = 0;
      }
      if (nl === -2) break;
      if (this.dropping) {
        this.onTooLong(this.line, this.droppedBytes);
        this.dropping = false;
        this.droppedBytes = 0;
      }
      // The line break as it is: LF, CRLF, or a CR alone (whose LF may start the next chunk).
      let next = nl + 1;
      if (chunk[nl] === CR) {
        if (nl + 1 === chunk.length) this.afterCr = true;
        else if (chunk[nl + 1] === LF) next = nl + 2;
      }
      out.push(chunk.subarray(nl, next));
      this.line++;
      start = next;
    }
    if (out.length) this.push(Buffer.concat(out));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.dropping) this.onTooLong(this.line, this.droppedBytes);
    else if (this.heldBytes) this.push(Buffer.concat(this.held));
    done();
  }
}

const LF = 0x0a;
const CR = 0x0d;
/** -2 for "none left in the chunk" (indexOf's -1 would read as a position before `start`). */
const orNone = (i: number) => (i === -1 ? -2 : i);

/**
 * The guard every line-based reader uses: lines over MAX_LINE_BYTES are dropped and reported as `row_too_large`.
 * @example createReadStream(path).pipe(tooLongLinesReported(onRowProblem))
 */
export function tooLongLinesReported(onRowProblem: RowProblem): LineGuard {
  return new LineGuard(MAX_LINE_BYTES, (line, bytes) =>
    onRowProblem(
      line,
      "row_too_large",
      `line of ${bytes} bytes is longer than the ${MAX_LINE_BYTES}-byte limit; skipped`,
    ),
  );
}
