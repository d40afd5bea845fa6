import { describe, expect, it } from "vitest";
import { LOOKUP_FILE_BYTES, lookupFile } from "../../src/browser/lookup-files.js";
import { lookupFiles } from "../../src/render/site/lookup-files.js";
import { placeShards } from "../../src/render/site/place-shards.js";
import { zipShards } from "../../src/render/site/zip-shards.js";

/** A value as the page finds it: the index, then the one file whose run holds the key. */
function find(files: readonly { file: string; body: string }[], dir: string, key: string): unknown {
  const byPath = new Map(files.map((f) => [f.file, JSON.parse(f.body) as unknown]));
  const file = lookupFile(byPath.get(`${dir}/index.json`) as string[], key);
  return file === null ? undefined : (byPath.get(`${dir}/${file}.json`) as Record<string, unknown>)[key];
}

describe("lookup tables as a few site files", () => {
  it.each([
    ["before the first file", ["210", "787"], "0", null],
    ["a first key", ["210", "787"], "210", "210"],
    ["inside a run", ["210", "787"], "55555", "210"],
    ["after the last first key", ["210", "787"], "99999", "787"],
    ["an empty table", [], "787", null],
  ])("lookupFile: %s", (_, index, key, want) => {
    expect(lookupFile(index, key)).toBe(want);
  });

  it("every key is found in its file, keys it does not hold are not, and files are few and full", () => {
    const entries = Array.from({ length: 5000 }, (_, i) => [String(10000 + i * 7), [i, 1 - i]] as const);
    const files = lookupFiles("t", entries);
    for (const [key, value] of entries) expect(find(files, "t", key)).toEqual(value);
    expect(find(files, "t", "10001")).toBeUndefined();
    expect(find(files, "t", "00000")).toBeUndefined();
    const data = files.slice(1);
    expect(data.length).toBeLessThan(entries.length / 100);
    for (const f of data.slice(0, -1)) expect(f.body.length).toBeGreaterThanOrEqual(LOOKUP_FILE_BYTES);
    expect(lookupFiles("t", [...entries].reverse())).toEqual(files);
    expect(() => lookupFiles("t", [["../x", 1]])).toThrow(/cannot name a file/);
  });

  it("the near-me box's ZIP codes and towns: a few hundred files, each ZIP and town found", () => {
    const zips = zipShards();
    const places = placeShards();
    expect(zips.length).toBeLessThan(250);
    expect(places.length).toBeLessThan(250);
    expect(find(zips, "assets/zips", "78701")).toEqual([expect.closeTo(30.27, 1), expect.closeTo(-97.74, 1)]);
    // Pflugerville's own ZIP code for post office boxes has no Census area: GeoNames' point.
    expect(find(zips, "assets/zips", "78691")).toBeDefined();
    expect(find(zips, "assets/zips", "00000")).toBeUndefined();
    const pfl = find(places, "assets/places", "pfl") as [string, string, number, number][];
    expect(pfl.some(([name, state]) => name === "Pflugerville" && state === "TX")).toBe(true);
  });
});
