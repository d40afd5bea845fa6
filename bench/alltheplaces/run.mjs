// npm run bench:alltheplaces [-- --features N] [--spiders N] [--runs N] [--repo DIR] [--cache DIR]
//
// The All The Places goal of docs/benchmarks.md ("All The Places runs"), measured in one run on a generated run's
// output: filtering the full-size output.zip (~4,000 spiders, 3 million features) for the urgent-care features the
// importer keeps — ours, streamed from the ZIP (`filterAllThePlaces`), against DuckDB's read_json of the same GeoJSON
// files extracted — each in its own process (time, MB/s of GeoJSON, peak RSS, count checked against the ground
// truth), DuckDB and ours alternating after one warm-up read of both, medians reported.
// Files are generated once into a cache outside the repository ($UCD_BENCH_CACHE, default ../bench-cache/alltheplaces
// beside the repository) and reused while the options and the generator are unchanged; never committed.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { GiB, load, machine, mb, measure, mib, tableRow, warm } from "../harness.mjs";
import { FULL_FEATURES, FULL_SPIDERS, generateAtp } from "./generate-atp.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const { values: v } = parseArgs({
  options: {
    features: { type: "string" },
    spiders: { type: "string" },
    runs: { type: "string" },
    repo: { type: "string" },
    cache: { type: "string" },
  },
});
const features = v.features ? Number(v.features) : FULL_FEATURES;
const spiders = v.spiders
  ? Number(v.spiders)
  : Math.max(60, Math.round((FULL_SPIDERS * features) / FULL_FEATURES));
const runs = v.runs ? Number(v.runs) : 3;
const repo = resolve(v.repo ?? root);
const cacheRoot = resolve(
  v.cache ?? process.env.UCD_BENCH_CACHE ?? join(root, "..", "bench-cache", "alltheplaces"),
);
const CHILD = join(root, "bench/alltheplaces/filter-child.mjs");

/** A hash of the generator's sources (this folder's, and the NPPES places it uses): the cache is stale when they change. */
async function generatorHash() {
  const h = createHash("sha256");
  for (const f of [
    "alltheplaces/chains.mjs",
    "alltheplaces/generate-atp.mjs",
    "nppes/places.mjs",
    "overture/build.mjs",
  ])
    h.update(f).update(await readFile(join(root, "bench", f)));
  return h.digest("hex").slice(0, 16);
}

