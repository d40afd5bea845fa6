/**
 * Static search over the API's search index (`/search/index.json` and its shards), with no server logic: the
 * root is read once, then one shard per query; ranking and narrowing happen here. No Node APIs and no import of
 * the rest of the client (see `search.ts` for the entry a browser bundle can take alone). The layout and the
 * ranking are described in docs/search.md of the project.
 * @module
 */
import { InvalidResponseError, isNotFoundError } from "./errors.js";
import { type Driver, drivers, type PreparedIndex, prepareIndex, stateCode } from "./search-index.js";
import { fill, rankShard, type SearchHit } from "./search-rank.js";
import { parseQuery } from "./search-words.js";
import type { SearchIndex, SearchShard } from "./types.js";

export {
  type Driver,
  drivers,
  leafOf,
  type PreparedIndex,
  prepareIndex,
  shardOfPrefix,
} from "./search-index.js";
export { type MatchKind, rankShard, type SearchHit } from "./search-rank.js";
export { editDistance, type ParsedQuery, parseQuery, searchWords } from "./search-words.js";

/** Options of a search. */
export interface SearchOptions {
  /** Most hits. Default 10. */
  limit?: number;
  /** Only clinics of this state: slug (`new-york`), USPS code (`NY`) or name (`New York`). */
  state?: string;
  /** Aborts the search; its reason is thrown as is. */
  signal?: AbortSignal;
}

/** Reads a document of the API by its path relative to the base address (`/search/index.json`). */
export type SearchLoader = (path: string, signal: AbortSignal | undefined) => Promise<unknown>;

/** Most shards one query reads (the first choice, and one more when the first finds nothing). */
const MAX_SHARDS = 2;

/** Options of a {@link Searcher}. */
export interface SearcherOptions {
  /** Shards kept in memory, so that typing on reads each shard once. Default 32. */
  shardCache?: number;
}

/**
 * Runs searches against one API: reads the root once (again only if a shard is missing or comes from another
 * release), and keeps the last shards read.
 * @example
 * const searcher = new Searcher((path, signal) => fetch(base + path, { signal }).then((r) => r.json()));
 * const hits = await searcher.search("bluepine birmingham", { limit: 5 });
 */
export class Searcher {
  readonly #load: SearchLoader;
  readonly #shardCache: number;
  #index: Promise<PreparedIndex> | null = null;
  readonly #shards = new Map<string, SearchShard>();

  constructor(load: SearchLoader, options: SearcherOptions = {}) {
    this.#load = load;
    this.#shardCache = Math.max(0, options.shardCache ?? 32);
  }

  /**
   * The best clinics for a query (name words, prefixes as typed, network, city, state, ZIP), best first.
   * Reads the root (once) and usually one shard.
   * @example const [first] = await searcher.search("amberlyn family birmingham");
   */
  async search(text: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = options.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 0)
      throw new RangeError(`limit must be a whole number ≥ 0: ${limit}`);
    const query = parseQuery(text);
    if (limit === 0 || query.words.length === 0) return [];
    for (let attempt = 0; ; attempt++) {
      const index = await this.#root(options.signal);
      const state = options.state === undefined ? null : stateCode(index, options.state);
      if (options.state !== undefined && state === null)
        throw new RangeError(`unknown state: ${options.state}`);
      try {
        let read = 0;
        for (const driver of drivers(index, query)) {
          if (read === MAX_SHARDS) break;
          const shard = await this.#shard(index, driver, options.signal);
          read++;
          const hits = rankShard(index, shard, driver, query, { limit, state });
          if (hits.length > 0) return hits;
        }
        return [];
      } catch (e) {
        // A shard that is gone: the root is stale (a new release laid the index out anew).
        if (attempt > 0 || !isNotFoundError(e)) throw e;
        this.#index = null;
        this.#shards.clear();
      }
    }
  }

  #root(signal: AbortSignal | undefined): Promise<PreparedIndex> {
    if (!this.#index) {
      const path = "/search/index.json";
      const pending = this.#load(path, signal).then((v) =>
        prepareIndex(check<SearchIndex>(v, path, "leaves")),
      );
      pending.catch(() => {
        if (this.#index === pending) this.#index = null; // a failed read is not kept
      });
      this.#index = pending;
    }
    return this.#index;
  }

  /**
   * A shard, from the cache or read. Its `meta` may name an older release than the root's: a release keeps every
   * shard whose content did not change as it was (with the release that last changed it), and caches may hold
   * the old and the new release side by side for a few minutes after a release — slightly older hits beat an
   * error in a search box. Only a shard that is gone (a new layout) makes the caller read the root again.
   */
  async #shard(index: PreparedIndex, driver: Driver, signal: AbortSignal | undefined): Promise<SearchShard> {
    const template = driver.kind === "leaf" ? index.root.paths.leaf : index.root.paths.head;
    const path = fill(template, { prefix: driver.prefix });
    const cached = this.#shards.get(path);
    if (cached) {
      this.#shards.delete(path);
      this.#shards.set(path, cached);
      return cached;
    }
    const shard = check<SearchShard>(await this.#load(path, signal), path, "clinics");
    if (this.#shardCache > 0) {
      this.#shards.set(path, shard);
      while (this.#shards.size > this.#shardCache)
        this.#shards.delete(this.#shards.keys().next().value as string);
    }
    return shard;
  }
}

/** The document, when it has the array the search relies on (a light check: the API only adds fields). */
function check<T>(v: unknown, path: string, array: string): T {
  if (!Array.isArray((v as Record<string, unknown> | null)?.[array]))
    throw new InvalidResponseError(path, `not a search document (no "${array}")`);
  return v as T;
}
