import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SearchShard } from "../../schema/search.js";
import { apiFile } from "../paths.js";
import type { Book } from "./bookkeeping.js";
import { shardPath } from "./documents.js";
import type { Entry } from "./layout.js";
import { headList, leafLists, type Sidecar } from "./sidecar.js";

/**
 * The previous release's index as the incremental layout reads it: its tree (leaves and internal nodes, from the
 * bookkeeping) and its shards, each read back from its document in the previous release's tree and its side-car.
 * Shards read are kept until their bucket is done.
 */
export class PreviousIndex {
  readonly book: Book;
  readonly #site: string;
  /** Leaf prefixes, sorted. */
  readonly leaves: readonly string[];
  readonly #leafSet: ReadonlySet<string>;
  /** Internal nodes: estimated size and number of keys. */
  readonly nodes: ReadonlyMap<string, { size: number; keys: number }>;
  readonly #nodeList: readonly string[];
  readonly #sidecars = new Map<string, Promise<Map<string, string>>>();
  readonly #leafCache = new Map<string, Promise<Map<string, Entry[]>>>();

  constructor(book: Book, site: string) {
    this.book = book;
    this.#site = site;
    this.leaves = book.index.leaves;
    this.#leafSet = new Set(this.leaves);
    this.nodes = new Map(book.index.nodes.map(([p, size, keys]) => [p, { size, keys }]));
    this.#nodeList = [...this.nodes.keys()].sort();
  }

  isLeaf(prefix: string): boolean {
    return this.#leafSet.has(prefix);
  }

  /** The leaf that held `key` (or would have held it): its first prefix that is a leaf, or `{key}_`; else null. */
  leafOf(key: string): string | null {
    for (let i = 1; i <= key.length; i++) {
      const p = key.slice(0, i);
      if (this.#leafSet.has(p)) return p;
      if (!this.nodes.has(p)) return null;
    }
    return this.#leafSet.has(`${key}_`) ? `${key}_` : null;
  }

  /** The leaves whose keys start with `prefix` (`{key}_` leaves included), in order. */
  leavesUnder(prefix: string): string[] {
    return startingWith(this.leaves, prefix);
  }

  /** The internal nodes under `prefix` (itself included), in order. */
  nodesUnder(prefix: string): string[] {
    return startingWith(this.#nodeList, prefix);
  }

  /** A shard's side-car line as the previous bookkeeping keeps it. */
  async sidecar(path: string): Promise<string> {
    const bucket = path.split("/")[3]?.[0] as string;
    let lines = this.#sidecars.get(bucket);
    if (!lines) {
      lines = this.book.sidecars(bucket);
      this.#sidecars.set(bucket, lines);
    }
    const line = (await lines).get(path);
    if (line === undefined) throw new Error(`search bookkeeping: no side-car for ${path}`);
    return line;
  }

  async #document(path: string): Promise<[SearchShard, Sidecar]> {
    const file = join(this.#site, apiFile(path));
    let text: string;
    try {
      // Read at once: a shard is a few dozen KB, and a thousand reads through the thread pool cost more.
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new Error(`search: the previous release's ${path} cannot be read (${(e as Error).message})`);
    }
    return [JSON.parse(text) as SearchShard, JSON.parse(await this.sidecar(path)) as Sidecar];
  }

  /** A leaf's keys with their listed clinics. */
  leaf(prefix: string): Promise<Map<string, Entry[]>> {
    let leaf = this.#leafCache.get(prefix);
    if (!leaf) {
      leaf = this.#document(shardPath({ kind: "leaf", prefix })).then(([doc, car]) => leafLists(doc, car));
      this.#leafCache.set(prefix, leaf);
    }
    return leaf;
  }

  /** A head's clinics, best first. */
  async head(prefix: string): Promise<Entry[]> {
    const [doc, car] = await this.#document(shardPath({ kind: "head", prefix }));
    return headList(doc, car);
  }

  /** The listed clinics of a key in the previous release (none when it had no such key). */
  async list(key: string): Promise<Entry[]> {
    const leaf = this.leafOf(key);
    return leaf === null ? [] : ((await this.leaf(leaf)).get(key) ?? []);
  }

  /** Forgets what was read of a bucket. */
  release(bucket: string): void {
    this.#sidecars.delete(bucket);
    for (const p of this.#leafCache.keys()) if (p.startsWith(bucket)) this.#leafCache.delete(p);
  }
}

/** The strings of a sorted list that start with `prefix`. */
export function startingWith(sorted: readonly string[], prefix: string): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++)
    out.push(sorted[i] as string);
  return out;
}
