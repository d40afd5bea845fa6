import { createReadStream } from "node:fs";
import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** Characters buffered across all states before they are appended to their files. */
const FLUSH_CHARS = 4 << 20;

/**
 * Values spilled to one NDJSON file per state in a folder, so that a stage can later work one state at a time:
 * memory holds the buffer (a few MiB) and, when read back, one state.
 * @example const spill = new StateSpill(dir); await spill.add("TX", record); await spill.flush(); await spill.read("TX")
 */
export class StateSpill<T> {
  private buffers = new Map<string, string[]>();
  private buffered = 0;
  private readonly counts = new Map<string, number>();
  private ready: Promise<unknown> | undefined;

  constructor(readonly dir: string) {}

  /** Adds a value to a state's file (buffered). */
  async add(state: string, value: T): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    const list = this.buffers.get(state);
    if (list) list.push(line);
    else this.buffers.set(state, [line]);
    this.counts.set(state, (this.counts.get(state) ?? 0) + 1);
    this.buffered += line.length;
    if (this.buffered >= FLUSH_CHARS) await this.flush();
  }

  /** Writes the buffered values to their files. */
  async flush(): Promise<void> {
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const buffers = this.buffers;
    this.buffers = new Map();
    this.buffered = 0;
    for (const [state, lines] of buffers) await appendFile(this.file(state), lines.join(""));
  }

  /** Values of each state, by USPS code. */
  get states(): ReadonlyMap<string, number> {
    return this.counts;
  }

  /** Every value of a state (after `flush`), in the order added. */
  async read(state: string): Promise<T[]> {
    if (!this.counts.has(state)) return [];
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

  private file(state: string): string {
    return join(this.dir, `${state}.ndjson`);
  }
}
