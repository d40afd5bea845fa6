import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One fork per core (vitest's default leaves one core idle): most test files wait on servers, child
    // processes and Chromium rather than compute.
    maxWorkers: Math.max(2, availableParallelism()),
    // Test files share their fork's module cache instead of re-importing the sources for every file (a quarter of
    // the suite's time went into imports); no test relies on a fresh module state.
    isolate: false,
    globalSetup: ["test/global-setup.ts"],
  },
});
