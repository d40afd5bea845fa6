import { type BigKey, bigKeyMin } from "./bookkeeping.js";
import type { IndexChanges } from "./changes.js";
import { type KeyChanges, pairsOf } from "./key-changes.js";
import {
  bestOf,
  byText,
  type Entry,
  entryBytes,
  headShard,
  isPair,
  type LayoutOptions,
  layoutShards,
  rankEntries,
  sizeOf,
} from "./layout.js";
import type { IndexOutput } from "./output.js";
import type { PreviousIndex } from "./previous.js";
import { startingWith } from "./previous.js";
import { clinicKeys, type Field, type IndexedClinic } from "./tokens.js";

/** The best clinics of a node, when a head above it has to be made again from its children. */
type Top = () => Promise<Entry[]>;

/** A clinic that changed, or whose place in some key's list did: its keys before and now. */
interface Affected {
  before: IndexedClinic | null;
  now: IndexedClinic | null;
  /** Words (with their fields) and pair keys. */
  wordsBefore: Map<string, Field>;
  wordsNow: Map<string, Field>;
  keysBefore: string[];
  keysNow: string[];
}

/** What one bucket's layout works from. */
interface BucketWork {
  /** Keys whose listed clinics changed (or that appeared or went), sorted, with their new lists. */
  changed: string[];
  lists: Map<string, Entry[]>;
  /** Per internal node of the previous layout: the change of its estimated size and of its number of keys. */
  delta: Map<string, { size: number; keys: number }>;
  /** Per internal node of the previous layout: the clinics of its head's candidates that left and joined. */
  heads: Map<string, { leave: Set<string>; join: Map<string, Entry> }>;
}

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
  /** The changed clinics, and by first character of their keys. */
  readonly #affected = new Map<string, Affected>();
  readonly #byBucket = new Map<string, Affected[]>();
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
    this.#verify = verify;
    for (const id of new Set([...changes.removed.keys(), ...changes.added.keys()])) {
      const a = this.#affectedOf(changes.removed.get(id) ?? null, changes.added.get(id) ?? null);
      this.#affected.set(id, a);
      for (const b of new Set([...a.keysBefore, ...a.keysNow].map((k) => k[0] as string))) {
        const list = this.#byBucket.get(b);
        if (list) list.push(a);
        else this.#byBucket.set(b, [a]);
      }
    }
  }

  #affectedOf(before: IndexedClinic | null, now: IndexedClinic | null): Affected {
    const wordsBefore = before ? clinicKeys(before) : new Map<string, Field>();
    const wordsNow = now === before ? wordsBefore : now ? clinicKeys(now) : new Map<string, Field>();
    return {
      before,
      now,
      wordsBefore,
      wordsNow,
      keysBefore: [...wordsBefore.keys(), ...pairsOf(wordsBefore, this.#keys.pairableOld).keys()],
      keysNow: [...wordsNow.keys(), ...pairsOf(wordsNow, this.#keys.pairableNew).keys()],
    };
  }

  /** Lays out one bucket (keys starting with `bucket`). */
  async bucket(bucket: string): Promise<void> {
    const previous = this.#previous;
    const work = await this.#prepare(bucket);
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

  /** The bucket's changed keys with their new lists, and what they change in the previous layout's nodes. */
  async #prepare(bucket: string): Promise<BucketWork> {
    const { headSize } = this.#options;
    const previous = this.#previous;
    const keys = this.#keys;
    const lists = new Map<string, Entry[]>();
    const before = new Map<string, Entry[]>();
    for (const c of keys.changes.values()) {
      if (!c.key.startsWith(bucket)) continue;
      const old = c.truncOld ? this.#keptTop(c.key) : await previous.list(c.key);
      let list = c.list;
      if (list === null) {
        list = [...old.filter((e) => !c.leave.has(e.clinic.id)), ...c.join.values()];
        c.list = list;
        if (c.before === null) c.before = old.length;
      }
      if (c.truncOld && c.truncNew && same(list, old)) continue;
      lists.set(c.key, list);
      before.set(c.key, old);
    }
    const changed = [...lists.keys()].sort(byText);
    const delta = new Map<string, { size: number; keys: number }>();
    const add = (p: string, size: number, n: number) => {
      const d = delta.get(p);
      if (d) {
        d.size += size;
        d.keys += n;
      } else delta.set(p, { size, keys: n });
    };
    // The keys' own part of the size: the key and an index per listed clinic.
    const term = (k: string, n: number) => (n > 0 ? k.length + 6 + 4 * n : 0);
    for (const k of changed) {
      const was = (before.get(k) as Entry[]).length;
      const now = (lists.get(k) as Entry[]).length;
      for (const p of this.#nodesAbove(k))
        add(p, term(k, now) - term(k, was), Number(now > 0) - Number(was > 0));
    }
    // The clinics' part: each clinic counts once in a node when some key of the node lists it.
    const versions = this.#byBucket.get(bucket) ?? [];
    const affected = new Map<string, Affected>();
    for (const a of versions) affected.set((a.before ?? a.now)?.id as string, a);
    for (const k of changed) {
      // A word's full list changes only by the changed clinics; a cut list or a pair key, by others too.
      if (!keys.truncOld(k) && !keys.truncNew(k) && !isPair(k)) continue;
      const was = new Map((before.get(k) as Entry[]).map((e) => [e.clinic.id, e.clinic]));
      const now = new Map((lists.get(k) as Entry[]).map((e) => [e.clinic.id, e.clinic]));
      for (const [id, c] of [...was, ...now]) {
        if (this.#affected.has(id) || affected.has(id) || (was.has(id) && now.has(id))) continue;
        affected.set(id, this.#affectedOf(c, c));
      }
    }
    const topsOld = new Map<string, Set<string>>();
    const topsNew = new Map<string, Set<string>>();
    const listed = (k: string, id: string, now: boolean): boolean => {
      if (!(now ? keys.truncNew(k) : keys.truncOld(k))) return true;
      const tops = now ? topsNew : topsOld;
      let ids = tops.get(k);
      if (!ids) {
        const c = keys.changes.get(k);
        const list = now && c ? (c.list as Entry[]) : this.#keptTop(k);
        ids = new Set(list.slice(0, headSize).map((e) => e.clinic.id));
        tops.set(k, ids);
      }
      return ids.has(id);
    };
    for (const [id, a] of affected) {
      const kb = a.keysBefore.filter((k) => k.startsWith(bucket));
      const kn = a.keysNow.filter((k) => k.startsWith(bucket));
      const nodes = new Set([...kb, ...kn].flatMap((k) => this.#nodesAbove(k)));
      for (const p of nodes) {
        const was = kb.some((k) => k.startsWith(p) && listed(k, id, false));
        const now = kn.some((k) => k.startsWith(p) && listed(k, id, true));
        const bytes = (now ? this.#bytes(a.now) : 0) - (was ? this.#bytes(a.before) : 0);
        if (bytes !== 0) add(p, bytes, 0);
      }
    }
    // Heads: the changed clinics leave and join the candidates of every node above their words.
    const heads = new Map<string, { leave: Set<string>; join: Map<string, Entry> }>();
    const head = (p: string) => {
      let h = heads.get(p);
      if (!h) {
        h = { leave: new Set(), join: new Map() };
        heads.set(p, h);
      }
      return h;
    };
    for (const a of versions) {
      const id = (a.before ?? a.now)?.id as string;
      for (const p of this.#wordNodes(a.wordsBefore, bucket).keys()) head(p).leave.add(id);
      for (const [p, field] of this.#wordNodes(a.wordsNow, bucket)) {
        const now = a.now as IndexedClinic;
        head(p).join.set(id, { clinic: now, field, bytes: this.#bytes(now) });
      }
    }
    return { changed, lists, delta, heads };
  }

  #bytes(c: IndexedClinic | null): number {
    return c === null ? 0 : entryBytes(c);
  }

  /** The internal nodes of the previous layout above a key (the key itself included when it was split). */
  #nodesAbove(k: string): string[] {
    const out: string[] = [];
    for (let i = 1; i <= k.length; i++) {
      const p = k.slice(0, i);
      if (!this.#previous.nodes.has(p)) break;
      out.push(p);
    }
    return out;
  }

  /** Per internal node of the previous layout above a clinic's words (not pairs) in a bucket: its best field there. */
  #wordNodes(words: ReadonlyMap<string, Field>, bucket: string): Map<string, Field> {
    const out = new Map<string, Field>();
    for (const [k, field] of words) {
      if (!k.startsWith(bucket)) continue;
      for (const p of this.#nodesAbove(k)) {
        const had = out.get(p);
        if (had === undefined || field < had) out.set(p, field);
      }
    }
    return out;
  }

  #oldNode(p: string): { size: number; keys: number } {
    return this.#previous.nodes.get(p) as { size: number; keys: number };
  }

  /** A common key's listed clinics in the previous release (its best kept ones). */
  #keptTop(k: string): Entry[] {
    return (this.#previous.book.big.get(k)?.best ?? []).slice(0, this.#options.headSize);
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

/** Whether two lists hold the same entries in the same order. */
function same(a: readonly Entry[], b: readonly Entry[]): boolean {
  return a.length === b.length && a.every((e, i) => e === b[i]);
}
