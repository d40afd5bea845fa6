import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { fromRecords } from "../../src/dataset/store.js";
import type { Dataset, FlatDataset } from "../../src/dataset/types.js";
import { OUTPUT_PARTS, type OutputPart, renderSite } from "../../src/render/build.js";
import { generateSampleRecords } from "../../src/sample/generate.js";
import { SAMPLE_BUILD } from "./constants.js";

export { SAMPLE_BUILD, SITE_URL } from "./constants.js";

/**
 * Every part of the build except the public site: the API (with the release history), search index and downloads,
 * through the renderer's `parts` option (the CLI renders all). For tests of those parts that read no page: the site
 * of even a few dozen clinics is its whole frame (every state's page in both languages, the near-me ZIP and town lookup files,
 * the icons), ~3,600 of a small build's ~4,100 files and three quarters of its CPU time. The site itself is built
 * whole by the suite's sample build and by every test that reads a page.
 */
export const WITHOUT_SITE: readonly OutputPart[] = OUTPUT_PARTS.filter((p) => p !== "site");

/** The suite's options (`SAMPLE_BUILD`) for a build without the site (`WITHOUT_SITE`). */
export const API_BUILD = { ...SAMPLE_BUILD, parts: WITHOUT_SITE };

/** A fresh temporary folder, removed by the returned cleanup. */
export async function tempDir(prefix = "ucd-test-"): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

let sample: FlatDataset | undefined;
/** The built-in sample with its clinics in one array, generated once per test file. */
export function sampleRecords(): FlatDataset {
  sample ??= generateSampleRecords();
  return sample;
}

/** The built-in sample as the build takes it. */
export function sampleDataset(): Dataset {
  return fromRecords(sampleRecords());
}

/** Builds `dataset` into a temp folder (the suite's options) and serves it on port 0. */
export async function serveBuild(dataset: Dataset): Promise<{
  server: RunningServer;
  out: string;
  cleanup: () => Promise<void>;
}> {
  const tmp = await tempDir();
  const out = join(tmp.dir, "public");
  await renderSite(dataset, out, SAMPLE_BUILD);
  const server = await startServer({ dir: out, port: 0 });
  return {
    server,
    out,
    cleanup: async () => {
      await server.close();
      await tmp.cleanup();
    },
  };
}

/** States of the small fixture: three small states of the sample, ~60 clinics, for option and refusal tests. */
export const SMALL_STATES = ["DE", "RI", "VT"] as const;

/** A few dozen clinics of the sample (SMALL_STATES), with their cities: fast to render. */
export function smallRecords(): FlatDataset {
  const all = sampleRecords();
  const keep = new Set<string>(SMALL_STATES);
  return {
    ...all,
    clinics: all.clinics.filter((c) => keep.has(c.state)),
    cities: all.cities.filter((c) => keep.has(c.state)),
  };
}
