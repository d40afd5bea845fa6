import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { finished } from "node:stream/promises";

const LF = 0x0a;

/** Characters gathered per state before they go to its file. */
const CHUNK_CHARS = 64 * 1024;

interface OpenFile {
  stream: WriteStream;
  /** Text not yet written. */
  chunk: string;
  error: Error | null;
}

/**
 * Values a spill keeps as they are, in memory, before it writes anything: an import of this size (a statewide or
 * national urgent-care export has ~10,000 rows) never serialises its records; a larger one spills them all.
 */
const HELD_VALUES = 20_000;

/**
 * Values spilled to one NDJSON file per state in a folder, so that a stage can later work one state at a time:
 * memory holds a small chunk per state and, when read back, one state. Each state's file is written through a
 * stream of its own as its chunk fills, so that a value's text is garbage soon after it is made (text held until a
 * shared buffer filled lived through many young-generation collections and was promoted, at 100k rows a third of
 * the import's time went to the collector). Up to `HELD_VALUES` values stay in memory instead, as they were added;
 * `read` then returns those values (in a new array), as a memory store does.
 * @example const spill = new StateSpill(dir); await spill.add("TX", record); await spill.flush(); await spill.read("TX")
 */
export class StateSpill<T> {
  private readonly files = new Map<string, OpenFile>();
  private readonly counts = new Map<string, number>();
  private ready: Promise<unknown> | undefined;
  /** The values, by state, while there are at most `HELD_VALUES`; null once they are spilled. */
  private held: Map<string, T[]> | null;
  private heldCount = 0;

  /** `hold: false` writes every value to the files (for another thread to read them, or to write some itself). */
  constructor(
    readonly dir: string,
    options: { hold?: boolean } = {},
  ) {
    this.held = options.hold === false ? null : new Map();
  }

  /** Adds a value to a state's file (buffered). */
  async add(state: string, value: T): Promise<void> {
    this.counts.set(state, (this.counts.get(state) ?? 0) + 1);
    if (this.held) {
      const list = this.held.get(state);
      if (list) list.push(value);
      else this.held.set(state, [value]);
      if (++this.heldCount > HELD_VALUES) await this.spillHeld();
      return;
    }
    await this.write(state, `${JSON.stringify(value)}\n`);
  }

  /** Writes what is buffered to the files and closes them (a later `add` appends). */
  async flush(): Promise<void> {
    if (this.held) return;
    const files = [...this.files.values()];
    this.files.clear();
    for (const f of files) f.stream.end(f.chunk);
    await Promise.all(files.map((f) => finished(f.stream)));
  }

  /**
   * Counts a state's file written by another writer (a worker thread) as this spill's: it holds `count` values and
   * nothing was added to it here. Only for a spill that holds nothing in memory.
   */
  adopt(state: string, count: number): void {
    if (this.held || this.counts.has(state)) throw new Error(`cannot adopt the file of ${state}`);
    this.counts.set(state, count);
  }

  /** Whether the values are still held in memory (none written to the files). */
  get holding(): boolean {
    return this.held !== null;
  }

  /** Drops the values held in memory (the folder itself is the owner's to remove). */
  release(): void {
    this.held?.clear();
  }

  /** Values of each state, by USPS code. */
  get states(): ReadonlyMap<string, number> {
    return this.counts;
  }

  /** Every value of a state (after `flush`), in the order added. */
  async read(state: string): Promise<T[]> {
    if (!this.counts.has(state)) return [];
    if (this.held) return [...(this.held.get(state) ?? [])];
    const out: T[] = [];
    for await (const lines of this.fileLines(state))
      for (const line of lines) out.push(JSON.parse(line) as T);
    return out;
  }

  /**
   * Every value of a state (after `flush`) with its line, the JSON it was written as (null for a value held in
   * memory), in the order added.
   */
  async readLines(state: string): Promise<{ value: T; line: string | null }[]> {
    if (!this.counts.has(state)) return [];
    if (this.held) return (this.held.get(state) ?? []).map((value) => ({ value, line: null }));
    const out: { value: T; line: string | null }[] = [];
    for await (const lines of this.fileLines(state))
      for (const line of lines) out.push({ value: JSON.parse(line) as T, line });
    return out;
  }

  /** The lines of a state's file, a chunk's at a time: the file is never held as one string. */
  private async *fileLines(state: string): AsyncGenerator<string[]> {
    let rest: Buffer | null = null;
    for await (const read of createReadStream(this.file(state), { highWaterMark: 1 << 20 })) {
      const chunk: Buffer = rest ? Buffer.concat([rest, read as Buffer]) : (read as Buffer);
      const lines: string[] = [];
      let start = 0;
      for (let end = chunk.indexOf(LF); end >= 0; end = chunk.indexOf(LF, start)) {
        if (end > start) lines.push(chunk.toString("utf8", start, end));
        start = end + 1;
      }
      rest = start < chunk.length ? chunk.subarray(start) : null;
      yield lines;
    }
    if (rest) yield [rest.toString("utf8")];
  }

  /** Past `HELD_VALUES`: every value held goes to the files, in the order added, and from now on all do. */
  private async spillHeld(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.held = null;
    for (const [state, values] of held)
      for (const value of values) await this.write(state, `${JSON.stringify(value)}\n`);
  }

  private async write(state: string, line: string): Promise<void> {
    let f = this.files.get(state);
    if (!f) {
      this.ready ??= mkdir(this.dir, { recursive: true });
      await this.ready;
      const stream = createWriteStream(this.file(state), { flags: "a", highWaterMark: 1 << 20 });
      f = { stream, chunk: "", error: null };
      const opened = f;
      // Kept for the next write or the flush to throw (an unheard stream error would end the process).
      stream.on("error", (e) => {
        opened.error = e;
      });
      this.files.set(state, f);
    }
    if (f.error) throw f.error;
    f.chunk += line;
    if (f.chunk.length < CHUNK_CHARS) return;
    // Written as bytes at once: the text is garbage from here on.
    const stream = f.stream;
    const ok = stream.write(f.chunk);
    f.chunk = "";
    if (!ok) await once(stream, "drain");
  }

  private file(state: string): string {
    return join(this.dir, `${state}.ndjson`);
  }
}
