import { firstSorted } from "../../util/first-sorted.js";
import { clinicKeys, type Field, type IndexedClinic } from "./tokens.js";

/** The knobs of the index layout (docs/search.md explains each). */
export interface LayoutOptions {
  /** A key with more clinics is common: only its best `headSize` are listed. */
  keyLimit: number;
  /** Clinics kept for a common key and in a head shard. */
  headSize: number;
  /** Common keys with at most this many clinics form pair keys `a-b`. */
  pairLimit: number;
  /** A shard whose estimated size (bytes of JSON) is larger is split by the next character of its keys. */
  budgetBytes: number;
}

/** The layout of the published index (sizes measured in docs/search.md). */
export const DEFAULT_LAYOUT: LayoutOptions = {
  keyLimit: 1000,
  headSize: 200,
  pairLimit: 1000,
  budgetBytes: 96 * 1024,
};

/** The pair limit for a data set of `clinics`: a tenth of the clinics, but never below the key limit. */
export function pairLimitFor(clinics: number, keyLimit: number): number {
  return Math.max(keyLimit, Math.floor(clinics / 10));
}

/** A clinic listed under a key, with the field the key comes from. */
export interface Entry {
  clinic: IndexedClinic;
  field: Field;
  /** Bytes the clinic takes in a shard (an estimate: its record, its city and network). */
  bytes: number;
}

/** One shard of the index, ready to be turned into a document. */
export interface Shard {
  kind: "leaf" | "head";
  prefix: string;
  /** Leaf: each key with its clinics. Head: one list, best first, under the key "". */
  keys: Map<string, Entry[]>;
  /** Keys whose lists are cut to the head size. */
  truncated: string[];
}

/** An internal node of the layout (a prefix split by its next character): its estimated size and its keys. */
export interface LayoutNode {
  prefix: string;
  size: number;
  keys: number;
}

export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Best first: the field of the key (name before network, city, ZIP), then more reviews, then name and id. */
export function rankEntries(a: Entry, b: Entry): number {
  return (
    a.field - b.field ||
    b.clinic.reviews - a.clinic.reviews ||
    byText(a.clinic.name, b.clinic.name) ||
    byText(a.clinic.id, b.clinic.id)
  );
}

/** Bytes an entry is counted for when sizing shards. */
export function entryBytes(c: IndexedClinic): number {
  return c.id.length + c.name.length + c.cityName.length + c.citySlug.length + (c.network?.length ?? 4) + 24;
}

/** Whether a key is a pair key `a-b` (words never hold a hyphen). */
export const isPair = (key: string) => key.includes("-");

/**
 * How many of its best clinics a common key of `count` clinics keeps in the render bookkeeping (`./relayout.ts`):
 * all of them up to one and a half times the key limit (a key that may stop being common soon), else twice the
 * head size (enough for many releases of changes to its listed ones).
 */
export const keptSize = (count: number, options: LayoutOptions) =>
  count <= Math.floor(1.5 * options.keyLimit) ? count : reserveSize(options);

/** The best clinics a common key keeps beyond its listed ones when it does not keep them all. */
export const reserveSize = (options: LayoutOptions) => 2 * options.headSize;

/**
 * Adds the pair keys of the common keys of one bucket: for a pairable common key `a` and each of its clinics,
 * every pairable common key `b > a` of that clinic gives the pair key `a-b`.
 */
export function addPairs(
  keys: Map<string, Entry[]>,
  count: (key: string) => number,
  options: LayoutOptions,
): void {
  const pairable = (k: string) => {
    const n = count(k);
    return n > options.keyLimit && n <= options.pairLimit;
  };
  const pairs = new Map<string, Entry[]>();
  for (const [a, entries] of keys) {
    if (isPair(a) || !pairable(a)) continue;
    for (const e of entries) {
      for (const [b, field] of clinicKeys(e.clinic)) {
        if (b <= a || !pairable(b)) continue;
        const key = `${a}-${b}`;
        const entry = { ...e, field: Math.min(e.field, field) as Field };
        const list = pairs.get(key);
        if (list) list.push(entry);
        else pairs.set(key, [entry]);
      }
    }
  }
  for (const [k, v] of pairs) keys.set(k, v);
}

