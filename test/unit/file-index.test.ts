import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fileIndexGet, fileIndexSet, newFileIndex } from "../../src/render/output/file-index.js";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

describe("the previous release's file index", () => {
  it("gives back the start of every file's SHA-256 by path, and nothing for a path it does not have", () => {
    // Paths like a release's, many sharing long prefixes; filled to its limit (a power of two of slots, 80 %).
    const paths = Array.from({ length: 26_214 }, (_, i) =>
      i % 3 === 0
        ? `api/v1/clinic/${i.toString(36)}x.json`
        : `clinics/texas/austin/clinic-${i}.html${i % 2 ? ".gz" : ""}`,
    );
    const table = newFileIndex(paths.length);
    expect(table.length / 4).toBe(32_768);
    for (const p of paths) fileIndexSet(table, p, sha(p));
    expect(paths.filter((p) => fileIndexGet(table, p) !== sha(p).slice(0, 16))).toEqual([]);
    const absent = paths.slice(0, 2000).map((p) => `${p}.br`);
    expect(absent.filter((p) => fileIndexGet(table, p) !== null)).toEqual([]);
    // A path set again takes its new hash.
    fileIndexSet(table, paths[0] as string, sha("new bytes"));
    expect(fileIndexGet(table, paths[0] as string)).toBe(sha("new bytes").slice(0, 16));
  });

  it("is sized for its files, and shared with the threads that read it", () => {
    expect(newFileIndex(0).length / 4).toBe(8);
    expect(newFileIndex(7).length / 4).toBe(16);
    expect(newFileIndex(3_200_000).length / 4).toBe(4_194_304);
    expect(newFileIndex(10).buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
