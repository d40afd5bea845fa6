// npm run bench:overture [-- --rows N] [--nppes-rows N] [--overture-only N] [--runs N] [--repo DIR] [--codec zstd]
//        [--no-filter] [--no-merge]
//
// The Overture goals of docs/benchmarks.md ("Overture places"), measured in one run on generated files:
// 1. filtering the US-scale places file (8 M places, all categories) for the urgent-care places the importer keeps:
//    ours against DuckDB's read_parquet with the same filter, each in its own process (time, MB/s, peak RSS, count
//    checked against the ground truth), DuckDB and ours alternating after one warm-up read, medians reported — both
//    the count alone (`filterOverture` / `count(*)`) and the places read with the fields the importer takes
//    (`readOverture` / a SELECT of those fields);
// 2. the merge of the NPPES bundle the places were derived from with the places file (`importFiles`, in a child):
//    true pairs merged, false merges, missed pairs, against the ground truth.
// Files are generated once into a cache outside the repository ($UCD_BENCH_CACHE, default ../bench-cache/overture
// beside the repository) and reused while the options and the generators are unchanged.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { GiB, load, machine, mb, measure, mib, tableRow, warm } from "../harness.mjs";
import { FULL_ROWS, generateOverture } from "./generate-overture.mjs";
import { scoreMerge } from "./score.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const { values: v } = parseArgs({
  options: {
    rows: { type: "string" },
    "nppes-rows": { type: "string" },
    "overture-only": { type: "string" },
    runs: { type: "string" },
    repo: { type: "string" },
    cache: { type: "string" },
    codec: { type: "string" },
    "no-filter": { type: "boolean" },
    "no-merge": { type: "boolean" },
  },
});
const rows = v.rows ? Number(v.rows) : FULL_ROWS;
// The NPPES counterpart: a million rows (2,059 urgent-care organisations, as many per ZIP code as in the full file:
// the generator spreads a file's clinics over a number of towns that grows with its rows), and as many urgent cares
// only Overture lists as make the places file's urgent-care count US-scale (~20,000).
const nppesRows = v["nppes-rows"]
  ? Number(v["nppes-rows"])
  : Math.min(1_000_000, Math.max(10_000, Math.round(rows / 8)));
const overtureOnly = v["overture-only"]
  ? Number(v["overture-only"])
  : Math.max(20, Math.round((17_500 * rows) / FULL_ROWS));
const runs = v.runs ? Number(v.runs) : 3;
const repo = resolve(v.repo ?? root);
const codec = /** @type {"SNAPPY" | "ZSTD"} */ ((v.codec ?? "snappy").toUpperCase());
const cacheRoot = resolve(
  v.cache ?? process.env.UCD_BENCH_CACHE ?? join(root, "..", "bench-cache", "overture"),
);
const CHILD = join(root, "bench/overture/filter-child.mjs");

/** A hash of the generators' sources (this folder's and NPPES's): the cache is stale when they change. */
async function generatorHash() {
  const h = createHash("sha256");
  for (const sub of ["overture", "nppes"]) {
    const dir = join(root, "bench", sub);
    const files = (await readdir(dir))
      .filter((f) => f.endsWith(".mjs") && !/^(run|filter-child|score)\.mjs$/.test(f))
      .sort();
    for (const f of files) h.update(`${sub}/${f}`).update(await readFile(join(dir, f)));
  }
  return h.digest("hex").slice(0, 16);
}

