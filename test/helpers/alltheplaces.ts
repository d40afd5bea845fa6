// Synthetic All The Places runs for tests: the generator of the benchmark (bench/alltheplaces), its chains derived
// from a small NPPES bundle (bench/nppes), three weekly runs, with their ground truth.
import { rmSync } from "node:fs";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateAtp } from "../../bench/alltheplaces/generate-atp.mjs";
import { generateNppes } from "../../bench/nppes/generate-nppes.mjs";
import { UrgentCareList } from "../../src/ingest/alltheplaces/urgent-care.js";
import { SMALL_NPPES } from "./nppes.js";

export type AtpTruth = Awaited<ReturnType<typeof generateAtp>>;
export type UrgentTruth = AtpTruth["urgent"][number];

/** A small run: a few dozen spiders, most not urgent care, every case of the generator among them. */
export const SMALL_RUN = { spiders: 40, features: 4000, seed: 7 } as const;

let shared: ReturnType<typeof generate> | undefined;

/**
 * An NPPES main file (extracted CSV) and three weekly All The Places runs derived from it, in a temporary folder,
 * generated once per test process (removed when the process ends).
 * @example const atp = await atpRuns(); atp.runs[0].zip
 */
export function atpRuns(): ReturnType<typeof generate> {
  shared ??= generate();
  return shared;
}

async function generate() {
  const dir = await mkdtemp(join(tmpdir(), "ucd-atp-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const nppes = await generateNppes({ out: join(dir, "nppes"), ...SMALL_NPPES, csv: true, zip: false });
  const runs = [];
  for (const run of [1, 2, 3]) {
    const truth = await generateAtp({
      out: dir,
      ...SMALL_RUN,
      run,
      nppes: nppes.clinics,
      geojson: run === 1,
    });
    runs.push({ truth, zip: join(dir, truth.file) });
  }
  const main = (await readdir(join(dir, "nppes"))).find((f) => /^npidata_pfile_.*\d\.csv$/.test(f)) ?? "";
  const first = runs[0]?.truth;
  if (!first) throw new Error("no run");
  return {
    dir,
    nppes,
    nppesMain: join(dir, "nppes", main),
    runs,
    /** The runs' urgent-care list (their fictional chains), as `--atp-urgent-care` reads it. */
    list: UrgentCareList.parse(first.list),
    listFile: join(dir, "urgent-care-list.json"),
  };
}
