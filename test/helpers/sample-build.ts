// The suite's sample build (test/global-setup.ts runs it in the background). Importing this module waits until
// the build has ended (top-level await), so a test file that imports it starts with the sample ready; the
// sequencer (test/sequencer.ts) runs such files after the others, which fill the build's time.
import { existsSync, readFileSync, watch } from "node:fs";
import { basename, dirname } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { inject } from "vitest";
import type { SampleBuildOutcome } from "../global-setup.js";

/** Resolves with the file's JSON once it exists (it appears whole: written, then renamed into place). */
function whenWritten(file: string): Promise<SampleBuildOutcome> {
  const read = () => JSON.parse(readFileSync(file, "utf8")) as SampleBuildOutcome;
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(file), (_event, name) => {
      if (name === basename(file) && existsSync(file)) {
        watcher.close();
        resolve(read());
      }
    });
    watcher.on("error", reject);
    // Checked after the watch began, so an outcome written in between is not missed.
    if (existsSync(file)) {
      watcher.close();
      resolve(read());
    }
  });
}

const outcome = await whenWritten(inject("sampleBuild"));
if (!outcome.ok) throw new Error(`the suite's sample build failed: ${outcome.error}\n${outcome.log}`);
const built = outcome; // narrowed: the functions below see the successful outcome

/** The folder of the sample built once for the whole suite. Read it; never write into it. */
export function sampleSite(): string {
  return built.site;
}

/** What `ucd build` printed on stderr while building the sample. */
export function sampleBuildLog(): string {
  return built.log;
}

/** Serves the suite's sample build on port 0. */
export async function serveSample(): Promise<{
  server: RunningServer;
  out: string;
  cleanup: () => Promise<void>;
}> {
  const out = sampleSite();
  const server = await startServer({ dir: out, port: 0 });
  return { server, out, cleanup: () => server.close() };
}
