import { join } from "node:path";
import type { Emitter } from "../emitter.js";
import { RenderTrace } from "../trace.js";
import { Book } from "./bookkeeping.js";
import { IndexChanges } from "./changes.js";
import { FullLayout } from "./full.js";
import { KeyChanges } from "./key-changes.js";
import { DEFAULT_LAYOUT, type LayoutOptions, pairLimitFor } from "./layout.js";
import { IndexOutput } from "./output.js";
import { PreviousIndex } from "./previous.js";
import { Relayout } from "./relayout.js";
import { scanKeys } from "./scan.js";

/** How the emitter works, besides the layout (tests). */
export interface SearchEmitterOptions {
  /** Check every internal node the incremental layout keeps against a count from its keys. */
  verify?: boolean;
}

/**
 * The static search index (docs/search.md). A release whose previous release kept its search bookkeeping (same
 * code and layout, `plan.mode` incremental) lays out only what its changed clinics touch (`./relayout.ts`): while
 * the states render it only notes the clinics whose search tuple changed, then relays out the keys they touch and
 * carries the rest. Otherwise it lays the index out from every clinic (`./full.ts`). Both write the same shards for
 * the same data, and the bookkeeping the next release starts from; then the root lists the shards and the common
 * keys.
 * @example const emitter = searchEmitter({ ...DEFAULT_LAYOUT, budgetBytes: 4096 });
 */
export function searchEmitter(layout: Partial<LayoutOptions> = {}, how: SearchEmitterOptions = {}): Emitter {
  return (run) => {
    const { plan, summary, scratch } = run;
    const options: LayoutOptions = {
      ...DEFAULT_LAYOUT,
      pairLimit: pairLimitFor(summary.clinics, layout.keyLimit ?? DEFAULT_LAYOUT.keyLimit),
      ...layout,
    };
    const full = new FullLayout(join(scratch, "search"), options);
    const changes = new IndexChanges();
    let previous: Promise<PreviousIndex | null> | null = null;
    const open = async (): Promise<PreviousIndex | null> => {
      // Only a release that carries unchanged units builds on the previous release's layout (`all` renders
      // every unit again: the check of this path), and only with somewhere to scan this release's clinics.
      const before = plan.previousBookkeeping;
      if (plan.mode !== "incremental" || before === null || plan.bookkeeping === null || !plan.previousSite)
        return null;
      const book = await Book.open(before, options);
      return book ? new PreviousIndex(book, plan.previousSite) : null;
    };
    return {
      async state(group) {
        previous ??= open();
        if (await previous) changes.state(group, plan);
        else await full.state(group);
      },

      async finish() {
        previous ??= open();
        const before = await previous;
        const output = new IndexOutput(run, options);
        const trace = RenderTrace.fromEnv();
        if (!before) {
          await output.finish(await full.finish(output));
          const { laidOut, written } = output.counts;
          trace.note(`search: laid out from every clinic, ${laidOut} shards (${written} written)`);
          return;
        }
        const keys = new KeyChanges(before, options, (words) => scanKeys(plan, summary, words));
        await keys.compute(changes.removed, changes.added);
        const relayout = new Relayout(before, keys, options, output, changes, how.verify);
        const buckets = new Set(before.leaves.map((l) => l[0] as string));
        for (const k of keys.changes.keys()) buckets.add(k[0] as string);
        for (const bucket of [...buckets].sort()) await relayout.bucket(bucket);
        await output.finish(relayout.bigKeys());
        const { laidOut, written, carried } = output.counts;
        const n = relayout.counts;
        trace.note(
          `search: laid out from ${changes.removed.size} clinics before and ${changes.added.size} now, ${keys.changes.size} keys changed (${keys.counts.flips} started or stopped pairing, ${keys.counts.scans} reads of every clinic); nodes: ${n.kept} kept, ${n.laidOut} laid out from their keys, ${n.carried} carried, ${n.refilled} heads from their children; shards: ${laidOut} laid out (${written} written), ${carried} carried`,
        );
      },
    };
  };
}

/** The search index with the published layout. */
export const searchIndex: Emitter = searchEmitter();
