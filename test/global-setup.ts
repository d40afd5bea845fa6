// Builds the synthetic sample once for the whole suite, with the command a user runs (`ucd build`, compiled by
// `npm test` before vitest starts). The build runs in the background while the test files that do not need it
// run (test/sequencer.ts orders them first); when it ends, its outcome is written to the file named by
// `inject("sampleBuild")`, which test/helpers/sample-build.ts waits for.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { SAMPLE_BUILD } from "./helpers/constants.js";

/** What the sample build left: its folder, or why there is none. */
export type SampleBuildOutcome =
  | { ok: true; site: string; log: string }
  | { ok: false; error: string; log: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** The file the sample build's outcome (`SampleBuildOutcome`, JSON) appears at once the build has ended. */
    sampleBuild: string;
  }
}

let dir: string | undefined;
let running: { kill: () => void; ended: Promise<void> } | undefined;

export async function setup(project: TestProject): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), "ucd-suite-"));
  dir = root;
  // Every temporary folder of the run goes inside the suite's own (the forks, spawned after this, and the commands
  // they run inherit TMPDIR; os.tmpdir() reads it), so the teardown removes what a test or a command it killed
  // left behind (an import's folder of a killed build, a generated file removed at a process exit that a fork
  // never reaches).
  const temp = join(root, "tmp");
  await mkdir(temp);
  process.env.TMPDIR = temp;
  const out = join(root, "sample");
  const outcomeFile = join(root, "sample-build.json");
  const bin = join(import.meta.dirname, "../bin/ucd.js");
  const args = ["build", "--out", out, "--site-url", SAMPLE_BUILD.siteUrl];
  args.push("--generated-at", SAMPLE_BUILD.generatedAt, "--compression", SAMPLE_BUILD.compression);
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    log += d;
  });
  const ended = new Promise<void>((resolve) => {
    const settle = async (outcome: SampleBuildOutcome) => {
      // Written whole, then renamed: a reader never sees half of it.
      await writeFile(`${outcomeFile}.tmp`, JSON.stringify(outcome));
      await rename(`${outcomeFile}.tmp`, outcomeFile);
      resolve();
    };
    child.on("error", (e) => void settle({ ok: false, error: `could not run ucd build: ${e.message}`, log }));
    child.on("close", (code, signal) => {
      // `out` is a symlink to the release folder; tests read the release itself.
      if (code === 0) void realpath(out).then((site) => settle({ ok: true, site, log }));
      else void settle({ ok: false, error: `ucd build ended with ${signal ?? `exit code ${code}`}`, log });
    });
  });
  running = { kill: () => child.kill(), ended };
  project.provide("sampleBuild", outcomeFile);
}

export async function teardown(): Promise<void> {
  // A run that needed no sample (one file, a filter) may end before the build does.
  running?.kill();
  await running?.ended;
  if (dir) await rm(dir, { recursive: true, force: true });
}
