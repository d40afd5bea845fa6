import { describe, expect, it } from "vitest";
import { Rng } from "../../src/sample/rng.js";
import { firstSorted } from "../../src/util/first-sorted.js";

describe("firstSorted", () => {
  it("gives what a stable sort and a slice give: the same items, equal ones in their arrival order", () => {
    const rng = new Rng("first-sorted");
    const byRank = (a: { rank: number }, b: { rank: number }) => a.rank - b.rank;
    for (let round = 0; round < 300; round++) {
      const n = rng.int(0, 400);
      // Few distinct ranks: many ties, which only the arrival order tells apart.
      const items = Array.from({ length: n }, (_, i) => ({ rank: rng.int(0, 20), i }));
      const k = rng.int(0, n + 3);
      const want = [...items].sort(byRank).slice(0, k);
      expect(firstSorted(items, k, byRank), `n ${n}, k ${k}`).toEqual(want);
      expect(firstSorted(new Set(items), k, byRank), `n ${n}, k ${k}, an iterable`).toEqual(want);
    }
  });
});
