// npm run bench [-- ROWS…] [options]: import + build time and peak memory for generated HIFLD-layout CSVs (default
// 100k, 400k and 1M rows), the growth ratios against the goals of docs/benchmarks.md (time(400k)/time(100k) ≤ 4.4,
// peak(400k)/peak(100k) ≤ 1.5, peak(1M) ≤ 2 GiB), and incremental releases: after the full build of 100k and 1M
// rows, a release of the same input a week later (1 % of the clinics edited, added or removed) into the same
// store, full against incremental (time, files and bytes written, disk, upload keys; goal ≤ 10 % of the full
// build's time); and the built-in sample as a chain of 12 weekly releases (goals: the second ≤ 35 % of the first's
// time, fixed costs included; the store after 12 releases — its served trees and the 12 releases' history and dated
// downloads — ≤ 1.3× the store after one); and the NPI registry's week: a
// generated monthly NPPES bundle (17,500 urgent-care clinics) published, then its weekly file applied on top.
// And what the standards' files (FHIR Bulk Publish, HSDS, GeoJSON) add to the full build and to the week (100k by
// default): their files and bytes, and the time against the same two releases built without them.
// Options: --import-only (no build), --build-only (no import-only run), --no-incremental, --no-sample,
// --sample-only, --no-nppes, --nppes-only, --incremental SIZES (comma-separated; default 100000,1000000),
// --standards SIZES (default 100000; among the incremental sizes), --no-standards, --cache DIR (generated inputs and
// stores; default $UCD_BENCH_CACHE, else ../bench-cache/import beside the checkout), --keep (keep the stores).
// Each measurement runs the real CLI (`node bin/ucd.js`) in a child process, so the figures include start-up,
// and reads the child's peak resident set size (getrusage maxRSS) through a preloaded module.

import { copyFile, mkdir, readlink, rename, stat } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  changeExport,
  changeHifld,
  diskMb,
  removeTree,
  runUcd,
  uploadKeys,
  WEEKLY_CHANGE,
} from "./build/incremental.mjs";
import { NPPES_WEEK, nppesWeek } from "./build/nppes-week.mjs";
import {
  standardsFiles,
  standardsShare,
  WITHOUT_STANDARDS,
  withoutStandards,
} from "./build/standards-share.mjs";
import { generateHifld } from "./import/generate-hifld.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const importOnly = flag("--import-only");
/** `--build-only`: skip the import-only (validate) run of each size. */
const buildOnly = flag("--build-only");
const sampleOnly = flag("--sample-only");
const nppesOnly = flag("--nppes-only");
const withSample = !flag("--no-sample") && !importOnly && !nppesOnly;
/** The NPI registry's week: a generated monthly bundle published, then its weekly file on top (`--no-nppes`). */
const withNppes = !flag("--no-nppes") && !importOnly && !sampleOnly;
const incrementalSizes = flag("--no-incremental")
  ? new Set()
  : new Set((option("--incremental") ?? "100000,1000000").split(",").map(Number));
/** Sizes whose full build and week are built again without the standards' files, to measure what they add. */
const standardsSizes = flag("--no-standards")
  ? new Set()
  : new Set((option("--standards") ?? "100000").split(",").map(Number));
const keep = flag("--keep");
const cache = resolve(
  option("--cache") ?? process.env.UCD_BENCH_CACHE ?? join(root, "..", "bench-cache", "import"),
);
const valued = new Set(["--incremental", "--standards", "--cache"]);
const sizes = argv
  .filter((_, i) => !valued.has(argv[i - 1]))
  .map(Number)
  .filter((n) => n > 0);
const rows = sampleOnly || nppesOnly ? [] : sizes.length ? sizes : [100_000, 400_000, 1_000_000];
const SITE = "https://urgentcare.example.org";
/** The first release's data version and build time, and a week later for the next. */
const week = (n) => ({
  version: new Date(Date.UTC(2026, 4, 1 + 7 * n)).toISOString().slice(0, 10),
  at: new Date(Date.UTC(2026, 4, 1 + 7 * n, 6)).toISOString().replace(/\.000Z$/, "Z"),
});
const releaseArgs = (input, out, n) => [
  "build",
  "--input",
  input,
  "--out",
  out,
  "--compression",
  "fast",
  "--site-url",
  SITE,
  "--data-version",
  week(n).version,
  "--generated-at",
  week(n).at,
  "--allow-older",
];

