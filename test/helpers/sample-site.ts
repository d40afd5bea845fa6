import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { buildSite } from "../../src/build/build.js";
import type { Dataset } from "../../src/dataset/types.js";
import { generateSample } from "../../src/sample/generate.js";

export const SITE_URL = "https://urgentcare.example.org";

/** A fresh temporary folder, removed by the returned cleanup. */
export async function tempDir(prefix = "ucd-test-"): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

let sample: Dataset | undefined;
/** The built-in sample, generated once per test file. */
export function sampleDataset(): Dataset {
  sample ??= generateSample();
  return sample;
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
