import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Heap growth since the last full collection that triggers the next one: this, or half of what the last collection
 * left live if that is more. A full collection costs in proportion to the live heap, so collecting after a fixed
 * 48 MiB of growth made builds that hold much (a large state, the Parquet writer's row group) collect over and
 * over — 18 s of 47 s writing the downloads of 60,000 clinics went to it. Half rather than all of it (the heap
 * doubling): a 1M weekly release, whose render holds more than a full build's, peaked at 1,954 MiB against 2,321,
 * for 8 % more CPU (560 against 518 s; docs/benchmarks.md).
 */
const SLACK_BYTES = 48 * 2 ** 20;

let gc: (() => void) | null | undefined;
let afterLast = 0;

/**
 * Asks V8 for a full garbage collection when the heap has grown by more than SLACK_BYTES, or by half of what the
 * last one left live, since the last one. The import's resolve stage and the build call it between states (the search
 * index between its buckets; the output writer every few dozen files, for the large states, at every write of a
 * streamed download, and while it sorts and merges the tree manifest): a state's records and documents live through many minor collections and are
 * promoted to the old generation, where V8 lets them pile up — state after state — until its lazily grown limit
 * (measured: 680 MiB of heap for 90 MiB of live data at 400k rows). Collecting when the heap has grown keeps the
 * peak near the live data plus one state, without paying a full collection after every small state. A no-op
 * where V8 does not allow it.
 * @example for (const state of states) { resolve(state); collectGarbage(); }
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  if (!gc || getHeapStatistics().used_heap_size - afterLast < Math.max(SLACK_BYTES, afterLast / 2)) return;
  gc();
  afterLast = getHeapStatistics().used_heap_size;
}
