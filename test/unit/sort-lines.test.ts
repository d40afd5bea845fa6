import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sortedLines } from "../../src/render/output/sort-lines.js";
import { tempDir } from "../helpers/sample-site.js";

describe("sortedLines", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  /** The unsorted input, written once: sortedLines leaves it as it is. */
  let file: string;
  const lines = Array.from(
    { length: 5000 },
    (_, i) => `clinics/s${(i * 7919) % 97}/c${(i * 104729) % 1009}/index.html\t${i}\tx`,
  );
  const sorted = [...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  beforeAll(async () => {
    tmp = await tempDir();
    file = join(tmp.dir, "lines");
    await writeFile(file, `${lines.join("\n")}\n`);
  });
  afterAll(() => tmp.cleanup());

  /** Sorted in one piece, and in runs of 10,000 characters merged from disk. */
  const MODES = [
    ["in memory", 1 << 30],
    ["in runs merged from disk", 10_000],
  ] as const;

  it.each(MODES)("gives every line once, in byte order (%s)", async (_name, runChars) => {
    const out: string[] = [];
    await sortedLines(
      file,
      (l) => {
        out.push(l);
      },
      runChars,
    );
    expect(out).toEqual(sorted);
  });

  it.each(MODES)(
    "waits for a promise returned by emit before the next line (%s)",
    async (_name, runChars) => {
      const out: string[] = [];
      let busy = false;
      let overlapped = 0;
      await sortedLines(
        file,
        async (l) => {
          if (busy) overlapped++;
          busy = true;
          await new Promise((r) => setImmediate(r));
          out.push(l);
          busy = false;
        },
        runChars,
      );
      expect(overlapped).toBe(0);
      expect(out).toEqual(sorted);
    },
  );
});
