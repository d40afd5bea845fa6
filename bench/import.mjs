// npm run bench [-- ROWS…]: import + build time and peak memory for generated HIFLD-layout CSVs
// (default 10k, 100k and 1M rows; `--import-only` skips the build). The CSVs are generated into a temporary folder and removed afterwards.
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
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const rows = sizes.length ? sizes : [10_000, 100_000, 1_000_000];

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
    const validate = await run(["validate", "--input", csv]);
    console.log(
      `  validate (import only): ${validate.seconds.toFixed(1)} s, peak ${validate.peakMb.toFixed(0)} MiB, exit ${validate.code}`,
    );
    const out = join(dir, `out-${n}`);
    const build = importOnly
      ? { code: 0, seconds: Number.NaN, peakMb: Number.NaN, stderr: "" }
      : await run(["build", "--input", csv, "--out", out, "--compression", "fast"]);
    const built = /built (\d+) clinics.*?: (\d+) files/.exec(build.stderr);
    console.log(
      `  build (import + build): ${build.seconds.toFixed(1)} s, peak ${build.peakMb.toFixed(0)} MiB, exit ${build.code}${built ? `, ${built[1]} clinics, ${built[2]} files` : ""}`,
    );
    if (build.code !== 0) console.log(build.stderr.slice(-2000));
    results.push({ n, size, validate, build, clinics: built ? Number(built[1]) : null });
    await rm(out, { recursive: true, force: true });
    await rm(csv, { force: true });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const ratio = (a, b) => (a && b ? (b.validate.peakMb / a.validate.peakMb).toFixed(2) : null);
for (let i = 1; i < results.length; i++)
  console.log(
    `peak RSS of import, ${results[i].n} / ${results[i - 1].n} rows: ${ratio(results[i - 1], results[i])}`,
  );
console.log(
  "\n| rows | CSV | clinics published | import only (validate) | peak RSS | import + build | peak RSS |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(
    `| ${r.n.toLocaleString("en-US")} | ${(r.size / 2 ** 20).toFixed(0)} MiB | ${r.clinics?.toLocaleString("en-US") ?? "—"} | ${r.validate.seconds.toFixed(1)} s | ${r.validate.peakMb.toFixed(0)} MiB | ${r.build.seconds.toFixed(1)} s | ${r.build.peakMb.toFixed(0)} MiB |`,
  );
}
