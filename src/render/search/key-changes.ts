import { bigKeyMin } from "./bookkeeping.js";
import {
  type Entry,
  entryBytes,
  isPair,
  keptSize,
  type LayoutOptions,
  rankEntries,
  reserveSize,
} from "./layout.js";
import type { PreviousIndex } from "./previous.js";
import { clinicKeys, type Field, type IndexedClinic } from "./tokens.js";

/** How one key's listed clinics change from the previous release to this one. */
export interface KeyChange {
  key: string;
  /** Clinics leaving the key, by id, as the previous release listed them. */
  leave: Map<string, Entry>;
  /** Clinics joining it, by id, as this release lists them. */
  join: Map<string, Entry>;
  /** Its clinics in the previous release; null while unknown (at most `bigKeyMin`: its leaf's list says). */
  before: number | null;
  /** Whether its list was, and is, cut to the head size (more than `keyLimit` clinics). */
  truncOld: boolean;
  truncNew: boolean;
  /** Its new list when known before its leaf is read (a common key's best, a key read in full); else null. */
  list: Entry[] | null;
  /** Its best clinics now (`keptSize` of them), when it is common. */
  best: Entry[] | null;
  /** Every clinic it has now, best first, when known without reading every clinic. */
  all: Entry[] | null;
}

/** Every clinic of this release under some words (`scanKeys`). */
export type Scan = (words: ReadonlySet<string>) => Promise<Map<string, Entry[]>>;

const entryOf = (clinic: IndexedClinic, field: Field): Entry => ({
  clinic,
  field,
  bytes: entryBytes(clinic),
});

/** The pair keys of a clinic whose words are `words`, each with its field, given which words pair. */
export function pairsOf(
  words: ReadonlyMap<string, Field>,
  pairable: (k: string) => boolean,
): Map<string, Field> {
  const ks = [...words.keys()].filter(pairable);
  const out = new Map<string, Field>();
  for (const a of ks)
    for (const b of ks)
      if (b > a) out.set(`${a}-${b}`, Math.min(words.get(a) as Field, words.get(b) as Field) as Field);
  return out;
}

/**
 * What the changed clinics do to the keys: for each key they touch, who leaves and who joins, its counts, whether
 * it is common before and now, and for a common key its new best clinics (from the ones the previous release kept
 * beyond its listed ones). Keys that stop or start pairing change the pair keys of all their clinics; those, and
 * common keys whose kept clinics run out, are read in full from this release's clinics (`Scan`).
 */
export class KeyChanges {
  readonly changes = new Map<string, KeyChange>();
  /** Words that started or stopped pairing, and reads of every clinic (`Scan`). */
  readonly counts = { flips: 0, scans: 0 };
  readonly #previous: PreviousIndex;
  readonly #options: LayoutOptions;
  readonly #pairLimitOld: number;
  readonly #scan: Scan;
  #byBucket: Map<string, KeyChange[]> | null = null;

  constructor(previous: PreviousIndex, options: LayoutOptions, scan: Scan) {
    this.#previous = previous;
    this.#options = options;
    this.#pairLimitOld = previous.book.index.layout.pairLimit;
    this.#scan = scan;
  }

