import { closeSync, openSync, readSync } from "node:fs";

const CHUNK = 1 << 20;

/**
 * The lines of a text file, read forward in 1 MiB chunks (synchronously: a local file read once, from one
 * place), without the newline; `#` lines (a manifest's header and trailer) and empty lines are skipped.
 * @example const r = new LineReader("files.tsv"); for (let l = r.next(); l !== null; l = r.next()) …; r.close();
 */
export class LineReader {
  readonly #fd: number;
  readonly #buffer = Buffer.allocUnsafe(CHUNK);
  #lines: string[] = [];
  #at = 0;
  #rest = "";
  #done = false;

  constructor(file: string) {
    this.#fd = openSync(file, "r");
  }

  /** The next line, or null at the end. */
  next(): string | null {
    for (;;) {
      while (this.#at < this.#lines.length) {
        const line = this.#lines[this.#at++] as string;
        if (line !== "" && line.charCodeAt(0) !== 35 /* # */) return line;
      }
      if (this.#done) return null;
      this.#fill();
    }
  }

  close(): void {
    closeSync(this.#fd);
  }

  #fill(): void {
    const n = readSync(this.#fd, this.#buffer, 0, CHUNK, null);
    const text = this.#rest + this.#buffer.toString("latin1", 0, n);
    this.#done = n === 0;
    const lines = text.split("\n");
    this.#rest = this.#done ? "" : (lines.pop() ?? "");
    this.#lines = lines;
    this.#at = 0;
  }
}
