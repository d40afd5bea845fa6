import { join } from "node:path";
import type { StateGroup } from "../group.js";
import { RenderTrace } from "../trace.js";
import { Book } from "./bookkeeping.js";
import { IndexChanges } from "./changes.js";
import { FullLayout } from "./full.js";
import { KeyChanges } from "./key-changes.js";
import { DEFAULT_LAYOUT, type LayoutOptions, pairLimitFor } from "./layout.js";
import { IndexOutput, type SearchExamples, type SearchInputs } from "./output.js";
import { PreviousIndex } from "./previous.js";
import { Relayout } from "./relayout.js";
import { scanKeys } from "./scan.js";

/**
 * The static search index (docs/search.md). A release whose previous release kept its search bookkeeping (same
 * code and layout, the ledger incremental) lays out only what its changed clinics touch (`./relayout.ts`): while
 * the states render it only notes the clinics whose search tuple changed, then relays out the keys they touch and
 * carries the rest. Otherwise it lays the index out from every clinic (`./full.ts`). Both write the same shards for
 * the same data (each shard a unit: `src/render/units/search-shard.ts`), and the bookkeeping the next release
 * starts from; then the root lists the shards and the common keys.
 * @example const search = new SearchIndexBuilder({ ctx, summary, ledger, units, scratch, previousSite }); await search.state(group); await search.finish();
 */
export class SearchIndexBuilder {
  readonly #o: SearchInputs;
  readonly #options: LayoutOptions;
  readonly #full: FullLayout;
  readonly #changes = new IndexChanges();
  #previous: Promise<PreviousIndex | null> | null = null;

  constructor(o: SearchInputs) {
    this.#o = o;
    this.#options = {
      ...DEFAULT_LAYOUT,
      pairLimit: pairLimitFor(o.summary.clinics, o.layout?.keyLimit ?? DEFAULT_LAYOUT.keyLimit),
      ...o.layout,
    };
    this.#full = new FullLayout(join(o.scratch, "search"), this.#options);
  }

  #open(): Promise<PreviousIndex | null> {
    this.#previous ??= (async () => {
      // Only a release that carries unchanged units builds on the previous release's layout (`all` renders
      // every unit again: the check of this path), and only with somewhere to scan this release's clinics.
      const { ledger, previousSite } = this.#o;
      const before = ledger.previousBookkeeping;
      if (ledger.mode !== "incremental" || before === null || ledger.bookkeeping === null || !previousSite)
        return null;
      const book = await Book.open(before, this.#options);
      return book ? new PreviousIndex(book, previousSite) : null;
    })();
    return this.#previous;
  }

  /** Takes one state's clinics, after the ledger decided them (and before it ends the state). */
  async state(group: StateGroup): Promise<void> {
    if (await this.#open()) this.#changes.state(group, this.#o.ledger);
    else await this.#full.state(group);
  }

  /** Lays the index out, writes its shards (those the ledger renders) and root; gives the API reference's examples. */
  async finish(): Promise<SearchExamples> {
    const { ledger, summary } = this.#o;
    const before = await this.#open();
    const output = new IndexOutput(this.#o, this.#options);
    const trace = RenderTrace.fromEnv();
    if (!before) {
      const examples = await output.finish(await this.#full.finish(output));
      const { laidOut, written } = output.counts;
      trace.note(`search: laid out from every clinic, ${laidOut} shards (${written} written)`);
      return examples;
    }
    const changes = this.#changes;
    const keys = new KeyChanges(before, this.#options, (words) => scanKeys(ledger, summary, words));
    await keys.compute(changes.removed, changes.added);
    const relayout = new Relayout(before, keys, this.#options, output, changes, this.#o.verify);
    const buckets = new Set(before.leaves.map((l) => l[0] as string));
    for (const k of keys.changes.keys()) buckets.add(k[0] as string);
    for (const bucket of [...buckets].sort()) await relayout.bucket(bucket);
    const examples = await output.finish(relayout.bigKeys());
    const { laidOut, written, carried } = output.counts;
    const n = relayout.counts;
    trace.note(
      `search: laid out from ${changes.removed.size} clinics before and ${changes.added.size} now, ${keys.changes.size} keys changed (${keys.counts.flips} started or stopped pairing, ${keys.counts.scans} reads of every clinic); nodes: ${n.kept} kept, ${n.laidOut} laid out from their keys, ${n.carried} carried, ${n.refilled} heads from their children; shards: ${laidOut} laid out (${written} written), ${carried} carried`,
    );
    return examples;
  }
}
