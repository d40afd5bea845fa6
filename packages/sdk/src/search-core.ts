/**
 * Static search over the API's search index (`/search/index.json` and its shards), with no server logic: the
 * root is read once, then one shard per query; ranking and narrowing happen here. No Node APIs and no import of
 * the rest of the client (see `search.ts` for the entry a browser bundle can take alone). The layout and the
 * ranking are described in docs/search.md of the project.
 * @module
 */
import { InvalidResponseError, isNotFoundError } from "./errors.js";
import { toSlug } from "./slug.js";
import type { SearchIndex, SearchShard } from "./types.js";

/** How a hit matched the words of its name: all whole words, some only as prefixes, some only approximately. */
export type MatchKind = "exact" | "prefix" | "fuzzy";

/** One result of a search, best first. */
export interface SearchHit {
  id: string;
  name: string;
  network: string | null;
  city: { slug: string; name: string };
  state: { slug: string; code: string; name: string };
  /** 5-digit ZIP code, or null when unknown. */
  zip: string | null;
  /** The clinic's page on the site (absolute). */
  url: string;
  /** Its API document, relative to the base address (`/clinic/{id}.json`). */
  path: string;
  /** How the query's words matched the clinic's name (or, when none did, its city, state, network or ZIP). */
  match: MatchKind;
}

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

type Record5 = [id: string, name: string, network: number | null, city: number, zip: string | null];
type StateRow = [slug: string, code: string, name: string];

/** Most shards one query reads (the first choice, and one more when the first finds nothing). */
const MAX_SHARDS = 2;

/**
 * The words of a text as the index keys them: accents folded, lowercase, `&` spelled `and`, apostrophes dropped,
 * every other run of characters outside a-z and 0-9 a separator (the same rule as the build's).
 * @example searchWords("Smith & Jones Walk-In"); // ["smith", "and", "jones", "walk", "in"]
 */
export function searchWords(text: string): string[] {
  return toSlug(text)
    .split("-")
    .filter((w) => w.length > 0);
}

/** A query's words, and whether the last one may be unfinished (the text does not end with a separator). */
export interface ParsedQuery {
  words: string[];
  open: boolean;
}

/**
 * Splits a query as typed: the last word counts as a prefix unless the text ends with a space or punctuation.
 * @example parseQuery("bluepine aus"); // { words: ["bluepine", "aus"], open: true }
 */