/**
 * Cuts every common key (more than `keyLimit` clinics) to its best `headSize`; returns the common keys. With
 * `kept`, also gives each common key's count and its best `keptSize` clinics (the render bookkeeping's).
 */
export function truncateCommon(
  keys: Map<string, Entry[]>,
  options: LayoutOptions,
  kept?: (key: string, count: number, best: Entry[]) => void,
): Set<string> {
  const common = new Set<string>();
  for (const [k, entries] of keys) {
    if (entries.length <= options.keyLimit) continue;
    const count = entries.length;
    const keep = kept ? keptSize(count, options) : 0;
    const best = firstSorted(entries, Math.max(options.headSize, keep), rankEntries);
    kept?.(k, count, best.slice(0, keep));
    keys.set(k, best.slice(0, options.headSize));
    common.add(k);
  }
  return common;
}

/**
 * The estimated size of the keys `all[lo..hi)` as one shard: each key and its clinic indexes, and each clinic once.
 */
export function sizeOf(
  keys: ReadonlyMap<string, Entry[]>,
  all: readonly string[],
  lo: number,
  hi: number,
): number {
  const seen = new Set<string>();
  let bytes = 0;
  for (let i = lo; i < hi; i++) {
    const k = all[i] as string;
    const entries = keys.get(k) as Entry[];
    bytes += k.length + 6 + entries.length * 4;
    for (const e of entries) {
      if (seen.has(e.clinic.id)) continue;
      seen.add(e.clinic.id);
      bytes += e.bytes;
    }
  }
  return bytes;
}

/**
 * The best `size` clinics of some lists, each clinic once with its best field: what a head lists. Pair keys are
 * left out (prefixes never reach them).
 */
export function bestOf(lists: Iterable<readonly [string, readonly Entry[]]>, size: number): Entry[] {
  const best = new Map<string, Entry>();
  for (const [k, entries] of lists) {
    if (isPair(k)) continue;
    for (const e of entries) {
      const had = best.get(e.clinic.id);
      if (!had || e.field < had.field) best.set(e.clinic.id, e);
    }
  }
  return firstSorted(best.values(), size, rankEntries);
}

/** A head shard of `prefix` listing `ranked` (best first). */
export const headShard = (prefix: string, ranked: Entry[]): Shard => ({
  kind: "head",
  prefix,
  keys: new Map([["", ranked]]),
  truncated: [],
});

/**
 * Splits the keys of one bucket (all starting with `prefix`) into shards: a node is a leaf when its estimated size
 * is within the budget (or it holds one key); otherwise it gets a head shard and is split by the next character,
 * the key equal to the node's prefix going to the leaf `{prefix}_`. `onNode` hears of each node split, with its
 * size (what the next release starts from: `./relayout.ts`).
 */
export function* layoutShards(
  prefix: string,
  keys: Map<string, Entry[]>,
  common: ReadonlySet<string>,
  options: LayoutOptions,
  onNode?: (node: LayoutNode) => void,
): Generator<Shard> {
  const sorted = [...keys.keys()].sort(byText);
  yield* node(prefix, sorted, 0, sorted.length);

  function* node(p: string, all: string[], lo: number, hi: number): Generator<Shard> {
    if (lo >= hi) return;
    if (hi - lo === 1) {
      yield leaf(p, all.slice(lo, hi));
      return;
    }
    const size = sizeOf(keys, all, lo, hi);
    if (size <= options.budgetBytes) {
      yield leaf(p, all.slice(lo, hi));
      return;
    }
    onNode?.({ prefix: p, size, keys: hi - lo });
    yield headShard(
      p,
      bestOf(
        all.slice(lo, hi).map((k) => [k, keys.get(k) as Entry[]]),
        options.headSize,
      ),
    );
    let i = lo;
    if (all[i] === p) {
      yield leaf(`${p}_`, [p]);
      i++;
    }
    while (i < hi) {
      const child = (all[i] as string).slice(0, p.length + 1);
      let j = i;
      while (j < hi && (all[j] as string).startsWith(child)) j++;
      yield* node(child, all, i, j);
      i = j;
    }
  }

  function leaf(p: string, ks: string[]): Shard {
    return {
      kind: "leaf",
      prefix: p,
      keys: new Map(ks.map((k) => [k, keys.get(k) as Entry[]])),
      truncated: ks.filter((k) => common.has(k)),
    };
  }
}
