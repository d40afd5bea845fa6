/** Options of the in-memory response cache. */
export interface CacheOptions {
  /** Most documents kept; the least recently used goes first. Default 1000 (the whole sample API is ~440). */
  maxEntries?: number;
  /**
   * Milliseconds a stored document is used without asking the server. Default 0: every use revalidates with
   * `If-None-Match`, which costs a round trip but no body when unchanged (304).
   */
  ttlMs?: number;
}

/** A stored answer: the raw body text (parsed anew on each use, so callers cannot corrupt it) and its ETag. */
export interface CacheEntry {
  etag: string;
  text: string;
  storedAt: number;
}

/** Least-recently-used map from URL to {@link CacheEntry}; a Map keeps insertion order, which is the LRU order. */
export class MemoryCache {
  readonly maxEntries: number;
  readonly ttlMs: number;
  readonly #entries = new Map<string, CacheEntry>();

  constructor(options: CacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 1000);
    this.ttlMs = Math.max(0, options.ttlMs ?? 0);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(url: string): CacheEntry | undefined {
    const entry = this.#entries.get(url);
    if (entry) {
      this.#entries.delete(url);
      this.#entries.set(url, entry);
    }
    return entry;
  }

  isFresh(entry: CacheEntry, now: number): boolean {
    return now - entry.storedAt < this.ttlMs;
  }

  set(url: string, entry: CacheEntry): void {
    this.#entries.delete(url);
    this.#entries.set(url, entry);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