/** The figures of a run that was skipped (`--import-only`, `--build-only`). */
const SKIPPED = { code: 0, seconds: Number.NaN, peakMb: Number.NaN, stderr: "" };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
const shown = (value, digits, unit) => (Number.isNaN(value) ? "—" : `${value.toFixed(digits)}${unit}`);
const pct = (value) => (Number.isNaN(value) ? "—" : `${(100 * value).toFixed(1)} %`);
const verdict = (value, limit) =>
  Number.isNaN(value) ? "" : value <= limit ? " (goal met)" : " (GOAL MISSED)";
const failed = (r, what) => {
  if (r.code === 0) return false;
  console.log(`  ${what} failed (exit ${r.code}):\n${r.stderr.slice(-2000)}`);
  return true;
};

/** One release built and described in a line. */
function describe(label, r) {
  console.log(
    `  ${label}: ${r.seconds.toFixed(1)} s, CPU ${shown(r.cpuSeconds, 1, " s")} (import ${shown(r.importSeconds, 1, " s")}, release ${shown(r.releaseSeconds, 1, " s")}: ` +
      `render ${shown(r.steps?.render ?? Number.NaN, 1, " s")}, compare ${shown(r.steps?.compare ?? Number.NaN, 1, " s")}, prune ${shown(r.steps?.prune ?? Number.NaN, 1, " s")}), ` +
      `peak ${r.peakMb.toFixed(0)} MiB, ${r.files} files of which ${r.writtenFiles} written (${r.writtenMb.toFixed(1)} MiB), ` +
      `units ${r.rendered} rendered / ${r.carried} carried; load ${load()}`,
  );
  if (r.trace.length)
    console.log(`    render trace (UCD_RENDER_TRACE): ${r.trace.map((l) => l.slice(6)).join("; ")}`);
}

await mkdir(cache, { recursive: true });
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load ${load()}; cache ${cache}`,
);

// --- The sample: a chain of weekly releases of its export ------------------------------------------------------
const sample = [];
let sampleDisk = null;
if (withSample) {
  const dir = join(cache, "sample");
  removeTree(dir);
  await mkdir(dir, { recursive: true });
  const source = join(dir, "source");
  const made = await runUcd(root, ["build", "--out", source, "--compression", "fast", "--site-url", SITE]);
  if (!failed(made, "building the sample")) {
    const inputs = [join(dir, "week-0.csv")];
    await copyFile(join(source, `downloads/urgent-care-clinics-latest.csv`), inputs[0]);
    await copyFile(join(source, "downloads/manifest.json"), join(dir, "manifest.json"));
    const out = join(dir, "public");
    const store = join(dir, ".public.releases");
    console.log(
      "\nThe sample (8,600 clinics, its CSV export re-imported), 12 weekly releases with 1 % changed each:",
    );
    for (let n = 0; n < 12; n++) {
      if (n > 0) {
        inputs.push(join(dir, `week-${n}.csv`));
        await changeExport(inputs[n - 1], inputs[n], n);
      }
      const before = n > 0 ? await current(out) : null;
      const r = await runUcd(root, releaseArgs(inputs[n], out, n));
      if (failed(r, `release ${n + 1}`)) break;
      // du of the whole store: its served trees (files shared by hard links counted once) and every kept
      // release's history (releases.json, changes, dated downloads) and bookkeeping.
      r.disk = diskMb(store);
      if (n <= 1) {
        describe(n === 0 ? "release 1 (full)" : "release 2 (incremental)", r);
        r.upload = await uploadKeys(root, await current(out), before);
      }
      sample.push(r);
    }
    if (sample.length === 12) sampleDisk = { one: sample[0].disk, twelve: sample[11].disk };
    // From the third release on, the store is full: each release also removes the oldest folder. Its steady cost.
    const later = sample.slice(2).map((r) => r.seconds);
    if (later.length > 0) {
      const sorted = [...later].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.log(
        `  releases 3–${sample.length} (each also removes the oldest of the store's folders): median ${median.toFixed(1)} s (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)} s) = ${pct(median / sample[0].seconds)} of the full build`,
      );
    }
  }
  if (!keep) removeTree(dir);
}

