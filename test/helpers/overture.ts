// A synthetic Overture places file for tests, with the NPPES bundle its urgent-care places were derived from: the
// generator of the benchmark (bench/overture), with its ground truth.
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateOverture } from "../../bench/overture/generate-overture.mjs";
import { SMALL_NPPES } from "./nppes.js";

export type OvertureTruth = Awaited<ReturnType<typeof generateOverture>>;
export type PlaceTruth = OvertureTruth["places"][number];

/** Places of a small file: a few thousand, every case of the plan among them. */
export const SMALL_PLACES = { rows: 4000, seed: 7 } as const;

let shared: ReturnType<typeof generate> | undefined;

/**
 * A places file and its NPPES counterpart (the extracted CSVs) in a temporary folder, generated once per test
 * process (the files that use it share it; it is removed when the process ends).
 * @example const o = await overturePair();
 */
export function overturePair(): ReturnType<typeof generate> {
  shared ??= generate();
  return shared;
}

async function generate() {
  const dir = await mkdtemp(join(tmpdir(), "ucd-overture-"));
  const truth = await generateOverture({
    out: dir,
    ...SMALL_PLACES,
    nppes: { out: "", ...SMALL_NPPES, csv: true, zip: false },
  });
  const nppes = truth.nppesTruth;
  if (!nppes) throw new Error("no NPPES counterpart");
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    truth,
    nppes,
    places: join(dir, truth.files.places),
    nppesMain: join(dir, truth.files.nppesMain as string),
  };
}
