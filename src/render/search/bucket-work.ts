import type { IndexChanges } from "./changes.js";
import { type KeyChanges, pairsOf } from "./key-changes.js";
import { byText, type Entry, entryBytes, isPair, type LayoutOptions } from "./layout.js";
import type { PreviousIndex } from "./previous.js";
import { clinicKeys, type Field, type IndexedClinic } from "./tokens.js";

/** A clinic that changed, or whose place in some key's list did: its words and keys before and now. */
interface Affected {
  before: IndexedClinic | null;
  now: IndexedClinic | null;
  wordsBefore: ReadonlyMap<string, Field>;
  wordsNow: ReadonlyMap<string, Field>;
  /** Words and pair keys. */
  keysBefore: string[];
  keysNow: string[];
}

/** What one bucket's layout works from. */
export interface BucketWork {
  /** Keys whose listed clinics changed (or that appeared or went), sorted, with their new lists. */
  changed: string[];
  lists: Map<string, Entry[]>;
  /** Per internal node of the previous layout: the change of its estimated size and of its number of keys. */
  delta: Map<string, { size: number; keys: number }>;
  /** Per internal node of the previous layout: the clinics of its head's candidates that left and joined. */
  heads: Map<string, { leave: Set<string>; join: Map<string, Entry> }>;
}

/**
 * What the changed clinics do to each bucket of the previous layout: the keys whose lists change, and for each
 * internal node, how its estimated size and number of keys change and which clinics leave and join its head's
 * candidates. A node's size counts each key (`len + 6 + 4` per listed clinic) and each clinic once when some key
 * of the node lists it (`sizeOf`): only the changed keys change the first part, and only clinics whose place in
 * some list changed — the changed clinics, and those a common key's best or a pair key took in or left out — the
 * second; for each, whether some key of the node listed it before and lists it now says what it adds or takes.
 */
export class BucketChanges {
  readonly #previous: PreviousIndex;
  readonly #keys: KeyChanges;
  readonly #options: LayoutOptions;
  readonly #changed = new Set<string>();
  readonly #byBucket = new Map<string, Affected[]>();

