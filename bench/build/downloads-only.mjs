// The downloads step alone, for before/after comparisons of src/render/downloads (docs/benchmarks.md): two releases
// into one store that render only the bulk downloads — an input, then the same input a week later (as
// `node bench/import.mjs` leaves them in its cache: hifld-100000.csv, hifld-100000-week-1.csv) — with the render
// trace on (each step's wall time, and what the text downloads reused and made again) and the CPU time of each
// release (the process's, every thread's: the machine is shared, so compare CPU time). ROOT is the checkout whose compiled
// `dist/` runs (default: this one), so that two versions can be measured back to back on the same machine.
// `--baseline` renders no part at all: what each release costs besides the downloads (matching the release, the
// units' keys, loading and grouping the states), to subtract from the downloads-only figures.
//   node bench/build/downloads-only.mjs FIRST.csv WEEK-LATER.csv STORE [ROOT] [--baseline]
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const baseline = process.argv.includes("--baseline");
const [first, later, storeArg, rootArg] = process.argv.slice(2).filter((a) => a !== "--baseline");
if (!first || !later || !storeArg) {
  console.error("usage: node bench/build/downloads-only.mjs FIRST.csv WEEK-LATER.csv STORE [ROOT]");
  process.exit(2);
}
const root = resolve(rootArg ?? fileURLToPath(new URL("../..", import.meta.url)));
const store = resolve(storeArg);
const { runImport } = await import(`${root}/dist/cli/commands/import-options.js`);
const { publishRelease } = await import(`${root}/dist/release/publish.js`);
await rm(store, { recursive: true, force: true });
for (const [csv, version] of [
  [first, "2026-05-01"],
  [later, "2026-05-08"],
]) {
  const imported = await runImport({ input: [csv], "data-version": version }, store);
  process.env.UCD_RENDER_TRACE = "1";
  const started = performance.now();
  const all = process.cpuUsage();
  await publishRelease(imported.dataset, store, {
    siteUrl: "https://urgentcare.example.org",
    generatedAt: `${version}T06:00:00Z`,
    compression: "fast",
    parts: baseline ? [] : ["downloads"],
    allowOlder: true,
  });
  const used = process.cpuUsage(all);
  console.error(
    `release ${version} (${baseline ? "no part" : "downloads only"}): ${((performance.now() - started) / 1000).toFixed(1)} s, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s`,
  );
  delete process.env.UCD_RENDER_TRACE;
  await imported.dataset.clinics.dispose();
}
await rm(store, { recursive: true, force: true });
