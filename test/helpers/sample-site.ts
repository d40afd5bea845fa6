import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { buildSite } from "../../src/build/build.js";
import { fromRecords } from "../../src/dataset/store.js";
import type { Dataset, FlatDataset } from "../../src/dataset/types.js";
import { generateSampleRecords } from "../../src/sample/generate.js";

export const SITE_URL = "https://urgentcare.example.org";

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

/** Builds `dataset` (default: the sample) into a temp folder and serves it on port 0. */
export async function serveBuild(dataset: Dataset = sampleDataset()): Promise<{
  server: RunningServer;
  out: string;
  cleanup: () => Promise<void>;
}> {
  const tmp = await tempDir();
  const out = join(tmp.dir, "public");
  await buildSite(dataset, out, { siteUrl: SITE_URL, compression: "fast" });
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
