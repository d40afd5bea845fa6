// npm run bench:nppes [-- --rows N] [--runs N] [--repo DIR] [--no-build] [--no-filter]
//
// The NPPES goals of docs/benchmarks.md ("NPPES filter"), measured in one run on one generated file:
// 1. filtering the main CSV for urgent-care organisation rows (entity type 2, 261QU0200X in any of the 15 taxonomy
//    slots): our filterNppes against DuckDB's read_csv with the same filter, each in its own process (time, MB/s,
//    peak RSS, count), alternating DuckDB, ours, DuckDB, ours… after one warm-up read, medians reported;
// 2. import + build of the whole bundle in one command (`ucd build --input <bundle.zip>`): time and peak RSS.
// The bundle and its extracted main CSV are generated once into a cache folder outside the repository
// ($UCD_BENCH_CACHE, default ../bench-cache/nppes beside the repository) and reused while the options and the
// generator are unchanged. `--repo DIR` measures another checkout's filter and build (its dist/ must be built).
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { GiB, load, machine, mb, measure, mib, tableRow, warm } from "../harness.mjs";
import { FULL_ROWS, generateNppes, monthlyOptions } from "./generate-nppes.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const { values: v } = parseArgs({
  options: {
    rows: { type: "string" },
    runs: { type: "string" },
    repo: { type: "string" },
    cache: { type: "string" },
    "no-build": { type: "boolean" },
    "no-filter": { type: "boolean" },
  },
});
const rows = v.rows ? Number(v.rows) : FULL_ROWS;
const runs = v.runs ? Number(v.runs) : 3;
const repo = resolve(v.repo ?? root);
const cacheRoot = resolve(v.cache ?? process.env.UCD_BENCH_CACHE ?? join(root, "..", "bench-cache", "nppes"));

/** A hash of the generator's sources: the cache is stale when they change. */
async function generatorHash() {
  const dir = fileURLToPath(new URL(".", import.meta.url));
  const files = (await readdir(dir))
    .filter((f) => f.endsWith(".mjs") && f !== "run.mjs" && f !== "filter-child.mjs")
    .sort();
  const h = createHash("sha256");
  for (const f of files) h.update(f).update(await readFile(join(dir, f)));
  return h.digest("hex").slice(0, 16);
}

