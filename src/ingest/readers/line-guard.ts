import { Transform, type TransformCallback } from "node:stream";
import type { RowProblem } from "./types.js";

/** Longest physical line accepted (bytes); real clinic records are a few hundred bytes. */
export const MAX_LINE_BYTES = 1 << 20;

/**
 * Passes bytes through, but cuts every physical line longer than `maxBytes` down to nothing (keeping its line
 * break, so line numbers stay right) and reports it. Memory is bounded by `maxBytes`, whatever the input.
 * @example createReadStream(file).pipe(new LineGuard(1 << 20, (line, bytes) => report(line, bytes)))
 */
export class LineGuard extends Transform {
  private line = 1;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private dropping = false;
  private droppedBytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly onTooLong: (line: number, bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    const out: Buffer[] = [];
    while (start < chunk.length) {
      const nl = chunk.indexOf(10, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (this.dropping) this.droppedBytes += piece.length;
      else if (this.heldBytes + piece.length > this.maxBytes) {
        this.dropping = true;
        this.droppedBytes = this.heldBytes + piece.length;
        this.held = [];
        this.heldBytes = 0;
      } else if (nl === -1) {
        this.held.push(Buffer.from(piece));
        this.heldBytes += piece.length;
      } else {
        out.push(...this.held, piece);
        this.held = [];
        this.heldBytes = 0;
      }
      if (nl === -1) break;
      if (this.dropping) {
        this.onTooLong(this.line, this.droppedBytes);
        this.dropping = false;
        this.droppedBytes = 0;
      }
      out.push(NEWLINE);
      this.line++;
      start = nl + 1;
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

const NEWLINE = Buffer.from("\n");

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
