import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sortedLines } from "../../src/build/output/sort-lines.js";
import { tempDir } from "../helpers/sample-site.js";

describe("sortedLines", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  const lines = Array.from(
    { length: 5000 },
    (_, i) => `clinics/s${(i * 7919) % 97}/c${(i * 104729) % 1009}/index.html\t${i}\tx`,
  );

  it.each([
    ["in memory", 1 << 30],
    ["in runs merged from disk", 10_000],
  ])("gives every line once, in byte order (%s)", async (_name, runChars) => {
    const file = join(tmp.dir, `lines-${runChars}`);
    await writeFile(file, `${lines.join("\n")}\n`);
    const out: string[] = [];
    await sortedLines(
      file,
      (l) => {
        out.push(l);
      },
      runChars,
    );
    expect(out).toEqual([...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });

  it.each([
    ["in memory", 1 << 30],
    ["in runs merged from disk", 10_000],
  ])("waits for a promise returned by emit before the next line (%s)", async (_name, runChars) => {
    const file = join(tmp.dir, `waits-${runChars}`);
    await writeFile(file, `${lines.join("\n")}\n`);
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
    expect(out).toHaveLength(lines.length);
  });
});
