import { type BigKey, bigKeyMin } from "./bookkeeping.js";
import { BucketChanges, type BucketWork, same } from "./bucket-work.js";
import type { IndexChanges } from "./changes.js";
import type { KeyChanges } from "./key-changes.js";
import {
  bestOf,
  byText,
  type Entry,
  headShard,
  type LayoutOptions,
  layoutShards,
  rankEntries,
  sizeOf,
} from "./layout.js";
import type { IndexOutput } from "./output.js";
import type { PreviousIndex } from "./previous.js";
import { startingWith } from "./previous.js";

/** The best clinics of a node, when a head above it has to be made again from its children. */
type Top = () => Promise<Entry[]>;

/**
 * Lays out again the parts of the index a release changed, bucket by bucket, from the previous layout: a subtree
 * no changed key reaches is carried whole; an internal node keeps its place while its estimated size (the previous
 * one, plus what the changed keys and clinics add and take) stays over the budget, and its head is the previous
 * one with the changed clinics taken out and put in (read again from its children when too few are left); every
 * other node — a leaf that changed, a node that became a leaf, a new branch — is laid out from its keys as a full
 * build would. The result is what a full build of the same data gives (test/search-incremental.test.ts).
 */
export class Relayout {
  readonly #previous: PreviousIndex;
  readonly #keys: KeyChanges;
  readonly #options: LayoutOptions;
  readonly #output: IndexOutput;
  readonly #work: BucketChanges;
  readonly #verify: boolean;
  /** Nodes kept (with their new size), laid out from their keys, carried whole; heads made again from children. */
  readonly counts = { kept: 0, laidOut: 0, carried: 0, refilled: 0 };

  constructor(
    previous: PreviousIndex,
    keys: KeyChanges,
    options: LayoutOptions,
    output: IndexOutput,
    changes: IndexChanges,
    verify = false,
  ) {
    this.#previous = previous;
    this.#keys = keys;
    this.#options = options;
    this.#output = output;
    this.#work = new BucketChanges(previous, keys, options, changes);
    this.#verify = verify;
  }

  /** Lays out one bucket (keys starting with `bucket`). */
  async bucket(bucket: string): Promise<void> {
    const previous = this.#previous;
    const work = await this.#work.bucket(bucket);
    if (work.changed.length === 0) {
      const leaves = previous.leavesUnder(bucket);
      const nodes = previous.nodesUnder(bucket).map((p) => ({ prefix: p, ...this.#oldNode(p) }));
      if (leaves.length > 0) await this.#output.keepBucket(bucket, previous.book, leaves, nodes);
    } else {
      await this.#node(work, bucket);
      await this.#output.endBucket(bucket);
    }
    previous.release(bucket);
  }

  #oldNode(p: string): { size: number; keys: number } {
    return this.#previous.nodes.get(p) as { size: number; keys: number };
  }

  #hasChanged(work: BucketWork, p: string): boolean {
    return startingWith(work.changed, p).length > 0;
  }

  async #node(work: BucketWork, p: string): Promise<Top | null> {
    const previous = this.#previous;
    const wasLeaf = previous.isLeaf(p);
    const old = previous.nodes.get(p);
    if (!this.#hasChanged(work, p) && (wasLeaf || old)) return this.#carry(p);
    if (!old) return this.#fromKeys(work, p);
    const d = work.delta.get(p);
    const size = old.size + (d?.size ?? 0);
    const keys = old.keys + (d?.keys ?? 0);
    if (keys === 0) return null;
    if (keys === 1 || size <= this.#options.budgetBytes) return this.#fromKeys(work, p);
    if (this.#verify) await this.#check(work, p, size, keys);
    this.counts.kept++;
    this.#output.node({ prefix: p, size, keys });

    // The key equal to the prefix has a leaf of its own.
    let own: () => Promise<Entry[]> = async () => [];
    const ownList = work.lists.get(p);
    if (ownList) {
      if (ownList.length > 0) {
        await this.#output.render({
          kind: "leaf",
          prefix: `${p}_`,
          keys: new Map([[p, ownList]]),
          truncated: this.#keys.truncNew(p) ? [p] : [],
        });
        own = async () => ownList;
      }
    } else if (previous.isLeaf(`${p}_`)) {
      await this.#output.carry(
        { kind: "leaf", prefix: `${p}_` },
        await previous.sidecar(`/search/t/${p}_.json`),
      );
      own = async () => (await previous.leaf(`${p}_`)).get(p) ?? [];
    }

    const children = new Set<string>();
    for (const l of previous.leavesUnder(p)) {
      const key = l.endsWith("_") ? l.slice(0, -1) : l;
      if (key.length > p.length) children.add(key.slice(0, p.length + 1));
    }
    for (const k of startingWith(work.changed, p))
      if (k.length > p.length) children.add(k.slice(0, p.length + 1));
    const tops: Top[] = [];
    for (const q of [...children].sort(byText)) {
      const top = await this.#node(work, q);
      if (top) tops.push(top);
    }

    const path = `/search/p/${p}.json`;
    const change = work.heads.get(p);
    if (!change) {
      await this.#output.carry({ kind: "head", prefix: p }, await previous.sidecar(path));
      return () => previous.head(p);
    }
    const { headSize } = this.#options;
    const was = await previous.head(p);
    const complete = was.length < headSize;
    const last = was.at(-1);
    let next = [
      ...was.filter((e) => !change.leave.has(e.clinic.id)),
      ...[...change.join.values()].filter(
        (j) => complete || (last !== undefined && rankEntries(j, last) <= 0),
      ),
    ].sort(rankEntries);
    if (!complete && next.length < headSize) {
      // Too few of the previous head are left: the best of the children's best (and of the key itself).
      this.counts.refilled++;
      const lists: Array<[string, Entry[]]> = [[p, await own()]];
      for (const top of tops) lists.push(["", await top()]);
      next = bestOf(lists, headSize);
    } else next = next.slice(0, headSize);
    if (same(next, was)) await this.#output.carry({ kind: "head", prefix: p }, await previous.sidecar(path));
    else await this.#output.render(headShard(p, next));
    const list = next;
    return async () => list;
  }