/** The cached run (its ZIP and the same GeoJSON extracted) for these options, generated when missing or stale. */
async function cachedRun() {
  const options = { features, spiders, seed: 1, generator: await generatorHash() };
  const dir = join(cacheRoot, `features-${features}-spiders-${spiders}`);
  const meta = await readFile(join(dir, "options.json"), "utf8").then(JSON.parse, () => null);
  if (meta && JSON.stringify(meta.options) === JSON.stringify(options)) {
    const truth = JSON.parse(await readFile(join(dir, "ground-truth-run1.json"), "utf8"));
    const size = await stat(join(dir, truth.file)).then(
      (s) => s.size,
      () => -1,
    );
    if (size === meta.zipBytes) {
      console.log(`files: reused ${dir} (generated in ${meta.seconds.toFixed(0)} s)`);
      return { dir, truth, meta };
    }
  }
  await mkdir(cacheRoot, { recursive: true });
  const fs = await statfs(cacheRoot);
  const need = (features / FULL_FEATURES) * 3 * GiB;
  console.log(
    `files: generating ${features.toLocaleString("en-US")} features of ${spiders.toLocaleString("en-US")} spiders into ${dir} (${((fs.bavail * fs.bsize) / GiB).toFixed(0)} GiB free, ~${(need / GiB).toFixed(1)} GiB needed)`,
  );
  if (fs.bavail * fs.bsize < need * 1.1) throw new Error(`not enough disk space in ${cacheRoot}`);
  await rm(dir, { recursive: true, force: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  const started = performance.now();
  const truth = await generateAtp({ out: tmp, features, spiders, seed: 1, geojson: true });
  const seconds = (performance.now() - started) / 1000;
  const zipBytes = (await stat(join(tmp, truth.file))).size;
  let geojsonBytes = 0;
  for (const f of await readdir(join(tmp, "output")))
    geojsonBytes += (await stat(join(tmp, "output", f))).size;
  const m = { options, seconds, zipBytes, geojsonBytes };
  await writeFile(join(tmp, "options.json"), `${JSON.stringify(m, null, 1)}\n`);
  await rename(tmp, dir);
  console.log(`files: generated in ${seconds.toFixed(0)} s`);
  return { dir, truth, meta: m };
}

console.log(machine(repo));
const { dir, truth, meta } = await cachedRun();
const zip = join(dir, truth.file);
const list = join(dir, "urgent-care-list.json");
const geojson = join(dir, "output");
// What both filters count: urgent-care features without an end_date, in the US or not (DuckDB has no state
// outlines here; ours also reads which are in the US: `read`).
const expected = truth.urgent.filter((u) => u.kind !== "closed").length;
const inUs = truth.urgent.filter((u) => u.kind === "read" || u.kind === "duplicate").length;
console.log(
  `run: ${truth.spiders.toLocaleString("en-US")} spiders, ${truth.features.toLocaleString("en-US")} features; ZIP ${mb(meta.zipBytes)}, GeoJSON ${mb(meta.geojsonBytes)} (${(meta.geojsonBytes / GiB).toFixed(2)} GiB); ${truth.urgent.length.toLocaleString("en-US")} urgent-care features, ${expected.toLocaleString("en-US")} without end_date (ground truth), ${inUs.toLocaleString("en-US")} of them in the US`,
);
const seconds = (await warm(zip)) + (await warmAll(geojson));
console.log(`warm-up read of the ZIP and the GeoJSON: ${seconds.toFixed(1)} s`);
const results = { duckdb: [], ours: [] };
for (let r = 0; r < runs; r++) {
  results.duckdb.push(await measure([CHILD, "duckdb", geojson, list], root));
  results.ours.push(await measure([CHILD, "ours", repo, zip, list], root));
}
console.log(`\nFilter (load average after: ${load()}); throughput in MB of GeoJSON read per second`);
console.log(
  "\n| reader | median time | throughput | peak RSS | count | runs (s) |\n|---|---:|---:|---:|---:|---|",
);
const threads = results.duckdb[0]?.result?.threads;
const d = tableRow(`DuckDB read_json of the GeoJSON (${threads ?? "?"} threads)`, results.duckdb, {
  bytes: meta.geojsonBytes,
  expected,
  digits: 2,
});
const o = tableRow("ours: filterAllThePlaces of the ZIP", results.ours, {
  bytes: meta.geojsonBytes,
  expected,
  digits: 2,
  note: (ok) => {
    const inside = [...new Set(ok.map((x) => x.result.counts.read))];
    return `; in the US ${inside.join(", ")} ${inside.length === 1 && inside[0] === inUs ? "= ground truth" : `≠ ground truth ${inUs}`}`;
  },
});
if (d && o)
  console.log(
    `\nours / DuckDB throughput: ×${(d.s / o.s).toFixed(2)} (goal ≥ 1: ${d.s / o.s >= 1 ? "met" : "MISSED"}); our peak RSS ${mib(o.peak)} (goal ≤ 1 GiB: ${o.peak <= GiB ? "met" : "MISSED"})`,
  );
const c = results.ours.find((x) => x.result?.counts)?.result?.counts;
if (c) console.log(`ours, by what became of the features: ${JSON.stringify(c)}`);
console.log(
  "\nOther processes share the cores: the alternated runs compare the two readers fairly, the absolute figures less so.",
);

async function warmAll(folder) {
  let s = 0;
  for (const f of await readdir(folder)) s += await warm(join(folder, f));
  return s;
}
