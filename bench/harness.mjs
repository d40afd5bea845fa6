// What the benchmarks that compare our readers with DuckDB share (bench/nppes/run.mjs, bench/overture/run.mjs): a
// measured child process (time, peak RSS through bench/import/peak-rss.mjs, its `RESULT {json}` line), a warm-up
// read, medians, and the machine's description.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

const PEAK_RSS = fileURLToPath(new URL("import/peak-rss.mjs", import.meta.url));
export const GiB = 2 ** 30;

/**
 * Runs a command with the peak-RSS probe preloaded; resolves with its time, CPU time (user + system, all threads),
 * peak RSS, exit code and RESULT line.
 * @param {string[]} args node arguments after the probe
 * @param {string} cwd
 */
export function measure(args, cwd) {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ["--import", PEAK_RSS, ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-50_000);
    });
    child.on("error", fail);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // `ucd build` starts itself again with its V8 flag (src/cli/relaunch.ts), the probe preloaded in both: the
      // peak is the larger process's, the CPU time both processes'.
      const peaks = [...stderr.matchAll(/PEAK_RSS_KB=(\d+)/g)].map((m) => Number(m[1]));
      const cpus = [...stderr.matchAll(/CPU_US=(\d+)/g)].map((m) => Number(m[1]));
      const result = /^RESULT (.*)$/m.exec(stdout);
      done({
        code,
        seconds,
        peakBytes: peaks.length > 0 ? Math.max(...peaks) * 1024 : Number.NaN,
        cpuSeconds: cpus.length > 0 ? cpus.reduce((a, b) => a + b, 0) / 1e6 : Number.NaN,
        result: result ? JSON.parse(result[1]) : null,
        stderr,
      });
    });
  });
}

/** Reads a file once, so that every reader finds it in the page cache; resolves with the seconds it took. */
export async function warm(path) {
  const started = performance.now();
  const s = createReadStream(path, { highWaterMark: 8 * 2 ** 20 });
  s.resume();
  await once(s, "end");
  return (performance.now() - started) / 1000;
}

/** @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** @param {number} bytes */
export const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
/** @param {number} bytes */
export const mib = (bytes) => (Number.isNaN(bytes) ? "—" : `${(bytes / 2 ** 20).toFixed(0)} MiB`);

/** The load average, as `1.2 3.4 5.6`. */
export const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

/** One line saying what machine measured, under what load, which checkout. @param {string} repo */
export const machine = (repo) =>
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / GiB).toFixed(0)} GiB, Node ${process.version}, load average ${load()}; repo measured: ${repo}`;

/**
 * The medians of a reader's measured runs (`measure`'s results) and the line of the results table that says them:
 * `| name | time | MB/s | peak RSS | counts (against the expected count) … | runs |`, or "not available" and null when
 * no run gave a result.
 * @param {string} name
 * @param {Awaited<ReturnType<typeof measure>>[]} list
 * @param {{ bytes: number, expected: number, digits?: number, note?: (ok: Awaited<ReturnType<typeof measure>>[]) => string }} o
 * @returns {{ s: number, peak: number } | null}
 */
export function tableRow(name, list, o) {
  const ok = list.filter((x) => x.code === 0 && x.result?.available);
  if (ok.length === 0) {
    const why = list[0]?.result?.reason ?? `exit ${list[0]?.code}: ${list[0]?.stderr.slice(-300)}`;
    console.log(`| ${name} | not available (${why}) | | | | |`);
    return null;
  }
  const digits = o.digits ?? 1;
  const s = median(ok.map((x) => x.result.seconds));
  const peak = Math.max(...ok.map((x) => x.peakBytes));
  const counts = [...new Set(ok.map((x) => x.result.count))];
  const verdict =
    counts.length === 1 && counts[0] === o.expected ? "= ground truth" : `≠ ground truth ${o.expected}`;
  console.log(
    `| ${name} | ${s.toFixed(digits)} s | ${(o.bytes / 1e6 / s).toFixed(0)} MB/s | ${mib(peak)} | ${counts.join(", ")} (${verdict}${o.note?.(ok) ?? ""}) | ${ok.map((x) => x.result.seconds.toFixed(digits)).join(", ")} |`,
  );
  return { s, peak };
}