/** The cached pair (places file and NPPES bundle) for these options, generated when missing or stale. */
async function cachedPair() {
  const options = { rows, nppesRows, overtureOnly, codec, seed: 1, generator: await generatorHash() };
  const dir = join(cacheRoot, `rows-${rows}-nppes-${nppesRows}-${codec.toLowerCase()}`);
  const meta = await readFile(join(dir, "options.json"), "utf8").then(JSON.parse, () => null);
  if (meta && JSON.stringify(meta.options) === JSON.stringify(options)) {
    const truth = JSON.parse(await readFile(join(dir, "ground-truth.json"), "utf8"));
    const size = await stat(join(dir, truth.files.places)).then(
      (s) => s.size,
      () => -1,
    );
    if (size === meta.bytes) {
      console.log(`files: reused ${dir} (generated in ${meta.seconds.toFixed(0)} s)`);
      return { dir, truth, meta };
    }
  }
  await mkdir(cacheRoot, { recursive: true });
  const fs = await statfs(cacheRoot);
  const need = (rows / FULL_ROWS) * 2 * GiB + (nppesRows / 8_500_000) * 12 * GiB;
  console.log(
    `files: generating ${rows.toLocaleString("en-US")} places and an NPPES bundle of ${nppesRows.toLocaleString("en-US")} rows into ${dir} (${((fs.bavail * fs.bsize) / GiB).toFixed(0)} GiB free, ~${(need / GiB).toFixed(1)} GiB needed)`,
  );
  if (fs.bavail * fs.bsize < need * 1.1) throw new Error(`not enough disk space in ${cacheRoot}`);
  await rm(dir, { recursive: true, force: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  const started = performance.now();
  const truth = await generateOverture({
    out: tmp,
    rows,
    seed: 1,
    codec,
    overtureOnly,
    nppes: { out: "", rows: nppesRows, seed: 1, csv: true, zip: false },
  });
  const seconds = (performance.now() - started) / 1000;
  const bytes = (await stat(join(tmp, truth.files.places))).size;
  const m = { options, seconds, bytes };
  await writeFile(join(tmp, "options.json"), `${JSON.stringify(m, null, 1)}\n`);
  await rename(tmp, dir);
  console.log(`files: generated in ${seconds.toFixed(0)} s`);
  return { dir, truth: JSON.parse(await readFile(join(dir, "ground-truth.json"), "utf8")), meta: m };
}

console.log(machine(repo));
const { dir, truth, meta } = await cachedPair();
const places = join(dir, truth.files.places);
const size = meta.bytes;
// What the importer keeps of the file: urgent-care places minus those rejected in the reader (licence, abroad,
// closed, low confidence). Territories and places without an address pass the filter (the normaliser rejects them).
const READER_REJECTS = new Set(["licence_incompatible", "outside_us", "closed", "low_confidence"]);
const expected = truth.places.filter(
  (p) =>
    (p.kind === "pair" || p.kind === "overture_only" || p.kind === "rejected") &&
    !READER_REJECTS.has(p.reason),
).length;
console.log(
  `places file: ${mb(size)} (${(size / GiB).toFixed(2)} GiB, ${codec}), ${truth.counts.rows.toLocaleString("en-US")} places, ${truth.counts.urgentCareCategory.toLocaleString("en-US")} of category urgent_care_clinic, ${expected.toLocaleString("en-US")} kept by the filter (ground truth)`,
);

if (!v["no-filter"]) {
  const seconds = await warm(places);
  console.log(`warm-up read: ${seconds.toFixed(1)} s (${(size / 1e6 / seconds).toFixed(0)} MB/s)`);
  for (const what of ["count", "rows"]) {
    const results = { duckdb: [], ours: [] };
    for (let r = 0; r < runs; r++) {
      results.duckdb.push(await measure([CHILD, "duckdb", what, places], root));
      results.ours.push(await measure([CHILD, "ours", what, repo, places], root));
    }
    const row = (name, list) => tableRow(name, list, { bytes: size, expected, digits: 2 });
    console.log(
      `\n${what === "count" ? "Filter, count only" : "Filter and read the kept places' fields"} (load average after: ${load()})`,
    );
    console.log(
      "\n| reader | median time | throughput | peak RSS | count | runs (s) |\n|---|---:|---:|---:|---:|---|",
    );
    const threads = results.duckdb[0]?.result?.threads;
    const d = row(`DuckDB read_parquet (${threads ?? "?"} threads)`, results.duckdb);
    const o = row(what === "count" ? "ours: filterOverture" : "ours: readOverture", results.ours);
    if (d && o)
      console.log(
        `\nours / DuckDB throughput: ×${(d.s / o.s).toFixed(2)} (goal ≥ 1: ${d.s / o.s >= 1 ? "met" : "MISSED"}); our peak RSS ${mib(o.peak)} (goal ≤ 1 GiB: ${o.peak <= GiB ? "met" : "MISSED"})`,
      );
  }
  console.log(
    "\nOther processes share the cores: the alternated runs compare the two readers fairly, the absolute figures less so.",
  );
}

if (!v["no-merge"]) {
  const out = join(cacheRoot, `merge-${process.pid}.json`);
  try {
    const nppes = join(dir, truth.files.nppesMain);
    const m = await measure([CHILD, "merge", repo, nppes, places, out], root);
    if (!m.result?.available) {
      console.log(
        `\nmerge: not available (${m.result?.reason ?? `exit ${m.code}: ${m.stderr.slice(-300)}`})`,
      );
    } else {
      const clinics = JSON.parse(await readFile(out, "utf8"));
      const s = scoreMerge(clinics, truth.places);
      const pct = (n, d) => `${((100 * n) / Math.max(1, d)).toFixed(2)} %`;
      console.log(
        `\nmerge (importFiles of the NPPES main file and the places file, in one process): ${m.seconds.toFixed(1)} s, peak RSS ${mib(m.peakBytes)}, ${m.result.clinics.toLocaleString("en-US")} clinics`,
      );
      console.log(`  merged by rule: ${JSON.stringify(m.result.merged)}`);
      console.log(
        `  true pairs: ${s.truePairs}; merged: ${s.merged} (${pct(s.merged, s.truePairs)}, goal ≥ 99 %: ${s.merged >= 0.99 * s.truePairs ? "met" : "MISSED"}); missed: ${s.missed.length}; false merges: ${s.falseMerges.length} (goal 0: ${s.falseMerges.length === 0 ? "met" : "MISSED"})`,
      );
      console.log(`  missed by evidence: ${JSON.stringify(tally(s.missed.map((x) => x.variant)))}`);
      console.log(
        `  Overture-only urgent cares: ${s.overtureOnly}, published on their own: ${s.overtureOnlyPublishedAlone}`,
      );
      for (const f of s.falseMerges.slice(0, 5)) console.log(`  false merge: ${JSON.stringify(f)}`);
    }
  } finally {
    await rm(out, { force: true });
  }
}

function tally(xs) {
  const out = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}