export function parseQuery(text: string): ParsedQuery {
  const words = searchWords(text);
  return {
    words,
    open: words.length > 0 && /[a-z0-9]$/i.test(text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")),
  };
}

/**
 * Edit distance (insertions, deletions, substitutions, adjacent swaps) of two short words, or `max + 1` as soon
 * as it must exceed `max`.
 * @example editDistance("carenwo", "carenow", 2); // 1
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

/** Typos allowed in a word: none under 4 letters or with a digit (a ZIP code is exact), 1 up to 7, 2 from 8. */
const typos = (word: string) => (word.length < 4 || /\d/.test(word) ? 0 : word.length < 8 ? 1 : 2);

/** How one query word matches a list of words: 0 exact, 1 prefix, 2 fuzzy, 3 not at all. */
function matchWord(q: string, words: readonly string[], open: boolean): number {
  let best = 3;
  const allowed = typos(q);
  for (const w of words) {
    if (w === q) return 0;
    if (w.startsWith(q)) best = Math.min(best, 1);
    else if (best > 2 && allowed > 0) {
      const d = editDistance(q, open && w.length > q.length ? w.slice(0, q.length) : w, allowed);
      if (d <= allowed) best = 2;
    }
  }
  return best;
}

/** The root of the index, read once, with its lookups prepared. */
export interface PreparedIndex {
  root: SearchIndex;
  leaves: ReadonlySet<string>;
  /** Proper prefixes of leaves: the internal nodes, each with a head shard. */
  internal: ReadonlySet<string>;
  common: ReadonlyMap<string, number>;
  states: ReadonlyMap<string, StateRow>;
}

/** Prepares the root document for lookups. */
export function prepareIndex(root: SearchIndex): PreparedIndex {
  const leaves = new Set(root.leaves);
  const internal = new Set<string>();
  for (const leaf of root.leaves) {
    const word = leaf.endsWith("_") ? leaf.slice(0, -1) : leaf;
    const last = leaf.endsWith("_") ? word.length : word.length - 1;
    for (let i = 1; i <= last; i++) internal.add(word.slice(0, i));
  }
  const states = new Map<string, StateRow>();
  for (const row of root.states as StateRow[]) states.set(row[1], row);
  return { root, leaves, internal, common: new Map(root.common as Array<[string, number]>), states };
}

/** The leaf that holds key `k`, or null when the index has no such key. */
export function leafOf(index: PreparedIndex, k: string): string | null {
  for (let i = 1; i <= k.length; i++) if (index.leaves.has(k.slice(0, i))) return k.slice(0, i);
  return index.leaves.has(`${k}_`) ? `${k}_` : null;
}

/** The shard that holds every key starting with `p`: a leaf, or the head of an internal node; null for none. */
export function shardOfPrefix(
  index: PreparedIndex,
  p: string,
): { kind: "leaf" | "head"; prefix: string } | null {
  for (let i = 1; i <= p.length; i++)
    if (index.leaves.has(p.slice(0, i))) return { kind: "leaf", prefix: p.slice(0, i) };
  return index.internal.has(p) ? { kind: "head", prefix: p } : null;
}

/** A shard to read for a query, and which of its keys to take. */
export interface Driver {
  kind: "leaf" | "head";
  prefix: string;
  /** The key (word or pair `a-b`) to take from a leaf. */
  key: string;
  /** Take the keys starting with `key` too, and those within a typo or two (not for pair keys). */
  widen: boolean;
  /** Whether `key` is the query's unfinished last word. */
  open: boolean;
}

/**
 * The shards a query can be answered from, best first: each word that is not common (longest first: longer
 * words are rarer), then the pair of the two rarest common words, then the rarest common word alone.
 */
export function drivers(index: PreparedIndex, query: ParsedQuery): Driver[] {
  const out: Driver[] = [];
  const seen = new Set<string>();
  const last = query.words.length - 1;
  const ranked = query.words
    .map((w, i) => ({ w, open: query.open && i === last }))
    .filter(({ w }) => !index.common.has(w))
    .sort((a, b) => b.w.length - a.w.length);
  for (const { w, open } of ranked) {
    if (seen.has(w)) continue;
    seen.add(w);
    if (open) {
      const shard = shardOfPrefix(index, w);
      if (shard) out.push({ ...shard, key: w, widen: true, open: true });
    } else {
      // The leaf of the word (where a misspelt word's neighbours are too), or the head of its prefix.
      const leaf = leafOf(index, w);
      const shard = leaf ? { kind: "leaf" as const, prefix: leaf } : shardOfPrefix(index, w);
      if (shard) out.push({ ...shard, key: w, widen: true, open: false });
    }
  }
  const common = [...new Set(query.words.filter((w) => index.common.has(w)))].sort(
    (a, b) => (index.common.get(a) as number) - (index.common.get(b) as number) || (a < b ? -1 : 1),
  );
  const pairable = common.filter((w) => (index.common.get(w) as number) <= index.root.pair_limit);
  if (pairable.length >= 2) {
    const [a, b] = [pairable[0] as string, pairable[1] as string].sort();
    const key = `${a}-${b}`;
    const leaf = leafOf(index, key);
    if (leaf) out.push({ kind: "leaf", prefix: leaf, key, widen: false, open: false });
  }
  const rarest = common[0];
  if (rarest !== undefined) {
    const leaf = leafOf(index, rarest);
    if (leaf) out.push({ kind: "leaf", prefix: leaf, key: rarest, widen: false, open: false });
  }
  return out;
}

/** Indexes of the shard's clinics that the driver selects. */
function candidates(shard: SearchShard, driver: Driver): number[] {
  if (shard.kind === "head") return shard.clinics.map((_, i) => i);
  const picked = new Set<number>();
  const allowed = driver.widen ? typos(driver.key) : 0;
  for (const [k, list] of Object.entries(shard.keys)) {
    let take = k === driver.key;
    if (!take && driver.widen && !k.includes("-")) {
      if (k.startsWith(driver.key)) take = true;
      else if (allowed > 0) {
        const word = driver.open && k.length > driver.key.length ? k.slice(0, driver.key.length) : k;
        take = editDistance(driver.key, word, allowed) <= allowed;
      }
    }
    if (take) for (const i of list) picked.add(i);
  }
  return [...picked];
}

interface Scored {
  hit: SearchHit;
  unmatched: number;
  kind: number;
  /** All the words of the clinic's city name are among the query's words. */
  city: boolean;
  /** The clinic's whole state name, or its code, is among the query's words. */
  state: boolean;
  inName: number;
  whole: boolean;
  starts: boolean;
  words: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareScored(a: Scored, b: Scored): number {
  return (
    a.unmatched - b.unmatched ||
    a.kind - b.kind ||
    Number(b.city) - Number(a.city) ||
    b.inName - a.inName ||
    Number(b.state) - Number(a.state) ||
    Number(b.whole) - Number(a.whole) ||
    Number(b.starts) - Number(a.starts) ||
    a.words - b.words ||
    byText(a.hit.name, b.hit.name) ||
    byText(a.hit.id, b.hit.id)
  );
}

/** The state code an option names (slug, code or name), or null. */
function stateCode(index: PreparedIndex, state: string): string | null {
  const s = state.trim().toLowerCase();
  for (const [code, [slug, , name]] of index.states)
    if (
      code.toLowerCase() === s ||
      slug === s ||
      name.toLowerCase() === s ||
      slug === searchWords(s).join("-")
    )
      return code;
  return null;
}

/**
 * Ranks the clinics of one shard for a query (no network): every word of the query must match a word of the
 * clinic's name, network, city or state, or its ZIP — exactly, as a prefix, or within a typo or two; clinics
 * that leave the fewest words unmatched are kept (so a city or state in the query narrows), then: exact before
 * prefix before fuzzy matches of the name; the clinic's whole city name in the query; more words matched in the
 * name; its whole state name or code in the query; the name equal to the query; the name starting with the
 * query's first word; shorter names; then name and id.
 */
export function rankShard(
  index: PreparedIndex,
  shard: SearchShard,
  driver: Driver,
  query: ParsedQuery,
  options: { limit?: number; state?: string | null } = {},
): SearchHit[] {
  const limit = options.limit ?? 10;
  const onlyState = options.state ?? null;
  const { root } = index;
  const cities = shard.cities as StateRow[];
  const last = query.words.length - 1;
  const scored: Scored[] = [];
  for (const i of candidates(shard, driver)) {
    const [id, name, network, cityAt, zip] = shard.clinics[i] as Record5;
    const [code, citySlug, cityName] = cities[cityAt] as StateRow;
    if (onlyState !== null && code !== onlyState) continue;
    const state = index.states.get(code) ?? [code.toLowerCase(), code, code];
    const nameWords = searchWords(name);
    const cityWords = searchWords(cityName);
    const placeWords = [
      ...cityWords,
      ...state[0].split("-"),
      code.toLowerCase(),
      ...(network === null ? [] : searchWords(shard.networks[network] ?? "")),
      ...(zip === null ? [] : [zip]),
    ];
    let unmatched = 0;
    let worstName = -1;
    let worstPlace = 0;
    const inName: string[] = [];
    query.words.forEach((q, at) => {
      const open = query.open && at === last;
      const n = matchWord(q, nameWords, open);
      const p = n === 0 ? 3 : matchWord(q, placeWords, open);
      if (n < 3 && n <= p) {
        worstName = Math.max(worstName, n);
        inName.push(q);
      } else if (p < 3) worstPlace = Math.max(worstPlace, p);
      else unmatched++;
    });
    const kind = worstName >= 0 ? worstName : worstPlace;
    scored.push({
      hit: {
        id,
        name,
        network: network === null ? null : (shard.networks[network] ?? null),
        city: { slug: citySlug, name: cityName },
        state: { slug: state[0], code, name: state[2] },
        zip,
        url: fill(root.clinic_url, { state: state[0], city: citySlug, id }),
        path: fill(root.paths.clinic, { id }),
        match: (["exact", "prefix", "fuzzy"] as const)[kind] ?? "fuzzy",
      },
      unmatched,
      kind,
      city: cityWords.every((w) => query.words.includes(w)),
      state:
        query.words.includes(code.toLowerCase()) || state[0].split("-").every((w) => query.words.includes(w)),
      inName: inName.length,
      whole: inName.length > 0 && inName.join(" ") === nameWords.join(" "),
      starts: query.words[0] !== undefined && (nameWords[0] ?? "").startsWith(query.words[0]),
      words: nameWords.length,
    });
  }
  if (scored.length === 0) return [];
  const fewest = Math.min(...scored.map((s) => s.unmatched));
  return scored
    .filter((s) => s.unmatched === fewest)
    .sort(compareScored)
    .slice(0, limit)
    .map((s) => s.hit);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

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
          const shard = await this.#shard(index, driver, attempt === 0, options.signal);
          read++;
          const hits = rankShard(index, shard, driver, query, { limit, state });
          if (hits.length > 0) return hits;
        }
        return [];
      } catch (e) {
        // A shard that is gone or from another release: the root is stale (a new release was published).
        if (attempt > 0 || !(isNotFoundError(e) || e instanceof StaleShardError)) throw e;
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
   * A shard, from the cache or read. `strict`: a shard of another release than the root is refused (the caller
   * reads the root again); on the retry it is used as it is — caches may hold the old and the new release side
   * by side for a few minutes after a release, and slightly older hits beat an error in a search box.
   */
  async #shard(
    index: PreparedIndex,
    driver: Driver,
    strict: boolean,
    signal: AbortSignal | undefined,
  ): Promise<SearchShard> {
    const template = driver.kind === "leaf" ? index.root.paths.leaf : index.root.paths.head;
    const path = fill(template, { prefix: driver.prefix });
    const cached = this.#shards.get(path);
    if (cached) {
      this.#shards.delete(path);
      this.#shards.set(path, cached);
      return cached;
    }
    const shard = check<SearchShard>(await this.#load(path, signal), path, "clinics");
    if (strict && shard.meta.generated_at !== index.root.meta.generated_at) throw new StaleShardError(path);
    if (this.#shardCache > 0) {
      this.#shards.set(path, shard);
      while (this.#shards.size > this.#shardCache)
        this.#shards.delete(this.#shards.keys().next().value as string);
    }
    return shard;
  }
}

/** A shard from another release than the root read before it. */
class StaleShardError extends InvalidResponseError {
  constructor(path: string) {
    super(path, "shard of another release than the search index (read again)");
  }
}

/** The document, when it has the array the search relies on (a light check: the API only adds fields). */
function check<T>(v: unknown, path: string, array: string): T {
  if (!Array.isArray((v as Record<string, unknown> | null)?.[array]))
    throw new InvalidResponseError(path, `not a search document (no "${array}")`);
  return v as T;
}
