import { performance } from "node:perf_hooks";
import { peakRssMiB } from "../util/peak-rss.js";

/**
 * Wall time of each step of a render, summed by name, printed to stderr at the end when `UCD_RENDER_TRACE` is set
 * (how `npm run bench` and docs/benchmarks.md break a build's time down). Off, it only calls the step. A step's
 * time includes waiting for the compression workers when the writer's queue is full, so compression shows up in
 * the steps that produce the most bytes; the workers' own CPU time is not counted here. Memory: the process's peak
 * RSS (`peakRssMiB`) when the trace began, and the steps during which it rose, with the peak they left.
 * @example
 * const trace = RenderTrace.fromEnv();
 * const group = await trace.step("load + group", () => load(code));
 * trace.print();
 */
export class RenderTrace {
  readonly #totals: Map<string, number> | null;
  /** The peak RSS (MiB) a step left, for the steps that raised it. */
  readonly #rose = new Map<string, number>();
  #peak: number;
  readonly #peakBefore: number;

  private constructor(on: boolean) {
    this.#totals = on ? new Map() : null;
    this.#peakBefore = on ? peakRssMiB() : 0;
    this.#peak = this.#peakBefore;
  }

  /** On when the environment variable `UCD_RENDER_TRACE` is set to anything but empty or `0`. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): RenderTrace {
    const v = env.UCD_RENDER_TRACE;
    return new RenderTrace(v !== undefined && v !== "" && v !== "0");
  }

  /** Runs `fn`, adding its wall time to `name`'s total, and returns its value. */
  async step<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
    const totals = this.#totals;
    if (!totals) return fn();
    const t = performance.now();
    try {
      return await fn();
    } finally {
      totals.set(name, (totals.get(name) ?? 0) + performance.now() - t);
      const peak = peakRssMiB();
      if (peak > this.#peak) {
        this.#peak = peak;
        this.#rose.set(name, peak);
      }
    }
  }

  /** Writes `trace <text>` at once when on (a count a step wants known, such as the downloads' pieces reused). */
  note(text: string, write: (line: string) => void = (line) => process.stderr.write(line)): void {
    if (this.#totals) write(`trace ${text}\n`);
  }

  /**
   * Writes the peak RSS before the first step, then one line per step, `trace <seconds> s <name>`, in the order the
   * steps first ran, each followed by ` (peak <MiB> MiB)` when the process's peak rose during it (the last time).
   */
  print(write: (line: string) => void = (line) => process.stderr.write(line)): void {
    if (!this.#totals) return;
    write(`trace peak RSS before the first step: ${this.#peakBefore} MiB\n`);
    for (const [name, ms] of this.#totals) {
      const rose = this.#rose.get(name);
      write(`trace ${(ms / 1000).toFixed(2)} s ${name}${rose === undefined ? "" : ` (peak ${rose} MiB)`}\n`);
    }
  }
}
