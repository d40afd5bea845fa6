import type { Document } from "./document.js";

/**
 * The documents held in memory with every response precomputed, within a byte budget. Lookups are one `Map`
 * get; eviction is CLOCK (second chance): a use sets `doc.used`, and the hand clears it or evicts, so the hot
 * path pays one property write rather than the list surgery of an LRU.
 */
export class HotSet {
  /** URL key → document (a document is held under its path and its folder aliases). */
  readonly map = new Map<string, Document>();
  #ring: Document[] = [];
  #hand = 0;
  /** Bytes held. */
  bytes = 0;

  constructor(readonly budget: number) {}

  /** Documents held. */
  get size(): number {
    return this.#ring.length;
  }

  /** True when `cost` more bytes fit without evicting. */
  fits(cost: number): boolean {
    return this.bytes + cost <= this.budget;
  }

  /**
   * Holds `doc` under its keys, evicting unused documents to make room. Returns false (and holds nothing)
   * when it cannot fit even after eviction: larger than the budget, or everything else pinned.
   */
  add(doc: Document): boolean {
    if (!doc.pinned && doc.cost > this.budget) return false;
    if (!doc.pinned) this.#evictFor(doc.cost);
    if (!doc.pinned && !this.fits(doc.cost)) return false;
    for (const key of doc.keys) if (!this.map.has(key)) this.map.set(key, doc);
    this.#ring.push(doc);
    this.bytes += doc.cost;
    doc.held = true;
    return true;
  }

  /** Adds an alias key to a document held (nothing when it is not: it was too large to hold). */
  alias(key: string, doc: Document): void {
    if (!doc.held || this.map.has(key)) return;
    doc.keys.push(key);
    this.map.set(key, doc);
  }

  #evictFor(cost: number): void {
    let scanned = 0;
    const limit = this.#ring.length * 2 + 1;
    while (this.bytes + cost > this.budget && this.#ring.length > 0 && scanned++ < limit) {
      if (this.#hand >= this.#ring.length) this.#hand = 0;
      const doc = this.#ring[this.#hand] as Document;
      if (doc.pinned) {
        this.#hand++;
      } else if (doc.used) {
        doc.used = false;
        this.#hand++;
      } else {
        this.#remove(this.#hand);
      }
    }
  }

  #remove(i: number): void {
    const doc = this.#ring[i] as Document;
    const last = this.#ring.pop() as Document;
    if (i < this.#ring.length) this.#ring[i] = last;
    for (const key of doc.keys) if (this.map.get(key) === doc) this.map.delete(key);
    this.bytes -= doc.cost;
    doc.held = false;
  }
}
