import { performance } from "node:perf_hooks";
import { peakRssMiB } from "../util/peak-rss.js";

/**
 * The wall and CPU time of each stage of an import, printed to stderr as it ends when `UCD_IMPORT_TRACE` is set
 * (how the import's figures in docs/ingest.md were broken down). CPU time is the whole process's: a worker's and
 * the compression threads' included; the peak RSS is the process's so far (`peakRssMiB`). Off, it does nothing.
 * @example const trace = ImportTrace.fromEnv(); read(); trace.mark("read"); resolve(); trace.mark("states");
 */
export class ImportTrace {
  #wall = performance.now();
  #cpu = process.cpuUsage();

  private constructor(private readonly on: boolean) {}

  /** On when the environment variable `UCD_IMPORT_TRACE` is set to anything but empty or `0`. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): ImportTrace {
    const v = env.UCD_IMPORT_TRACE;
    return new ImportTrace(v !== undefined && v !== "" && v !== "0");
  }

  /** Prints the time since the last mark (or the start) under `stage`, with `detail` when given. */
  mark(stage: string, detail = ""): void {
    if (!this.on) return;
    const wall = performance.now();
    const cpu = process.cpuUsage(this.#cpu);
    const s = (us: number) => `${(us / 1e6).toFixed(2)} s`;
    process.stderr.write(
      `import trace: ${stage.padEnd(10)} ${s((wall - this.#wall) * 1000)} wall, ${s(cpu.user + cpu.system)} cpu, peak RSS ${peakRssMiB()} MiB${detail ? ` (${detail})` : ""}\n`,
    );
    this.#wall = wall;
    this.#cpu = process.cpuUsage();
  }
}
