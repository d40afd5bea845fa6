import { open } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  classOf,
  defaultWorkers,
  hashBytes,
  hashKey,
  readManifest,
  safePath,
  TreeIndex,
  workerFlags,
} from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";

describe("the compact index", () => {
  it("finds every key after growing many times, and walks past 64-bit collisions", () => {
    const index = new TreeIndex(4);
    const keys = Array.from({ length: 50_000 }, (_, i) => `api/v1/clinic/c${i}.json`);
    keys.forEach((k, i) => {
      const { lo, hi } = hashKey(k, 0);
      index.insert(lo, hi, i + 1);
    });
    expect(index.count).toBe(keys.length);
    const lost = keys.filter((k, i) => {
      const { lo, hi } = hashKey(k, 0);
      return index.line(index.find(lo, hi)) !== i + 1;
    });
    expect(lost).toEqual([]);
    expect(index.bytes / index.count).toBeLessThan(50); // bytes per document: 17 a slot, 35–70 % full
    // Two documents with one hash: both are found, one after the other.
    index.insert(7, 9, 111);
    index.insert(7, 9, 222);
    const first = index.find(7, 9);
    const second = index.find(7, 9, first);
    expect([index.line(first), index.line(second)].sort()).toEqual([111, 222]);
    expect(index.find(7, 9, second)).toBe(-1);
  });

  it("costs 13 bytes a slot below a 4 GiB manifest (17 with wide offsets), and refuses an offset it cannot hold", () => {
    const narrow = new TreeIndex(1_000_000);
    const wide = new TreeIndex(1_000_000, true);
    expect(narrow.bytes).toBe(2 ** 21 * 13);
    expect(wide.bytes).toBe(2 ** 21 * 17);
    wide.insert(1, 2, 5 * 2 ** 30);
    expect(wide.line(wide.find(1, 2))).toBe(5 * 2 ** 30);
    expect(() => narrow.insert(1, 2, 5 * 2 ** 30)).toThrow(RangeError);
  });

  it("hashes a URL key like the manifest path's UTF-8 bytes", () => {
    for (const path of ["api/v1/index.json", "clinics/san-josé/index.html", "a/😀.json"]) {
      const bytes = Buffer.from(path);
      const a = { ...hashBytes(bytes, 0, bytes.length) };
      expect(hashKey(`/${path}`, 1)).toEqual(a);
    }
  });

  it.each([
    ["api/v1/index.json", true],
    ["index.html", true],
    ["../secret", false],
    ["a/./b", false],
    ["a//b", false],
    ["/abs", false],
    ["a\\b", false],
    ["a\u0000b", false],
    ["", false],
  ])("safePath(%j) is %s", (path, ok) => {
    expect(safePath(path)).toBe(ok);
  });

  it.each([
    ["api/v1/index.json", 0],
    ["index.html", 0],
    ["assets/site-0123abcd.css", 0],
    ["api/v1/clinics/texas/austin.json", 1],
    ["clinics/texas/austin/index.html", 1],
    ["api/v1/clinic/c0001.json", 2],
    ["clinics/texas/austin/c0001/index.html", 2],
  ])("preload class of %s is %i", (path, cls) => {
    expect(classOf(path)).toBe(cls);
  });

  it("reads a build's manifest streamed: every line once, in order, with offsets that read back", async () => {
    const site = await fixtureSite(5);
    try {
      const handle = await open(join(site.release, "files.tsv"));
      const text = (await handle.readFile()).toString();
      const seen: string[] = [];
      const summary = await readManifest(handle, (line) => {
        expect(text.slice(line.offset).startsWith(`${line.path}\t${line.size}\t${line.sha256}\n`)).toBe(true);
        seen.push(line.path);
        return undefined;
      });
      await handle.close();
      expect(summary.files).toBe(seen.length);
      expect(seen).toEqual([...seen].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
      expect(text.endsWith(`#end\t${seen.length}\t${summary.digest}\n`)).toBe(true);
    } finally {
      await site.cleanup();
    }
  });
});

describe("defaults for a small machine", () => {
  it("one process on one or two cores, one per core above", () => {
    expect([1, 2, 3, 8].map((cores) => defaultWorkers(cores))).toEqual([1, 1, 3, 8]);
  });

  it("workers get a 1 MiB semi-space unless one is given", () => {
    expect(workerFlags(["--enable-source-maps"])).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=1",
    ]);
    expect(workerFlags(["--max-semi-space-size=8"])).toEqual(["--max-semi-space-size=8"]);
  });
});
