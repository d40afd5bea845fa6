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
    await sortedLines(file, (l) => out.push(l), runChars);
    expect(out).toEqual([...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });
});
