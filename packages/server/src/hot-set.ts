import type { Document } from "./document.js";

/**
 * The documents held in memory with every response precomputed, within a byte budget. Lookups are one `Map`
 * get; eviction is CLOCK (second chance): a use sets `doc.used`, and the hand clears it or evicts, so the hot
 * path pays one property write rather than the list surgery of an LRU.
 */
export class HotSet {
  /** URL key → document (a document is held under its path and its folder aliases). */
  readonly map = new Map<string, Document>();
  /** The clock: documents in the order the hand visits them; null where one was evicted. */
  #ring: (Document | null)[] = [];
  #hand = 0;
  #count = 0;
  /** Bytes held. */
  bytes = 0;

  constructor(readonly budget: number) {}

  /** Documents held. */
  get size(): number {
    return this.#count;
  }

  /** True when `cost` more bytes fit without evicting. */
  fits(cost: number): boolean {
    return this.bytes + cost <= this.budget;
  }

  /**
   * Holds `doc` under its keys, evicting unused documents to make room. Returns false (and holds nothing)
   * when it cannot fit even after eviction: larger than the budget, or everything else pinned or in use.
   */
  add(doc: Document): boolean {
    if (!doc.pinned && doc.cost > this.budget) return false;
    const slot = doc.pinned ? -1 : this.#evictFor(doc.cost);
    if (!doc.pinned && !this.fits(doc.cost)) return false;
    for (const key of doc.keys) if (!this.map.has(key)) this.map.set(key, doc);
    // Into the frame just freed, behind the hand: the newcomer is visited last.
    if (slot >= 0) this.#ring[slot] = doc;
    else this.#ring.push(doc);
    this.#count++;
    this.bytes += doc.cost;
    doc.held = true;
    return true;
  }

  /**
   * Counts `bytes` more for `doc`, held (one more of its encodings loaded), evicting unused documents to make
   * room. Returns false, counting nothing, when it does not fit or `doc` was evicted meanwhile: the caller then
   * does not keep the bytes.
   */
  grow(doc: Document, bytes: number): boolean {
    if (!doc.held) return false;
    doc.used = true;
    if (!doc.pinned) this.#evictFor(bytes);
    if (!doc.held || (!doc.pinned && !this.fits(bytes))) return false;
    this.bytes += bytes;
    doc.cost += bytes;
    return true;
  }

  /** Lets go of every document (a site replaced by a reload). */
  clear(): void {
    for (const doc of this.#ring) if (doc) doc.held = false;
    this.map.clear();
    this.#ring = [];
    this.#hand = 0;
    this.#count = 0;
    this.bytes = 0;
  }

  /** Adds an alias key to a document held (nothing when it is not: it was too large to hold). */
  alias(key: string, doc: Document): void {
    if (!doc.held || this.map.has(key)) return;
    doc.keys.push(key);
    this.map.set(key, doc);
  }

  /** Moves the hand, clearing `used` or evicting, until `cost` fits; returns the last frame freed, or -1. */
  #evictFor(cost: number): number {
    let freed = -1;
    let steps = 0;
    const limit = this.#ring.length * 2 + 1;
    while (this.bytes + cost > this.budget && this.#count > 0 && steps++ < limit) {
      if (this.#hand >= this.#ring.length) this.#hand = 0;
      const i = this.#hand++;
      const doc = this.#ring[i];
      if (!doc || doc.pinned) continue;
      if (doc.used) {
        doc.used = false;
        continue;
      }
      this.#ring[i] = null;
      this.#count--;
      for (const key of doc.keys) if (this.map.get(key) === doc) this.map.delete(key);
      this.bytes -= doc.cost;
      doc.held = false;
      freed = i;
    }
    if (this.#ring.length > 64 && this.#count * 2 < this.#ring.length) this.#compact();
    if (freed >= 0 && freed < this.#ring.length && this.#ring[freed] === null) return freed;
    return -1;
  }

  #compact(): void {
    const hand = this.#ring[this.#hand] ?? null;
    this.#ring = this.#ring.filter((d): d is Document => d !== null);
    this.#hand = hand ? this.#ring.indexOf(hand) : 0;
  }
}
