import { defineConfig } from "vitest/config";

// The package's tests on their own (`npm test` in packages/server); the repository's config runs them too.
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000, pool: "forks" },
});