  #change(key: string): KeyChange {
    let c = this.changes.get(key);
    if (!c) {
      c = {
        key,
        leave: new Map(),
        join: new Map(),
        before: null,
        truncOld: false,
        truncNew: false,
        list: null,
        best: null,
        all: null,
      };
      this.changes.set(key, c);
    }
    return c;
  }

  /** The changes of the keys starting with `bucket`. */
  inBucket(bucket: string): KeyChange[] {
    if (!this.#byBucket) {
      this.#byBucket = new Map();
      for (const c of this.changes.values()) {
        const b = c.key[0] as string;
        const list = this.#byBucket.get(b);
        if (list) list.push(c);
        else this.#byBucket.set(b, [c]);
      }
    }
    return this.#byBucket.get(bucket) ?? [];
  }

  /** A key's clinics now; null while unknown (then at most `keyLimit`). */
  countNew(c: KeyChange): number | null {
    return c.before === null ? null : c.before - c.leave.size + c.join.size;
  }

  #count(key: string): number {
    return this.#previous.book.big.get(key)?.count ?? 0;
  }

  /** Whether a word paired in the previous release. */
  readonly pairableOld = (k: string): boolean => {
    const n = this.#count(k);
    return n > this.#options.keyLimit && n <= this.#pairLimitOld;
  };

  /** Whether a word pairs now. */
  readonly pairableNew = (k: string): boolean => {
    const c = this.changes.get(k);
    const n = c ? (this.countNew(c) ?? 0) : this.#count(k);
    return n > this.#options.keyLimit && n <= this.#options.pairLimit;
  };

  /** Whether a key's list was cut to the head size. */
  truncOld(k: string): boolean {
    return this.changes.get(k)?.truncOld ?? this.#count(k) > this.#options.keyLimit;
  }

  /** Whether a key's list is cut to the head size now. */
  truncNew(k: string): boolean {
    return this.changes.get(k)?.truncNew ?? this.#count(k) > this.#options.keyLimit;
  }

  /** Takes in the clinics as they were (`removed`) and as they are (`added`; a changed clinic is in both). */
  async compute(
    removed: ReadonlyMap<string, IndexedClinic>,
    added: ReadonlyMap<string, IndexedClinic>,
  ): Promise<void> {
    const { keyLimit } = this.#options;
    const wordsOf = new Map<IndexedClinic, Map<string, Field>>();
    const words = (c: IndexedClinic) => {
      let w = wordsOf.get(c);
      if (!w) {
        w = clinicKeys(c);
        wordsOf.set(c, w);
      }
      return w;
    };
    for (const r of removed.values())
      for (const [k, f] of words(r)) this.#change(k).leave.set(r.id, entryOf(r, f));
    for (const a of added.values())
      for (const [k, f] of words(a)) this.#change(k).join.set(a.id, entryOf(a, f));
    const wordChanges = [...this.changes.values()];
    for (const c of wordChanges) await this.#counts(c);

    // Words that start or stop pairing: the pair keys of all their clinics change.
    const flips = new Set<string>();
    const candidates = new Set(wordChanges.map((c) => c.key));
    for (const [k, { count }] of this.#previous.book.big)
      if (!isPair(k) && count > keyLimit) candidates.add(k);
    for (const k of candidates) if (this.pairableOld(k) !== this.pairableNew(k)) flips.add(k);
    this.counts.flips = flips.size;

    // Common keys whose kept clinics do not tell their new lists, and words that start or stop pairing whose
    // clinics are not all kept, are read in full.
    const full = new Set<string>();
    for (const c of wordChanges) if ((c.truncOld || c.truncNew) && !(await this.#cut(c))) full.add(c.key);
    for (const k of flips) if (this.#all(k) === null) full.add(k);
    const scanned = full.size > 0 ? await this.#scanned(full) : new Map<string, Entry[]>();
    for (const c of wordChanges) if (full.has(c.key)) this.#fromFull(c, scanned.get(c.key) ?? []);

    // Pair keys: those of the changed clinics, and those of every clinic of a word that starts or stops pairing.
    const pairChanges = new Set<KeyChange>();
    for (const r of removed.values())
      for (const [k, f] of pairsOf(words(r), this.pairableOld)) {
        const c = this.#change(k);
        c.leave.set(r.id, entryOf(r, f));
        pairChanges.add(c);
      }
    for (const a of added.values())
      for (const [k, f] of pairsOf(words(a), this.pairableNew)) {
        const c = this.#change(k);
        c.join.set(a.id, entryOf(a, f));
        pairChanges.add(c);
      }
    const seen = new Set<string>();
    for (const k of flips) {
      for (const { clinic: d } of this.#all(k) ?? scanned.get(k) ?? []) {
        if (added.has(d.id) || seen.has(d.id)) continue;
        seen.add(d.id);
        const before = pairsOf(words(d), this.pairableOld);
        const now = pairsOf(words(d), this.pairableNew);
        for (const [p, f] of before)
          if (!now.has(p)) {
            const c = this.#change(p);
            c.leave.set(d.id, entryOf(d, f));
            pairChanges.add(c);
          }
        for (const [p, f] of now)
          if (!before.has(p)) {
            const c = this.#change(p);
            c.join.set(d.id, entryOf(d, f));
            pairChanges.add(c);
          }
      }
    }
    const fullPairs = new Set<KeyChange>();
    for (const c of pairChanges) {
      await this.#counts(c);
      if ((c.truncOld || c.truncNew) && !(await this.#cut(c))) fullPairs.add(c);
    }
    if (fullPairs.size > 0) {
      const firsts = new Set([...fullPairs].map((c) => c.key.slice(0, c.key.indexOf("-"))));
      const lists = await this.#scanned(firsts);
      for (const c of fullPairs) {
        const first = c.key.slice(0, c.key.indexOf("-"));
        const list: Entry[] = [];
        for (const { clinic } of lists.get(first) ?? []) {
          const f = pairsOf(words(clinic), this.pairableNew).get(c.key);
          if (f !== undefined) list.push(entryOf(clinic, f));
        }
        this.#fromFull(c, list);
      }
    }
  }

  #scanned(words: ReadonlySet<string>): Promise<Map<string, Entry[]>> {
    this.counts.scans++;
    return this.#scan(words);
  }

  /** Every clinic a key has now, when known without reading every clinic. */
  #all(k: string): Entry[] | null {
    const c = this.changes.get(k);
    if (c) return c.all;
    const kept = this.#previous.book.big.get(k);
    return kept?.best && kept.best.length >= kept.count ? kept.best : null;
  }

  /** A key's counts before and now, and whether its list is cut. */
  async #counts(c: KeyChange): Promise<void> {
    const { keyLimit } = this.#options;
    const big = this.#previous.book.big.get(c.key);
    if (big) c.before = big.count;
    // A key kept out of the big keys had at most bigKeyMin clinics; read its leaf only if it may be common now.
    else if (bigKeyMin(this.#options) - c.leave.size + c.join.size > keyLimit)
      c.before = (await this.#previous.list(c.key)).length;
    c.truncOld = c.before !== null && c.before > keyLimit;
    const now = this.countNew(c);
    c.truncNew = now !== null && now > keyLimit;
  }

  /**
   * A key common before or now: its new list from the best clinics the previous release kept for it (exact as long
   * as enough of them stay). False when every clinic of the key is needed.
   */
  async #cut(c: KeyChange): Promise<boolean> {
    const { headSize } = this.#options;
    if (this.countNew(c) === 0) {
      c.list = [];
      c.all = [];
      return true;
    }
    if (!c.truncOld) {
      // Common now, not before: its whole list was listed.
      const old = await this.#previous.list(c.key);
      const next = [...old.filter((e) => !c.leave.has(e.clinic.id)), ...c.join.values()].sort(rankEntries);
      c.all = next;
      c.best = next.slice(0, keptSize(next.length, this.#options));
      c.list = next.slice(0, headSize);
      return true;
    }
    const kept = this.#previous.book.big.get(c.key)?.best ?? [];
    const complete = kept.length >= (c.before as number);
    const last = kept.at(-1);
    const next = [
      ...kept.filter((e) => !c.leave.has(e.clinic.id)),
      // Beyond the last kept clinic, the previous release's clinics are unknown: only those before it can join.
      ...[...c.join.values()].filter((j) => complete || (last !== undefined && rankEntries(j, last) <= 0)),
    ].sort(rankEntries);
    if (complete) c.all = next;
    if (!c.truncNew) {
      if (!complete) return false;
      c.list = next;
      return true;
    }
    if (!complete && next.length < headSize) return false;
    c.best = next.slice(0, complete ? keptSize(next.length, this.#options) : reserveSize(this.#options));
    c.list = next.slice(0, headSize);
    return true;
  }

  /** A key's new list from all its clinics. */
  #fromFull(c: KeyChange, all: Entry[]): void {
    const now = this.countNew(c);
    if (now !== null && all.length !== now)
      throw new Error(
        `search: ${c.key} has ${all.length} clinics, ${now} expected from the previous release's`,
      );
    const sorted = [...all].sort(rankEntries);
    c.all = sorted;
    if (c.truncNew) {
      c.best = sorted.slice(0, keptSize(sorted.length, this.#options));
      c.list = sorted.slice(0, this.#options.headSize);
    } else c.list = sorted;
  }
}
