import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * `npm ci` refuses a lock file that lacks an optional dependency of a locked package. Our registry mirror omits
 * some platform builds, so `npm install` can write such a lock; `node scripts/lock-platform-stubs.mjs` repairs it.
 */
describe("package-lock.json", () => {
  it("records every optional platform dependency, so that `npm ci` accepts it on a fresh clone", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith("node_modules/")) continue;
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!lock.packages[`node_modules/${name}`]) missing.push(`${name} (of ${path.slice(13)})`);
      }
    }
    expect(missing, "run: node scripts/lock-platform-stubs.mjs").toEqual([]);
  });
});
