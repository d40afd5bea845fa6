import { SearchIndex } from "../../schema/search.js";
import type { BuildContext } from "../context.js";
import type { Ledger } from "../ledger/ledger.js";
import { apiFile, searchRootPath } from "../paths.js";
import type { Summary } from "../summary.js";
import type { UnitKind } from "../units/kind.js";
import { carriedShard, laidOutShard, searchShardUnits } from "../units/search-shard.js";
import type { Units } from "../units/units.js";
import { type BigKey, type Book, BookWriter } from "./bookkeeping.js";
import { searchIndexDocument, shardDocument, shardPath } from "./documents.js";
import type { LayoutNode, LayoutOptions, Shard } from "./layout.js";

/** What the search index is built from. */
export interface SearchInputs {
  ctx: BuildContext;
  summary: Summary;
  ledger: Ledger<UnitKind>;
  /** Where its shards are decided and rendered, each a unit. */
  units: Units;
  /** A scratch folder for its spills. */
  scratch: string;
  /** The previous release's tree, when the ledger's previous release counts (its shards are read back). */
  previousSite: string | null;
  /** The layout (tests make it tiny); default `DEFAULT_LAYOUT`. */
  layout?: Partial<LayoutOptions>;
  /** Check every internal node the incremental layout keeps against a count from its keys (tests). */
  verify?: boolean;
}

/** The API reference's examples of shards: a leaf and a head of this build (null when it has none). */
export type SearchExamples = Record<"/search/t/{prefix}.json" | "/search/p/{prefix}.json", string | null>;

/**
 * Where the index's shards go, however they were laid out: each shard is a unit (its content key against the
 * previous release's decides whether it is written or carried); its side-car, the leaves and the internal nodes go
 * to the render bookkeeping, bucket by bucket; `finish` writes the root.
 * @example const output = new IndexOutput(inputs, options); await output.render(shard); await output.endBucket("b");
 */
export class IndexOutput {
  readonly #o: SearchInputs;
  readonly #options: LayoutOptions;
  readonly #book: BookWriter;
  readonly #leaves: string[] = [];
  readonly #nodes: Array<[string, number, number]> = [];
  #lines: string[] = [];
  /** Shards laid out by this release, written (their content changed), and carried without being laid out. */
  readonly counts = { laidOut: 0, written: 0, carried: 0 };

  constructor(o: SearchInputs, options: LayoutOptions) {
    this.#o = o;
    this.#options = options;
    this.#book = new BookWriter(o.ledger.bookkeeping);
  }

  /** Puts a shard laid out by this release (written when its content changed), and keeps its side-car. */
  async render(shard: Shard): Promise<void> {
    const { ledger, units } = this.#o;
    const path = shardPath(shard);
    const { content, sidecar } = shardDocument(shard);
    const decision = await units.put(
      laidOutShard(path, content, JSON.stringify(content), ledger.fingerprint),
    );
    this.counts.laidOut++;
    if (decision.render) this.counts.written++;
    this.#lines.push(`${path}\t${JSON.stringify(sidecar)}\n`);
    this.#record(shard);
  }

  /**
   * Carries a shard of the previous release whose content did not change, with its side-car (a line of the
   * previous bookkeeping). Should the ledger render it anyway (its stamp is no longer known), its document is the
   * previous one with this release's `meta`.
   */
  async carry(shard: Pick<Shard, "kind" | "prefix">, sidecar: string): Promise<void> {
    await this.#carry(shard);
    this.#lines.push(`${shardPath(shard)}\t${sidecar}\n`);
  }

  async #carry(shard: Pick<Shard, "kind" | "prefix">): Promise<void> {
    const { ledger, units, previousSite } = this.#o;
    const path = shardPath(shard);
    const before = ledger.previous(searchShardUnits, path);
    if (!before || previousSite === null)
      throw new Error(`search: the previous release has no unit for ${path}`);
    await units.put(carriedShard(path, before.content, previousSite));
    this.counts.carried++;
    this.#record(shard);
  }

  /** An internal node of the layout (a head's prefix, split by its next character). */
  node(n: LayoutNode): void {
    this.#nodes.push([n.prefix, n.size, n.keys]);
  }

  #record(shard: Pick<Shard, "kind" | "prefix">): void {
    if (shard.kind === "leaf") this.#leaves.push(shard.prefix);
  }

  /** Ends a bucket laid out by this release: writes its side-cars. */
  async endBucket(bucket: string): Promise<void> {
    const lines = this.#lines;
    this.#lines = [];
    if (lines.length > 0) await this.#book.bucket(bucket, lines);
  }

  /** Keeps a bucket of the previous release that nothing changed: its shards, nodes and side-cars as they were. */
  async keepBucket(
    bucket: string,
    book: Book,
    leaves: readonly string[],
    nodes: readonly LayoutNode[],
  ): Promise<void> {
    for (const prefix of leaves) await this.#carry({ kind: "leaf", prefix });
    for (const n of nodes) {
      await this.#carry({ kind: "head", prefix: n.prefix });
      this.node(n);
    }
    await this.#book.keepBucket(bucket, book);
  }

  /**
   * Writes the root (the leaves, the common keys with their counts) and the bookkeeping's index; gives the examples
   * for the API reference.
   */
  async finish(big: ReadonlyMap<string, BigKey>): Promise<SearchExamples> {
    const { ctx, summary, units } = this.#o;
    const { out, check } = units.target;
    const common: Array<[string, number]> = [];
    for (const [k, { count }] of big)
      if (!k.includes("-") && count > this.#options.keyLimit) common.push([k, count]);
    const leaves = [...this.#leaves].sort();
    const root = searchIndexDocument(ctx, summary, this.#options, leaves, common);
    await out.json(apiFile(searchRootPath), check.parse(searchRootPath, SearchIndex, root));
    // The first head in bucket order: the root of the first bucket that is split.
    const head = this.#nodes
      .map(([p]) => p)
      .filter((p) => p.length === 1)
      .sort()[0];
    const leaf = leaves[0];
    const nodes = [...this.#nodes].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    await this.#book.finish({ layout: this.#options, clinics: summary.clinics, leaves, nodes }, big);
    return {
      "/search/t/{prefix}.json": leaf === undefined ? null : shardPath({ kind: "leaf", prefix: leaf }),
      "/search/p/{prefix}.json": head === undefined ? null : shardPath({ kind: "head", prefix: head }),
    };
  }
}
