// @ts-check
// Seeded randomness for the NPPES generator. Every row draws from its own stream, seeded from (seed, row index,
// purpose), so that any row can be generated again on its own (the weekly file edits rows of the monthly one, the
// deactivation report lists the monthly file's deactivated NPIs) without writing the 8.5 million before it.

/**
 * A 32-bit hash of up to three integers (murmur3's finaliser over a simple combination): the seed of a stream.
 * @param {number} a
 * @param {number} b
 * @param {number} [c]
 * @returns {number}
 * @example hash3(1, 42, 7) === hash3(1, 42, 7) // true
 */
export function hash3(a, b, c = 0) {
  let h =
    Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A deterministic generator of numbers in [0, 1) (mulberry32), with helpers to pick from lists.
 * One object per stream; `reseed` restarts it without allocating (the main loop reseeds it once per row).
 */
export class Random {
  /** @param {number} seed */
  constructor(seed) {
    /** @type {number} */
    this.state = seed >>> 0;
  }

  /** @param {number} seed */
  reseed(seed) {
    this.state = seed >>> 0;
    return this;
  }

  /** @returns {number} a number in [0, 1) */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /**
   * An integer in [min, max].
   * @param {number} min
   * @param {number} max
   */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /**
   * One element of a non-empty list.
   * @template T
   * @param {readonly T[]} list
   * @returns {T}
   */
  pick(list) {
    return /** @type {T} */ (list[Math.floor(this.next() * list.length)]);
  }

  /**
   * True with probability p.
   * @param {number} p
   */
  chance(p) {
    return this.next() < p;
  }
}
