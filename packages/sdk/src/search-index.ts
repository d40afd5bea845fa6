/** The root of the search index read for lookups: which shard holds a key or a prefix, and which to read. */
import type { ParsedQuery } from "./search-words.js";
import { searchWords } from "./search-words.js";
import type { SearchIndex } from "./types.js";

/** A state of the root: `[slug, code, name]`. */
export type StateRow = [slug: string, code: string, name: string];

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

/** The state code an option names (slug, code or name), or null. */
export function stateCode(index: PreparedIndex, state: string): string | null {
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
