import { createHash } from "node:crypto";
import { link, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Entry, entryBytes, type LayoutOptions } from "./layout.js";
import type { Field, IndexedClinic } from "./tokens.js";

/**
 * The search index's part of a release's render bookkeeping (`state/render/search/`): what the next release needs
 * to lay the index out again from what changed (`./relayout.ts`) instead of from every clinic.
 * - `index.json`: the layout (options, pair limit, clinics), the leaves, the internal nodes with their estimated
 *   size and number of keys, and the size and SHA-256 of every other file (a file that does not match is not used);
 * - `keys.ndjson`: every key with more than half the key limit of clinics, with its count; a common key also with
 *   its best `keptSize` clinics (its leaf lists the best `headSize`);
 * - `buckets/{c}.tsv`: per first character, each shard's side-car (`./sidecar.ts`) by path.
 */
export const SEARCH_BOOK = "search";
const FORMAT = 2;

/** A file of the bookkeeping, as `index.json` lists it. */
export interface FileRef {
  bytes: number;
  sha256: string;
}

export interface BookIndex {
  format: number;
  layout: LayoutOptions;
  clinics: number;
  /** Leaf prefixes, sorted. */
  leaves: string[];
  /** Internal nodes: prefix, estimated size, number of keys. */
  nodes: Array<[string, number, number]>;
  buckets: Record<string, FileRef>;
  keys: FileRef;
}

/** A key with many clinics: their count and, for a common key, its best clinics (best first). */
export interface BigKey {
  count: number;
  best: Entry[] | null;
}

/** Keys with more clinics than this are kept in `keys.ndjson` (the others' counts are their leaf's lists). */
export const bigKeyMin = (options: LayoutOptions) => Math.floor(options.keyLimit / 2);

type EntryTuple = [string, string, string | null, string, string, string, string | null, number, number];
const toTuple = ({ clinic: c, field }: Entry): EntryTuple => [
  c.id,
  c.name,
  c.network,
  c.state,
  c.citySlug,
  c.cityName,
  c.zip,
  c.reviews,
  field,
];
function fromTuple([id, name, network, state, citySlug, cityName, zip, reviews, field]: EntryTuple): Entry {
  const clinic: IndexedClinic = { id, name, network, state, citySlug, cityName, zip, reviews };
  return { clinic, field: field as Field, bytes: entryBytes(clinic) };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const sameLayout = (a: LayoutOptions, b: LayoutOptions) =>
  a.keyLimit === b.keyLimit && a.headSize === b.headSize && a.budgetBytes === b.budgetBytes;

/** Writes this release's search bookkeeping; every method does nothing without a folder. */
export class BookWriter {
  readonly #dir: string | null;
  readonly #buckets: Record<string, FileRef> = {};
  #ready: Promise<unknown> | null = null;

  constructor(dir: string | null) {
    this.#dir = dir === null ? null : join(dir, SEARCH_BOOK);
  }

  async #mkdir(): Promise<string | null> {
    const dir = this.#dir;
    if (dir === null) return null;
    this.#ready ??= mkdir(join(dir, "buckets"), { recursive: true });
    await this.#ready;
    return dir;
  }

  /** Writes one bucket's side-cars (`path \t json` lines). */
  async bucket(bucket: string, lines: readonly string[]): Promise<void> {
    const dir = await this.#mkdir();
    if (dir === null) return;
    const text = lines.join("");
    await writeFile(join(dir, "buckets", `${bucket}.tsv`), text);
    this.#buckets[bucket] = { bytes: Buffer.byteLength(text), sha256: sha256(text) };
  }

  /** Keeps a bucket of the previous release's bookkeeping as it is (a hard link). */
  async keepBucket(bucket: string, from: Book): Promise<void> {
    const dir = await this.#mkdir();
    const ref = from.index.buckets[bucket];
    if (dir === null || !ref) return;
    await link(from.bucketFile(bucket), join(dir, "buckets", `${bucket}.tsv`));
    this.#buckets[bucket] = ref;
  }

  /** Writes the big keys and then `index.json`, which makes the bookkeeping complete. */
  async finish(
    index: Omit<BookIndex, "format" | "buckets" | "keys">,
    big: ReadonlyMap<string, BigKey>,
  ): Promise<void> {
    const dir = await this.#mkdir();
    if (dir === null) return;
    const lines: string[] = [];
    for (const k of [...big.keys()].sort()) {
      const { count, best } = big.get(k) as BigKey;
      lines.push(`${JSON.stringify(best ? [k, count, best.map(toTuple)] : [k, count])}\n`);
    }
    const text = lines.join("");
    await writeFile(join(dir, "keys.ndjson"), text);
    const full: BookIndex = {
      format: FORMAT,
      ...index,
      buckets: this.#buckets,
      keys: { bytes: Buffer.byteLength(text), sha256: sha256(text) },
    };
    await writeFile(join(dir, "index.json"), `${JSON.stringify(full)}\n`);
  }
}

/** The previous release's search bookkeeping, read and checked. */
export class Book {
  readonly dir: string;
  readonly index: BookIndex;
  readonly big: Map<string, BigKey>;

  private constructor(dir: string, index: BookIndex, big: Map<string, BigKey>) {
    this.dir = dir;
    this.index = index;
    this.big = big;
  }

  /**
   * The bookkeeping in `renderDir` (a release's render bookkeeping) when it is complete, intact and was laid out
   * with the same options (the pair limit may differ); else null.
   */
  static async open(renderDir: string, layout: LayoutOptions): Promise<Book | null> {
    const dir = join(renderDir, SEARCH_BOOK);
    let index: BookIndex;
    try {
      index = JSON.parse(await readFile(join(dir, "index.json"), "utf8")) as BookIndex;
    } catch {
      return null;
    }
    if (index.format !== FORMAT || !sameLayout(index.layout, layout)) return null;
    const text = await readFile(join(dir, "keys.ndjson"), "utf8").catch(() => null);
    if (text === null || !matches(text, index.keys)) return null;
    for (const [bucket, ref] of Object.entries(index.buckets)) {
      const found = await stat(join(dir, "buckets", `${bucket}.tsv`)).catch(() => null);
      if (found?.size !== ref.bytes) return null;
    }
    const big = new Map<string, BigKey>();
    for (const line of text.split("\n")) {
      if (!line) continue;
      const [k, count, best] = JSON.parse(line) as [string, number, EntryTuple[] | undefined];
      big.set(k, { count, best: best ? best.map(fromTuple) : null });
    }
    return new Book(dir, index, big);
  }

  bucketFile(bucket: string): string {
    return join(this.dir, "buckets", `${bucket}.tsv`);
  }

  /** A bucket's side-car lines by shard path (unparsed); fails when the file is not what `index.json` says. */
  async sidecars(bucket: string): Promise<Map<string, string>> {
    const ref = this.index.buckets[bucket];
    const out = new Map<string, string>();
    if (!ref) return out;
    const text = await readFile(this.bucketFile(bucket), "utf8");
    if (!matches(text, ref)) throw new Error(`search bookkeeping: ${this.bucketFile(bucket)} is not intact`);
    for (const line of text.split("\n")) {
      if (!line) continue;
      const tab = line.indexOf("\t");
      out.set(line.slice(0, tab), line.slice(tab + 1));
    }
    return out;
  }
}

const matches = (text: string, ref: FileRef) =>
  Buffer.byteLength(text) === ref.bytes && sha256(text) === ref.sha256;
