// Builds the synthetic sample once for the whole suite, with the command a user runs (`ucd build`, compiled by
// `npm test` before vitest starts); test files read the folder with `inject("sampleSite")` and what the command
// printed with `inject("sampleBuildLog")`.
import { execFile } from "node:child_process";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { SAMPLE_BUILD } from "./helpers/constants.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder holding the built sample (read-only: tests must not write into it). */
    sampleSite: string;
    /** What `ucd build` printed on stderr while building it. */
    sampleBuildLog: string;
  }
}

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), "ucd-suite-"));
  const out = join(dir, "sample");
  const bin = join(import.meta.dirname, "../bin/ucd.js");
  const args = ["build", "--out", out, "--site-url", SAMPLE_BUILD.siteUrl];
  args.push("--generated-at", SAMPLE_BUILD.generatedAt, "--compression", SAMPLE_BUILD.compression);
  const { stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { timeout: 300_000 });
  // `out` is a symlink to the release folder; tests read the release itself.
  project.provide("sampleSite", await realpath(out));
  project.provide("sampleBuildLog", stderr);
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
