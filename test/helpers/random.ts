/**
 * mulberry32: a small seeded PRNG, so that every run of a test draws the same sample.
 * @example const random = seeded(7); random(); // 0 ≤ x < 1, the same sequence on every run
 */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