  /** Carries a subtree of the previous layout whole. */
  async #carry(p: string): Promise<Top> {
    const previous = this.#previous;
    this.counts.carried++;
    for (const l of previous.leavesUnder(p))
      await this.#output.carry({ kind: "leaf", prefix: l }, await previous.sidecar(`/search/t/${l}.json`));
    for (const n of previous.nodesUnder(p)) {
      await this.#output.carry({ kind: "head", prefix: n }, await previous.sidecar(`/search/p/${n}.json`));
      this.#output.node({ prefix: n, ...this.#oldNode(n) });
    }
    if (previous.nodes.has(p)) return () => previous.head(p);
    return async () => bestOf(await previous.leaf(p), this.#options.headSize);
  }

  /** Every key under `p` with its new list: the previous leaves' lists, the changed keys' new ones. */
  async #gather(work: BucketWork, p: string): Promise<Map<string, Entry[]>> {
    const previous = this.#previous;
    const sources = previous.leavesUnder(p);
    for (let i = 1; i < p.length; i++) if (previous.isLeaf(p.slice(0, i))) sources.push(p.slice(0, i));
    const found = new Map<string, Entry[]>();
    for (const l of sources)
      for (const [k, list] of await previous.leaf(l))
        if (k.startsWith(p) && !work.lists.has(k)) found.set(k, list);
    for (const k of startingWith(work.changed, p)) {
      const list = work.lists.get(k) as Entry[];
      if (list.length > 0) found.set(k, list);
    }
    return new Map([...found].sort((a, b) => byText(a[0], b[0])));
  }

  /** Lays a node out from its keys, as a full build would. */
  async #fromKeys(work: BucketWork, p: string): Promise<Top | null> {
    const keys = await this.#gather(work, p);
    if (keys.size === 0) return null;
    this.counts.laidOut++;
    const common = new Set([...keys.keys()].filter((k) => this.#keys.truncNew(k)));
    for (const shard of layoutShards(p, keys, common, this.#options, (n) => this.#output.node(n)))
      await this.#output.render(shard);
    return async () => bestOf(keys, this.#options.headSize);
  }

  /** Checks an internal node's size and keys against a count from its keys (tests). */
  async #check(work: BucketWork, p: string, size: number, n: number): Promise<void> {
    const keys = await this.#gather(work, p);
    const sorted = [...keys.keys()];
    const real = sizeOf(keys, sorted, 0, sorted.length);
    if (real !== size || sorted.length !== n)
      throw new Error(
        `search: node ${p} is ${size} bytes, ${n} keys; counted ${real} bytes, ${sorted.length} keys`,
      );
  }

  /** The keys with many clinics now (the next release's big keys). */
  bigKeys(): Map<string, BigKey> {
    const min = bigKeyMin(this.#options);
    const big = new Map(this.#previous.book.big);
    for (const c of this.#keys.changes.values()) {
      big.delete(c.key);
      const n = this.#keys.countNew(c) ?? (c.list as Entry[]).length;
      if (n > min) big.set(c.key, { count: n, best: c.truncNew ? c.best : null });
    }
    return big;
  }
}
