import { statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SampleLastSequencer } from "./test/sequencer.js";

/** statfs type of tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;

/**
 * The suite's temporary folders (the sample build, every test's builds and servers' folders) go to memory when the
 * machine has a tmpfs at /dev/shm with room for them: tens of thousands of small files are written and removed,
 * and on a virtual disk creating them dominates (the sample's build, measured back to back: 14.7 s in memory,
 * 21.3 s on this machine's disk). Elsewhere TMPDIR is left as it is.
 */
function memoryTmpDir(): string | undefined {
  try {
    const fs = statfsSync("/dev/shm");
    return fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= 2 * 2 ** 30 ? "/dev/shm" : undefined;
  } catch {
    return undefined;
  }
}
const tmp = memoryTmpDir();
// Set before vitest forks its workers and runs the global setup, so both inherit it (os.tmpdir() reads it).
if (tmp) process.env.TMPDIR = tmp;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    // Generous: no test may fail because the machine is busy (a first `npm test` beside other work, CI beside a
    // CPU hog). The slowest tests take ~50 s alone on a quiet 2-core machine (the browser's axe pass, the full disk);
    // beside `stress-ng --cpu 2` they take two to three times that. A test that hangs fails after 4 minutes.
    testTimeout: 240_000,
    hookTimeout: 600_000,
    pool: "forks",
    // One fork more than the cores: the suite's files spend a quarter of their time waiting (on servers' timeouts,
    // Chromium, nginx), and a third fork on 2 cores fills it. Measured on the quiet 2-core machine, the whole vitest
    // run: 173.7 s with 2 forks (CPU 76 % busy), 161.3 s with 3, 162.7 s with 4 (2026-11-28).
    maxWorkers: Math.max(2, availableParallelism() + 1),
    // Test files share their fork's module cache instead of re-importing the sources for every file (a quarter of
    // the suite's time went into imports); no test relies on a fresh module state.
    isolate: false,
    // The sample is built once, in the background (test/global-setup.ts); the files that need it run last.
    globalSetup: ["test/global-setup.ts"],
    sequence: { sequencer: SampleLastSequencer },
  },
});