/** The cached bundle for these options, generated when missing or stale. */
async function cachedBundle() {
  const options = { ...monthlyOptions({ out: "", rows }), generator: await generatorHash() };
  const dir = join(cacheRoot, `rows-${rows}-seed-${options.seed}`);
  const meta = await readFile(join(dir, "options.json"), "utf8").then(JSON.parse, () => null);
  if (meta && JSON.stringify(meta.options) === JSON.stringify(options)) {
    const truth = JSON.parse(await readFile(join(dir, "ground-truth.json"), "utf8"));
    const sizes = await Promise.all(
      [truth.files.main, truth.files.bundle].map((f) =>
        stat(join(dir, f)).then(
          (s) => s.size,
          () => -1,
        ),
      ),
    );
    if (sizes[0] === truth.counts.bytes.main && sizes[1] === meta.bundleBytes) {
      console.log(`bundle: reused ${dir} (generated in ${meta.seconds.toFixed(0)} s)`);
      return { dir, truth, meta };
    }
  }
  await mkdir(cacheRoot, { recursive: true });
  const fs = await statfs(cacheRoot);
  const need = (rows / FULL_ROWS) * 12 * GiB;
  console.log(
    `bundle: generating ${rows.toLocaleString("en-US")} rows into ${dir} (${((fs.bavail * fs.bsize) / GiB).toFixed(0)} GiB free, ~${(need / GiB).toFixed(1)} GiB needed)`,
  );
  if (fs.bavail * fs.bsize < need * 1.1) throw new Error(`not enough disk space in ${cacheRoot}`);
  await rm(dir, { recursive: true, force: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  const started = performance.now();
  const truth = await generateNppes({
    out: tmp,
    rows,
    csv: true,
    zip: true,
    groundTruthFile: join(tmp, "ground-truth.json"),
  });
  const seconds = (performance.now() - started) / 1000;
  const bundleBytes = (await stat(join(tmp, truth.files.bundle))).size;
  const m = { options, seconds, bundleBytes };
  await writeFile(join(tmp, "options.json"), `${JSON.stringify(m, null, 1)}\n`);
  await rename(tmp, dir);
  console.log(`bundle: generated in ${seconds.toFixed(0)} s`);
  return { dir, truth, meta: m };
}

console.log(machine(repo));
const { dir, truth, meta } = await cachedBundle();
const main = join(dir, truth.files.main);
const bundle = join(dir, truth.files.bundle);
const size = truth.counts.bytes.main;
console.log(
  `main CSV: ${mb(size)} (${(size / GiB).toFixed(2)} GiB), ${truth.counts.rows.toLocaleString("en-US")} rows, ${truth.filter.matched.toLocaleString("en-US")} urgent-care organisation rows; bundle ${mb(meta.bundleBytes)}`,
);

if (!v["no-filter"]) {
  const seconds = await warm(main);
  console.log(`warm-up read: ${seconds.toFixed(1)} s (${(size / 1e6 / seconds).toFixed(0)} MB/s)`);
  const results = { duckdb: [], ours: [] };
  let oursAvailable = true;
  for (let r = 0; r < runs; r++) {
    results.duckdb.push(await measure([join(root, "bench/nppes/filter-child.mjs"), "duckdb", main], root));
    if (!oursAvailable) continue;
    results.ours.push(await measure([join(root, "bench/nppes/filter-child.mjs"), "ours", repo, main], root));
    oursAvailable = results.ours.at(-1)?.result?.available === true;
  }
  // filterNppes also says how many lines its prefilter let through (lines containing the code).
  const prefilter = (ok) => {
    const candidates = ok[0]?.result.candidates;
    return candidates === undefined
      ? ""
      : `; candidates ${candidates} (${candidates === truth.filter.candidates ? "=" : "≠"} ${truth.filter.candidates})`;
  };
  const row = (name, list) =>
    tableRow(name, list, { bytes: size, expected: truth.filter.matched, note: prefilter });
  console.log(
    `\nload average after the runs: ${load()} (other processes share the cores: the alternated runs compare the two readers fairly, the absolute figures less so)`,
  );
  console.log(
    "\n| filter | median time | throughput | peak RSS | count | runs (s) |\n|---|---:|---:|---:|---:|---|",
  );
  const threads = results.duckdb[0]?.result?.threads;
  const d = row(`DuckDB read_csv (${threads ?? "?"} threads)`, results.duckdb);
  const o = row("ours: filterNppes", results.ours);
  if (d && o) {
    console.log(
      `\nours / DuckDB throughput: ×${(d.s / o.s).toFixed(2)} (goal ≥ 1: ${d.s / o.s >= 1 ? "met" : "MISSED"}); our peak RSS ${mib(o.peak)} (goal ≤ 1 GiB: ${o.peak <= GiB ? "met" : "MISSED"})`,
    );
  }
}

if (!v["no-build"]) {
  const out = join(cacheRoot, `build-${process.pid}`);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  try {
    const b = await measure(
      [
        join(repo, "bin/ucd.js"),
        "build",
        "--input",
        bundle,
        "--out",
        join(out, "public"),
        "--compression",
        "fast",
      ],
      repo,
    );
    const built = /built (\d+) clinics.*?: (\d+) files/.exec(b.stderr);
    if (b.code === 0)
      console.log(
        `\nbuild (ucd build --input ${truth.files.bundle} --compression fast): ${b.seconds.toFixed(1)} s, peak RSS ${mib(b.peakBytes)}${built ? `, ${built[1]} clinics, ${built[2]} files` : ""}`,
      );
    else {
      const why = b.stderr.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("PEAK_RSS_KB="));
      console.log(
        `\nbuild: not available (ucd build exit ${b.code}: ${why.slice(-2).join(" | ").slice(0, 400)})`,
      );
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
