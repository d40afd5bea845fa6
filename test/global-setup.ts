// Builds the synthetic sample once for the whole suite; test files read it with `inject("sampleSite")`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { renderSite } from "../src/build/build.js";
import { generateSample } from "../src/sample/generate.js";
import { SAMPLE_BUILD } from "./helpers/constants.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder holding the built sample (read-only: tests must not write into it). */
    sampleSite: string;
  }
}

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), "ucd-suite-"));
  const site = join(dir, "sample");
  await renderSite(generateSample(), site, SAMPLE_BUILD);
  project.provide("sampleSite", site);
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
