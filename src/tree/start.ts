/**
 * How a release's folder starts, and what a later release needs to recycle it. The release store
 * (`src/release/store.ts`) chooses the start; the render's writer makes the folder match the new release from it.
 */

/**
 * The file of a release's render bookkeeping that lists, sorted, one a line, the paths whose files that release
 * changed (written, or gone) against the tree it was rendered from: its **delta**. A later release that recycles
 * that older tree fixes exactly these paths.
 */
export const DELTA = "delta.txt";

/**
 * How the folder being written starts: empty, or holding an earlier release's tree (**recycled**) whose files differ
 * from the previous release's only at the paths listed in the file `stale` (that release's delta).
 */
export type TreeStart = { kind: "empty" } | { kind: "recycled"; stale: string };