/** The release a store's link points at: its `site` folder. */
async function current(out) {
  return resolve(dirname(out), await readlink(out));
}

// --- Generated HIFLD inputs: full builds, growth, and a week later ---------------------------------------------
const results = [];
for (const n of rows) {
  const csv = join(cache, `hifld-${n}.csv`);
  const t0 = Date.now();
  const exists = await stat(csv).then(
    () => true,
    () => false,
  );
  if (!exists) {
    // Generated beside, then renamed: a run stopped while generating leaves no partial file for the next to reuse.
    await generateHifld(`${csv}.part`, n);
    await rename(`${csv}.part`, csv);
  }
  const size = (await stat(csv)).size;
  console.log(
    `\n${n.toLocaleString("en-US")} rows: ${exists ? "cached" : "generated"} ${(size / 2 ** 20).toFixed(1)} MiB in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const validate = buildOnly ? SKIPPED : await runUcd(root, ["validate", "--input", csv]);
  console.log(
    `  validate (import only): ${buildOnly ? "skipped (--build-only)" : `${validate.seconds.toFixed(1)} s, peak ${validate.peakMb.toFixed(0)} MiB, exit ${validate.code}`}`,
  );
  const dir = join(cache, `store-${n}`);
  removeTree(dir);
  await mkdir(dir, { recursive: true });
  const out = join(dir, "public");
  const store = join(dir, ".public.releases");
  const build = importOnly ? SKIPPED : await runUcd(root, releaseArgs(csv, out, 0));
  if (!importOnly) {
    failed(build, "build");
    describe("build (import + full build)", build);
    build.disk = diskMb(store);
  }
  const result = { n, size, validate, build, clinics: build.clinics ?? null, incremental: null };
  if (!importOnly && build.code === 0 && incrementalSizes.has(n)) {
    const changed = join(cache, `hifld-${n}-week-1.csv`);
    const counts = await changeHifld(csv, changed, 1);
    const first = await current(out);
    const incremental = await runUcd(root, releaseArgs(changed, out, 1));
    if (!failed(incremental, "incremental release")) {
      describe(
        `a week later (${counts.edited} edited, ${counts.added} added, ${counts.removed} removed rows)`,
        incremental,
      );
      incremental.disk = diskMb(store);
      incremental.upload = await uploadKeys(root, await current(out), first);
      // Printed now: the store's removal below takes minutes at 1M, and what is printed is kept.
      console.log(`    disk ${incremental.disk.toFixed(0)} MiB; ${incremental.upload.line}`);
      incremental.counts = counts;
      result.incremental = incremental;
      if (standardsSizes.has(n)) {
        const before = await standardsFiles(first);
        const now = await standardsFiles(await current(out));
        result.standards = { full: standardsShare(before), week: standardsShare(now, before) };
      }
      // Two weeks later the store is full (two release folders), so the release recycles the first one's tree
      // and changes only what differs from it: what every later weekly release costs (the sample's releases 3–12).
      const third = join(cache, `hifld-${n}-week-2.csv`);
      const counts2 = await changeHifld(changed, third, 2);
      const steady = await runUcd(root, releaseArgs(third, out, 2));
      if (!failed(steady, "third release")) {
        describe(
          `two weeks later, on the full store (${counts2.edited} edited, ${counts2.added} added, ${counts2.removed} removed rows)`,
          steady,
        );
        steady.disk = diskMb(store);
        result.steady = steady;
      }
    }
  }
  if (result.standards) {
    // The same two releases without the standards' files, in a store of their own.
    const without = join(cache, `store-${n}-without-standards`);
    removeTree(without);
    await mkdir(without, { recursive: true });
    const wout = join(without, "public");
    const full = await withoutStandards(() => runUcd(root, releaseArgs(csv, wout, 0)));
    const week1 =
      full.code === 0
        ? await withoutStandards(() =>
            runUcd(root, releaseArgs(join(cache, `hifld-${n}-week-1.csv`), wout, 1)),
          )
        : null;
    if (
      !failed(full, "build without the standards") &&
      week1 &&
      !failed(week1, "week without the standards")
    ) {
      describe(`build without the standards (UCD_RENDER_OMIT=${WITHOUT_STANDARDS})`, full);
      describe("a week later, without the standards", week1);
      result.standards.without = { full, week: week1 };
    }
    if (!keep) removeTree(without);
  }
  results.push(result);
  if (!keep) removeTree(dir);
}

// --- The NPI registry: a monthly bundle, then its week on top -----------------------------------------------------
let nppes = null;
if (withNppes) {
  console.log(
    `\nThe NPI registry's week (a generated monthly bundle of ${NPPES_WEEK.rows.toLocaleString("en-US")} rows, ${NPPES_WEEK.urgentCare.toLocaleString("en-US")} of them urgent-care organisations, published in full; then its weekly file applied on top):`,
  );
  const r = await nppesWeek(root, cache, ["--compression", "fast", "--site-url", SITE], current);
  if (!failed(r.full, "the monthly build")) {
    describe("monthly (full)", r.full);
    if (r.week && !failed(r.week, "the weekly build")) {
      const a = r.week.against;
      describe(
        `the week on top${a ? ` (${a[1]} added, ${a[2]} no longer listed, ${a[3]} changed clinics)` : ""}`,
        r.week,
      );
      nppes = r;
    }
  }
  if (!keep) removeTree(r.storeDir);
}

