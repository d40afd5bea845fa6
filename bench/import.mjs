// npm run bench [-- ROWS…]: import + build time and peak memory for generated HIFLD-layout CSVs
// (default 100k, 400k and 1M rows; `--import-only` skips the build, `--build-only` the import-only run), then the growth ratios against the goals of
// docs/benchmarks.md: time(400k)/time(100k) ≤ 4.4, peak(400k)/peak(100k) ≤ 1.5, peak(1M) ≤ 2 GiB. The CSVs are generated into a temporary folder and removed afterwards.
// Each measurement runs the real CLI (`node bin/ucd.js`) in a child process, so the figures include start-up,
// and reads the child's peak resident set size (getrusage maxRSS) through a preloaded module.
import { spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateHifld } from "./import/generate-hifld.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const importOnly = process.argv.includes("--import-only");
/** `--build-only`: skip the import-only (validate) run of each size. */
const buildOnly = process.argv.includes("--build-only");
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const rows = sizes.length ? sizes : [100_000, 400_000, 1_000_000];

function run(args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(
      process.execPath,
      ["--max-old-space-size=16384", "--import", "./bench/import/peak-rss.mjs", "bin/ucd.js", ...args],
      {
        cwd: root,
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-20_000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const peak = /PEAK_RSS_KB=(\d+)/.exec(stderr);
      resolve({ code, seconds, peakMb: peak ? Number(peak[1]) / 1024 : Number.NaN, stderr });
    });
  });
}

/** The figures of a run that was skipped (`--import-only`, `--build-only`). */
const SKIPPED = { code: 0, seconds: Number.NaN, peakMb: Number.NaN, stderr: "" };

const dir = await mkdtemp(join(tmpdir(), "ucd-bench-"));
const results = [];
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
try {
  for (const n of rows) {
    const csv = join(dir, `hifld-${n}.csv`);
    const t0 = Date.now();
    await generateHifld(csv, n);
    const size = (await stat(csv)).size;
    console.log(
      `\n${n.toLocaleString("en-US")} rows: generated ${(size / 2 ** 20).toFixed(1)} MiB in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const validate = buildOnly ? SKIPPED : await run(["validate", "--input", csv]);
    console.log(
      `  validate (import only): ${buildOnly ? "skipped (--build-only)" : `${validate.seconds.toFixed(1)} s, peak ${validate.peakMb.toFixed(0)} MiB, exit ${validate.code}`}`,
    );
    const out = join(dir, `out-${n}`);
    const build = importOnly
      ? SKIPPED
      : await run(["build", "--input", csv, "--out", out, "--compression", "fast"]);
    const built = /built (\d+) clinics.*?: (\d+) files/.exec(build.stderr);
    console.log(
      `  build (import + build): ${importOnly ? "skipped (--import-only)" : `${build.seconds.toFixed(1)} s, peak ${build.peakMb.toFixed(0)} MiB, exit ${build.code}${built ? `, ${built[1]} clinics, ${built[2]} files` : ""}`}`,
    );
    if (build.code !== 0) console.log(build.stderr.slice(-2000));
    results.push({ n, size, validate, build, clinics: built ? Number(built[1]) : null });
    await rm(out, { recursive: true, force: true }); // the link to the release …
    await rm(join(dir, `.out-${n}.releases`), { recursive: true, force: true }); // … and the release store
    await rm(csv, { force: true });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

/** A figure with its unit, or a dash for a run that was skipped. */
const shown = (value, digits, unit) => (Number.isNaN(value) ? "—" : `${value.toFixed(digits)}${unit}`);
/** Ratio of a figure between two runs, or NaN when either is missing. */
const ratio = (a, b, pick) => (a && b ? pick(b) / pick(a) : Number.NaN);
const byRows = (n) => results.find((r) => r.n === n);
/** Whether `value` is within `limit`; nothing when the run was skipped (NaN). */
const verdict = (value, limit) =>
  Number.isNaN(value) ? "" : value <= limit ? " (goal met)" : " (GOAL MISSED)";
console.log("\nGrowth, import + build:");
for (let i = 1; i < results.length; i++) {
  const [a, b] = [results[i - 1], results[i]];
  const time = ratio(a, b, (r) => r.build.seconds);
  const peak = ratio(a, b, (r) => r.build.peakMb);
  const rowsRatio = b.n / a.n;
  const goals = a.n === 100_000 && b.n === 400_000;
  const parts = [];
  if (!importOnly)
    parts.push(
      `time ×${time.toFixed(2)}${goals ? verdict(time, 4.4) : ""}, peak RSS ×${peak.toFixed(2)}${goals ? verdict(peak, 1.5) : ""}`,
    );
  if (!buildOnly)
    parts.push(
      `import only: time ×${ratio(a, b, (r) => r.validate.seconds).toFixed(2)}, peak ×${ratio(a, b, (r) => r.validate.peakMb).toFixed(2)}`,
    );
  console.log(
    `  ${b.n.toLocaleString("en-US")} / ${a.n.toLocaleString("en-US")} rows (×${rowsRatio.toFixed(1)}): ${parts.join("; ")}`,
  );
}
const million = byRows(1_000_000);
if (million && !importOnly)
  console.log(
    `  1,000,000 rows: peak RSS ${(million.build.peakMb / 1024).toFixed(2)} GiB${million.build.code === 0 ? verdict(million.build.peakMb, 2048) : " (the build failed)"}`,
  );
console.log(
  "\n| rows | CSV | clinics published | import only (validate) | peak RSS | import + build | peak RSS |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(
    `| ${r.n.toLocaleString("en-US")} | ${(r.size / 2 ** 20).toFixed(0)} MiB | ${r.clinics?.toLocaleString("en-US") ?? "—"} | ${shown(r.validate.seconds, 1, " s")} | ${shown(r.validate.peakMb, 0, " MiB")} | ${shown(r.build.seconds, 1, " s")} | ${shown(r.build.peakMb, 0, " MiB")} |`,
  );
}
