import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StateSpill } from "../../src/dataset/state-spill.js";
import { tempDir } from "../helpers/sample-site.js";

describe("StateSpill", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  /** Adds `n` values round-robin over three states; returns what each state should read back. */
  async function fill(spill: StateSpill<{ i: number; s: string }>, n: number) {
    const want = new Map<string, { i: number; s: string }[]>();
    for (let i = 0; i < n; i++) {
      const state = ["TX", "VT", "CA"][i % 3] as string;
      const value = { i, s: `clinic ${i}` };
      want.set(state, [...(want.get(state) ?? []), value]);
      await spill.add(state, value);
    }
    await spill.flush();
    return want;
  }

  it("holds a small import in memory: nothing written, values read back in order", async () => {
    const spill = new StateSpill<{ i: number; s: string }>(join(tmp.dir, "small"));
    const want = await fill(spill, 1000);
    await expect(readdir(spill.dir)).rejects.toThrow(/ENOENT/);
    for (const [state, values] of want) expect(await spill.read(state)).toEqual(values);
    expect(Object.fromEntries(spill.states)).toEqual({ TX: 334, VT: 333, CA: 333 });
    expect(await spill.read("NY")).toEqual([]);
  });

  it("spills every value to its state's file past 20,000, in the order added", async () => {
    const spill = new StateSpill<{ i: number; s: string }>(join(tmp.dir, "large"));
    const want = await fill(spill, 25_000);
    expect((await readdir(spill.dir)).sort()).toEqual(["CA.ndjson", "TX.ndjson", "VT.ndjson"]);
    for (const [state, values] of want) expect(await spill.read(state)).toEqual(values);
  });
});