// --- Report ----------------------------------------------------------------------------------------------------
const ratio = (a, b, pick) => (a && b ? pick(b) / pick(a) : Number.NaN);
const byRows = (n) => results.find((r) => r.n === n);
if (results.length > 1) console.log("\nGrowth, import + full build:");
for (let i = 1; i < results.length; i++) {
  const [a, b] = [results[i - 1], results[i]];
  const time = ratio(a, b, (r) => r.build.seconds);
  const peak = ratio(a, b, (r) => r.build.peakMb);
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
    `  ${b.n.toLocaleString("en-US")} / ${a.n.toLocaleString("en-US")} rows (×${(b.n / a.n).toFixed(1)}): ${parts.join("; ")}`,
  );
}
const million = byRows(1_000_000);
if (million && !importOnly)
  console.log(
    `  1,000,000 rows: peak RSS ${(million.build.peakMb / 1024).toFixed(2)} GiB${million.build.code === 0 ? verdict(million.build.peakMb, 2048) : " (the build failed)"}; full build ${million.build.seconds.toFixed(0)} s${verdict(million.build.seconds, 600)} (goal: under 600 s)`,
  );
if (results.length) {
  console.log(
    "\n| rows | CSV | clinics published | import only (validate) | peak RSS | import + build | peak RSS |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results)
    console.log(
      `| ${r.n.toLocaleString("en-US")} | ${(r.size / 2 ** 20).toFixed(0)} MiB | ${r.clinics?.toLocaleString("en-US") ?? "—"} | ${shown(r.validate.seconds, 1, " s")} | ${shown(r.validate.peakMb, 0, " MiB")} | ${shown(r.build.seconds, 1, " s")} | ${shown(r.build.peakMb, 0, " MiB")} |`,
    );
}

const table = [];
if (sample.length >= 2)
  table.push({ label: "sample (8,600)", full: sample[0], incremental: sample[1], goal: 0.35 });
for (const r of results)
  if (r.incremental)
    table.push({
      label: r.n.toLocaleString("en-US"),
      full: r.build,
      incremental: r.incremental,
      steady: r.steady ?? null,
      goal: 0.1,
    });
if (nppes)
  table.push({
    label: `NPPES (${nppes.full.clinics?.toLocaleString("en-US") ?? "?"} clinics), its week`,
    full: nppes.full,
    incremental: nppes.week,
    goal: null,
  });
/** The incremental releases of a row of the table, each with its label: the week's, and the one after it. */
const incrementals = (t) => [
  ["incremental", t.incremental],
  ...(t.steady ? [["incremental, store full (release 3)", t.steady]] : []),
];
if (table.length) {
  console.log(
    `\nFull against incremental (a week later: ${pct(WEEKLY_CHANGE)} of the clinics edited, added or removed; one run each):`,
  );
  console.log(
    "| input | build | time | CPU | import | release | files written | bytes written | disk after | upload plan (uploads / deletes of keys) |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const t of table) {
    for (const [kind, r] of [["full", t.full], ...incrementals(t)])
      console.log(
        `| ${t.label} | ${kind} | ${r.seconds.toFixed(1)} s | ${shown(r.cpuSeconds, 1, " s")} | ${shown(r.importSeconds, 1, " s")} | ${shown(r.releaseSeconds, 1, " s")} | ${r.writtenFiles.toLocaleString("en-US")} of ${r.files.toLocaleString("en-US")} | ${r.writtenMb.toFixed(1)} MiB | ${r.disk.toFixed(0)} MiB | ${r.upload ? `${r.upload.changed.toLocaleString("en-US")} / ${r.upload.deleted.toLocaleString("en-US")} of ${r.upload.keys.toLocaleString("en-US")}` : "—"} |`,
      );
  }
  for (const t of table) {
    // The goal is judged end to end (the week's import included, and the process's start), in wall time; the CPU
    // time's ratio says the same without the noise of a shared machine.
    for (const [kind, r] of incrementals(t)) {
      const whole = r.seconds / t.full.seconds;
      const cpu = r.cpuSeconds / t.full.cpuSeconds;
      const release = r.releaseSeconds / t.full.releaseSeconds;
      console.log(
        `  ${t.label}: ${kind} / full = ${pct(whole)} end to end${t.goal === null ? "" : verdict(whole, t.goal)}, CPU ${pct(cpu)}; ${pct(release)} of the release alone (everything after the import)${t.goal === null ? "; no goal of its own" : `; goal ≤ ${pct(t.goal)}`}`,
      );
    }
  }
  for (const t of table) {
    const u = t.incremental.upload;
    if (u)
      console.log(
        `  ${t.label}: upload plan of the incremental release against the bucket holding the full one: ${u.planned.toLocaleString("en-US")} keys (${u.changed.toLocaleString("en-US")} uploads, ${u.deleted.toLocaleString("en-US")} deletes) of ${u.keys.toLocaleString("en-US")} = ${pct(u.planned / u.keys)}${verdict(u.planned / u.keys, 0.05)}; goal ≤ 5 %`,
      );
  }
}
const withStandards = results.filter((r) => r.standards?.without);
if (withStandards.length) {
  console.log(
    "\nWhat FHIR Bulk Publish, HSDS and GeoJSON add (the same releases built again without them; one run each):",
  );
  console.log(
    "| rows | release | time with / without | CPU with / without | standards' files (of all) | their MiB | standards' files written (of all written) | their MiB written |",
  );
  console.log("|---:|---|---:|---:|---:|---:|---:|---:|");
  for (const r of withStandards) {
    const s = r.standards;
    for (const [kind, w, wo, share] of [
      ["full", r.build, s.without.full, s.full],
      ["a week later", r.incremental, s.without.week, s.week],
    ])
      console.log(
        `| ${r.n.toLocaleString("en-US")} | ${kind} | ${w.seconds.toFixed(1)} / ${wo.seconds.toFixed(1)} s (+${pct(w.seconds / wo.seconds - 1)}) | ${shown(w.cpuSeconds, 1, "")} / ${shown(wo.cpuSeconds, 1, " s")} (+${pct(w.cpuSeconds / wo.cpuSeconds - 1)}) | ${share.files.toLocaleString("en-US")} (of ${w.files.toLocaleString("en-US")}) | ${share.mb.toFixed(1)} | ${share.writtenFiles.toLocaleString("en-US")} (of ${w.writtenFiles.toLocaleString("en-US")}) | ${share.writtenMb.toFixed(1)} |`,
      );
  }
}
if (sampleDisk) {
  const r = sampleDisk.twelve / sampleDisk.one;
  console.log(
    `\nDisk of the sample's store: after one release ${sampleDisk.one.toFixed(1)} MiB; after 12 weekly releases (its served trees, the 12 releases' history and dated downloads) ${sampleDisk.twelve.toFixed(1)} MiB: ×${r.toFixed(2)}${verdict(r, 1.3)} (goal ≤ 1.3); each later release added ${((sampleDisk.twelve - sampleDisk.one) / 11).toFixed(1)} MiB on average`,
  );
  console.log(`  by release: ${sample.map((x, i) => `${i + 1}: ${x.disk.toFixed(0)}`).join(", ")} MiB`);
}
