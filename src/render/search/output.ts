import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SearchIndex, SearchShard } from "../../schema/search.js";
import type { BuildRun } from "../emitter.js";
import { apiFile, searchRootPath } from "../paths.js";
import { contentKey } from "../plan/keys.js";
import { type BigKey, type Book, BookWriter } from "./bookkeeping.js";
import { searchIndexDocument, shardDocument, shardPath } from "./documents.js";
import type { LayoutNode, LayoutOptions, Shard } from "./layout.js";

/**
 * Where the index's shards go, however they were laid out: each shard is decided by the plan (its content key
 * against the previous release's) and written when it changed, or carried; its side-car, the leaves and the
 * internal nodes go to the render bookkeeping, bucket by bucket; `finish` writes the root.
 * @example const output = new IndexOutput(run, options); await output.render(shard); await output.endBucket("b");
 */
export class IndexOutput {
  readonly #run: BuildRun;
  readonly #options: LayoutOptions;
  readonly #book: BookWriter;
  readonly #leaves: string[] = [];
  readonly #nodes: Array<[string, number, number]> = [];
  #lines: string[] = [];
  /** Shards laid out by this release, written (their content changed), and carried without being laid out. */
  readonly counts = { laidOut: 0, written: 0, carried: 0 };

  constructor(run: BuildRun, options: LayoutOptions) {
    this.#run = run;
    this.#options = options;
    this.#book = new BookWriter(run.plan.bookkeeping);
  }

  /** Decides a shard laid out by this release, writes it when the plan says so, and keeps its side-car. */
  async render(shard: Shard): Promise<void> {
    const { plan, out, check } = this.#run;
    const path = shardPath(shard);
    const { content, sidecar } = shardDocument(shard);
    const text = JSON.stringify(content);
    const decision = plan.decide("shard", path, contentKey(plan.fingerprint, "shard", text));
    this.counts.laidOut++;
    if (decision.render) {
      this.counts.written++;
      const doc = check.parse(path, SearchShard, { ...content, meta: decision.ctx.meta(path) });
      // The document is its content with `meta` last (the schema's order): `text` needs no second stringify.
      await out.add(apiFile(path), `${text.slice(0, -1)},"meta":${JSON.stringify(doc.meta)}}`);
    }
    this.#lines.push(`${path}\t${JSON.stringify(sidecar)}\n`);
    this.#record(shard);
  }

  /**
   * Carries a shard of the previous release whose content did not change, with its side-car (a line of the
   * previous bookkeeping). Should the plan render it anyway (its stamp is no longer known), its document is the
   * previous one with this release's `meta`.
   */
  async carry(shard: Pick<Shard, "kind" | "prefix">, sidecar: string): Promise<void> {
    await this.#carry(shard);
    this.#lines.push(`${shardPath(shard)}\t${sidecar}\n`);
  }

  async #carry(shard: Pick<Shard, "kind" | "prefix">): Promise<void> {
    const { plan, out, check } = this.#run;
    const path = shardPath(shard);
    const before = plan.previous("shard", path);
    if (!before) throw new Error(`search: the previous release has no unit for ${path}`);
    const decision = plan.decide("shard", path, before.content);
    this.counts.carried++;
    if (decision.render) {
      const site = plan.previousSite as string;
      const { meta: _meta, ...content } = JSON.parse(
        await readFile(join(site, apiFile(path)), "utf8"),
      ) as SearchShard;
      const doc = { ...content, meta: decision.ctx.meta(path) };
      await out.json(apiFile(path), check.parse(path, SearchShard, doc));
    }
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
   * Writes the root (the leaves, the common keys with their counts), the examples for the API reference, and the
   * bookkeeping's index.
   */
  async finish(big: ReadonlyMap<string, BigKey>): Promise<void> {
    const { ctx, summary, out, check, published } = this.#run;
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
    published.examples = {
      ...published.examples,
      "/search/t/{prefix}.json": leaf === undefined ? null : shardPath({ kind: "leaf", prefix: leaf }),
      "/search/p/{prefix}.json": head === undefined ? null : shardPath({ kind: "head", prefix: head }),
    };
    const nodes = [...this.#nodes].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    await this.#book.finish({ layout: this.#options, clinics: summary.clinics, leaves, nodes }, big);
  }
}
