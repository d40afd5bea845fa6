/**
 * A compact index of the documents of an output folder: an open-addressing hash table in typed arrays, so
 * millions of documents cost a few dozen bytes each and no JS object apiece. Each slot holds a 64-bit hash of
 * the document's path (two 32-bit halves), the byte offset of its line in `files.tsv` (where its path, size
 * and SHA-256 are read back when it is needed) and a few flags. A hit is confirmed against the manifest line,
 * so a hash collision can never serve the wrong file.
 */

/** The document has a `.br` sibling. */
export const HAS_BR = 1;
/** The document has a `.gz` sibling. */
export const HAS_GZ = 2;

/** 64-bit hash of a byte range, as two 32-bit halves (FNV-1a and a multiplicative variant). */
export interface KeyHash {
  lo: number;
  hi: number;
}

const scratch: KeyHash = { lo: 0, hi: 0 };

/**
 * Hashes the UTF-8 bytes `bytes[start, end)`. Returns a shared object: copy its fields before the next call.
 * @example const h = hashBytes(Buffer.from("api/v1/index.json"), 0, 17); [h.lo, h.hi];
 */
export function hashBytes(bytes: Uint8Array, start: number, end: number): KeyHash {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = start; i < end; i++) {
    const c = bytes[i] as number;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  scratch.lo = a >>> 0;
  scratch.hi = b >>> 0;
  return scratch;
}

/**
 * Hashes the UTF-8 encoding of `key` from character `from` on (a URL path without its leading `/` is a
 * manifest path), without encoding it when it is ASCII. Returns the same shared object as `hashBytes`.
 * @example hashKey("/api/v1/index.json", 1); // same as hashing "api/v1/index.json"
 */
export function hashKey(key: string, from: number): KeyHash {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = from; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c > 0x7f) {
      const utf8 = Buffer.from(key.slice(from), "utf8");
      return hashBytes(utf8, 0, utf8.length);
    }
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  scratch.lo = a >>> 0;
  scratch.hi = b >>> 0;
  return scratch;
}

/** The table. Slot `i` is empty while `line[i]` is 0 (offset 0 is the manifest's header line, never a file). */
export class TreeIndex {
  #lo: Uint32Array;
  #hi: Uint32Array;
  #line: Uint32Array | Float64Array;
  #flags: Uint8Array;
  #mask: number;
  /** Documents held. */
  count = 0;

  /**
   * `expected` documents size the table; `wide` offsets (8 bytes) are needed only for a manifest of 4 GiB or
   * more, else a slot's offset takes 4 (13 bytes a slot instead of 17: a quarter less for a 1M-clinic build).
   */
  constructor(
    expected = 1024,
    readonly wide = false,
  ) {
    let capacity = 1024;
    while (capacity < expected * 1.5) capacity *= 2;
    this.#lo = new Uint32Array(capacity);
    this.#hi = new Uint32Array(capacity);
    this.#line = wide ? new Float64Array(capacity) : new Uint32Array(capacity);
    this.#flags = new Uint8Array(capacity);
    this.#mask = capacity - 1;
  }

  /** Bytes the table occupies. */
  get bytes(): number {
    return (this.#mask + 1) * (4 + 4 + this.#line.BYTES_PER_ELEMENT + 1);
  }

  /** Adds a document: its path hash and the offset of its line in the manifest. Returns its slot. */
  insert(lo: number, hi: number, line: number, flags = 0): number {
    if (!this.wide && line > 0xffffffff)
      throw new RangeError("a manifest offset past 4 GiB needs a wide index");
    if ((this.count + 1) * 10 > (this.#mask + 1) * 7) this.#grow();
    const slot = this.#place(lo, hi);
    this.#lo[slot] = lo;
    this.#hi[slot] = hi;
    this.#line[slot] = line;
    this.#flags[slot] = flags;
    this.count++;
    return slot;
  }

  /**
   * The first slot at or after probe position `after + 1` whose hash matches, or -1. Call again with the
   * returned slot to see further candidates (a 64-bit collision).
   */
  find(lo: number, hi: number, after = -1): number {
    const mask = this.#mask;
    let i = after < 0 ? (lo ^ Math.imul(hi, 0x9e3779b1)) & mask : (after + 1) & mask;
    for (;;) {
      if (this.#line[i] === 0) return -1;
      if (this.#lo[i] === lo && this.#hi[i] === hi) return i;
      i = (i + 1) & mask;
    }
  }

  line(slot: number): number {
    return this.#line[slot] as number;
  }

  flags(slot: number): number {
    return this.#flags[slot] as number;
  }

  addFlags(slot: number, flags: number): void {
    this.#flags[slot] = (this.#flags[slot] as number) | flags;
  }

  #place(lo: number, hi: number): number {
    const mask = this.#mask;
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    while (this.#line[i] !== 0) i = (i + 1) & mask;
    return i;
  }

  #grow(): void {
    const lo = this.#lo;
    const hi = this.#hi;
    const line = this.#line;
    const flags = this.#flags;
    const capacity = (this.#mask + 1) * 2;
    this.#lo = new Uint32Array(capacity);
    this.#hi = new Uint32Array(capacity);
    this.#line = this.wide ? new Float64Array(capacity) : new Uint32Array(capacity);
    this.#flags = new Uint8Array(capacity);
    this.#mask = capacity - 1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === 0) continue;
      const slot = this.#place(lo[i] as number, hi[i] as number);
      this.#lo[slot] = lo[i] as number;
      this.#hi[slot] = hi[i] as number;
      this.#line[slot] = line[i] as number;
      this.#flags[slot] = flags[i] as number;
    }
  }
}
