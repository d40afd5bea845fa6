import { createReadStream } from "node:fs";
import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** Characters buffered across all states before they are appended to their files. */
const FLUSH_CHARS = 4 << 20;

/**
 * Values a spill keeps as they are, in memory, before it writes anything: an import of this size (a statewide or
 * national urgent-care export has ~10,000 rows) never serialises its records; a larger one spills them all.
 */
const HELD_VALUES = 20_000;

/**
 * Values spilled to one NDJSON file per state in a folder, so that a stage can later work one state at a time:
 * memory holds the buffer (a few MiB) and, when read back, one state. Up to `HELD_VALUES` values stay in memory
 * instead, as they were added; `read` then returns those values (in a new array), as a memory store does.
 * @example const spill = new StateSpill(dir); await spill.add("TX", record); await spill.flush(); await spill.read("TX")
 */
export class StateSpill<T> {
  private buffers = new Map<string, string[]>();
  private buffered = 0;
  private readonly counts = new Map<string, number>();
  private ready: Promise<unknown> | undefined;
  /** The values, by state, while there are at most `HELD_VALUES`; null once they are spilled. */
  private held: Map<string, T[]> | null = new Map();
  private heldCount = 0;

  constructor(readonly dir: string) {}

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
    this.buffer(state, value);
    if (this.buffered >= FLUSH_CHARS) await this.flush();
  }

  /** Writes the buffered values to their files. */
  async flush(): Promise<void> {
    if (this.held) return;
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const buffers = this.buffers;
    this.buffers = new Map();
    this.buffered = 0;
    for (const [state, lines] of buffers) await appendFile(this.file(state), lines.join(""));
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
    // Line by line: the state's file is never held as one string.
    const input = createReadStream(this.file(state));
    try {
      for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }))
        if (line) out.push(JSON.parse(line) as T);
    } finally {
      input.destroy();
    }
    return out;
  }

  /** Past `HELD_VALUES`: every value held goes to the buffers, in the order added, and from now on all do. */
  private async spillHeld(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.held = null;
    for (const [state, values] of held) {
      for (const value of values) this.buffer(state, value);
      if (this.buffered >= FLUSH_CHARS) await this.flush();
    }
    await this.flush();
  }

  private buffer(state: string, value: T): void {
    const line = `${JSON.stringify(value)}\n`;
    const list = this.buffers.get(state);
    if (list) list.push(line);
    else this.buffers.set(state, [line]);
    this.buffered += line.length;
  }

  private file(state: string): string {
    return join(this.dir, `${state}.ndjson`);
  }
}
