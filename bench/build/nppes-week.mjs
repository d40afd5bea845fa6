// The NPI registry's week for `npm run bench` (bench/import.mjs): the main case of an incremental release.
// A generated monthly NPPES bundle (ZIP, the real layout) is published in full, then that month's weekly file is
// applied on top of it — the weekly ZIP lists only the NPIs changed that week, and the build applies it to the
// source records the last release kept. Both are the real CLI in a child process into one store. Method:
// docs/benchmarks.md.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { generateNppes, generateNppesWeekly } from "../nppes/generate-nppes.mjs";
import { diskMb, runUcd, uploadKeys } from "./incremental.mjs";

/**
 * The monthly file's size: CMS's has ~8.5 M rows, ~17,500 of them urgent-care organisations. The bench keeps the
 * real number of clinics, with fewer rows of other providers (they cost the reading only, which `npm run
 * bench:nppes` measures on the whole size).
 */
export const NPPES_WEEK = { rows: 500_000, urgentCare: 17_500, seed: 1 };

/**
 * Generates the monthly and weekly bundles (once: kept in `cache`), publishes the monthly in full and the week on
 * top of it, and returns both measurements (as `runUcd` gives them, with the store's disk and the week's upload
 * plan against the bucket holding the full release) and the week's ground truth counts.
 * @example const { full, week } = await nppesWeek(root, "/tmp/bench", ["--compression", "fast", "--site-url", SITE]);
 */
export async function nppesWeek(root, cache, buildArgs, current) {
  const dir = join(cache, `nppes-${NPPES_WEEK.rows}-${NPPES_WEEK.urgentCare}-${NPPES_WEEK.seed}`);
  const base = { out: dir, ...NPPES_WEEK };
  const weeklyDir = join(dir, "weekly");
  const truthFile = join(weeklyDir, "ground-truth.json");
  const cached = await stat(truthFile).then(
    () => true,
    () => false,
  );
  if (!cached) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await generateNppes(base);
    await generateNppesWeekly({ base, out: weeklyDir, groundTruthFile: truthFile });
  }
  const monthly = await zipIn(dir);
  const weekly = await zipIn(weeklyDir);
  const storeDir = join(cache, "nppes-store");
  await rm(storeDir, { recursive: true, force: true });
  await mkdir(storeDir, { recursive: true });
  const out = join(storeDir, "public");
  const store = join(storeDir, ".public.releases");
  const full = await runUcd(root, ["build", "--input", monthly, "--out", out, ...buildArgs]);
  if (full.code !== 0) return { full, week: null, storeDir };
  full.disk = diskMb(store);
  const first = await current(out);
  const week = await runUcd(root, ["build", "--input", weekly, "--out", out, ...buildArgs]);
  if (week.code === 0) {
    week.disk = diskMb(store);
    week.upload = await uploadKeys(root, await current(out), first);
    week.against = /against [\d-]+: (\d+) added, (\d+) no longer listed[^,]*, (\d+) changed/.exec(
      week.stderr,
    );
  }
  return { full, week, storeDir, cached };
}

async function zipIn(dir) {
  const name = (await readdir(dir)).find((n) => n.endsWith(".zip"));
  if (!name) throw new Error(`no NPPES bundle in ${dir}`);
  return join(dir, name);
}