  constructor(previous: PreviousIndex, keys: KeyChanges, options: LayoutOptions, changes: IndexChanges) {
    this.#previous = previous;
    this.#keys = keys;
    this.#options = options;
    for (const id of new Set([...changes.removed.keys(), ...changes.added.keys()])) {
      this.#changed.add(id);
      const a = this.#affectedOf(changes.removed.get(id) ?? null, changes.added.get(id) ?? null);
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

  /** The internal nodes of the previous layout above a key (the key itself included when it was split). */
  nodesAbove(k: string): string[] {
    const out: string[] = [];
    for (let i = 1; i <= k.length; i++) {
      const p = k.slice(0, i);
      if (!this.#previous.nodes.has(p)) break;
      out.push(p);
    }
    return out;
  }

  /** A common key's listed clinics in the previous release (its best kept ones). */
  keptTop(k: string): Entry[] {
    return (this.#previous.book.big.get(k)?.best ?? []).slice(0, this.#options.headSize);
  }

  /** One bucket's work. */
  async bucket(bucket: string): Promise<BucketWork> {
    const lists = new Map<string, Entry[]>();
    const before = new Map<string, Entry[]>();
    for (const c of this.#keys.inBucket(bucket)) {
      const old = c.truncOld ? this.keptTop(c.key) : await this.#previous.list(c.key);
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
    const versions = this.#byBucket.get(bucket) ?? [];
    return {
      changed,
      lists,
      delta: this.#deltas(bucket, changed, before, lists, versions),
      heads: this.#heads(bucket, versions),
    };
  }

  #deltas(
    bucket: string,
    changed: readonly string[],
    before: ReadonlyMap<string, Entry[]>,
    lists: ReadonlyMap<string, Entry[]>,
    versions: readonly Affected[],
  ): Map<string, { size: number; keys: number }> {
    const keys = this.#keys;
    const delta = new Map<string, { size: number; keys: number }>();
    const add = (p: string, size: number, n: number) => {
      const d = delta.get(p);
      if (d) {
        d.size += size;
        d.keys += n;
      } else delta.set(p, { size, keys: n });
    };
    // The keys' own part: the key and an index per listed clinic.
    const term = (k: string, n: number) => (n > 0 ? k.length + 6 + 4 * n : 0);
    for (const k of changed) {
      const was = (before.get(k) as Entry[]).length;
      const now = (lists.get(k) as Entry[]).length;
      for (const p of this.nodesAbove(k))
        add(p, term(k, now) - term(k, was), Number(now > 0) - Number(was > 0));
    }
    // The clinics' part.
    const affected = new Map<string, Affected>();
    for (const a of versions) affected.set((a.before ?? a.now)?.id as string, a);
    for (const k of changed) {
      // A word's full list changes only by the changed clinics; a cut list or a pair key, by others too.
      if (!keys.truncOld(k) && !keys.truncNew(k) && !isPair(k)) continue;
      const was = new Map((before.get(k) as Entry[]).map((e) => [e.clinic.id, e.clinic]));
      const now = new Map((lists.get(k) as Entry[]).map((e) => [e.clinic.id, e.clinic]));
      for (const [id, c] of [...was, ...now])
        if (!this.#changed.has(id) && !affected.has(id) && !(was.has(id) && now.has(id)))
          affected.set(id, this.#affectedOf(c, c));
    }
    const tops = [new Map<string, Set<string>>(), new Map<string, Set<string>>()];
    const listed = (k: string, id: string, now: boolean): boolean => {
      if (!(now ? keys.truncNew(k) : keys.truncOld(k))) return true;
      const known = tops[Number(now)] as Map<string, Set<string>>;
      let ids = known.get(k);
      if (!ids) {
        const c = keys.changes.get(k);
        const list = now && c ? (c.list as Entry[]) : this.keptTop(k);
        ids = new Set(list.slice(0, this.#options.headSize).map((e) => e.clinic.id));
        known.set(k, ids);
      }
      return ids.has(id);
    };
    for (const [id, a] of affected) {
      const kb = a.keysBefore.filter((k) => k.startsWith(bucket));
      const kn = a.keysNow.filter((k) => k.startsWith(bucket));
      for (const p of new Set([...kb, ...kn].flatMap((k) => this.nodesAbove(k)))) {
        const was = kb.some((k) => k.startsWith(p) && listed(k, id, false));
        const now = kn.some((k) => k.startsWith(p) && listed(k, id, true));
        const bytes = (now && a.now ? entryBytes(a.now) : 0) - (was && a.before ? entryBytes(a.before) : 0);
        if (bytes !== 0) add(p, bytes, 0);
      }
    }
    return delta;
  }

  /** The changed clinics leave and join the candidates of every node above their words (pair keys have no head). */
  #heads(bucket: string, versions: readonly Affected[]) {
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
      const now = a.now;
      if (now)
        for (const [p, field] of this.#wordNodes(a.wordsNow, bucket))
          head(p).join.set(id, { clinic: now, field, bytes: entryBytes(now) });
    }
    return heads;
  }

  /** Per internal node of the previous layout above some words in a bucket: their best field there. */
  #wordNodes(words: ReadonlyMap<string, Field>, bucket: string): Map<string, Field> {
    const out = new Map<string, Field>();
    for (const [k, field] of words) {
      if (!k.startsWith(bucket)) continue;
      for (const p of this.nodesAbove(k)) {
        const had = out.get(p);
        if (had === undefined || field < had) out.set(p, field);
      }
    }
    return out;
  }
}

/** Whether two lists hold the same entries in the same order. */
export function same(a: readonly Entry[], b: readonly Entry[]): boolean {
  return a.length === b.length && a.every((e, i) => e === b[i]);
}
