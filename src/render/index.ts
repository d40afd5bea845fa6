/**
 * The render's entry: what the stages above it (the release store, the CLI) call. Everything else under
 * `src/render` is the render's own (`scripts/check-imports.mjs` holds `src/release` to this file).
 */
import { type PreviousTree, previousTree } from "./output/previous.js";
import { isUnitFile } from "./units/registry.js";

export { OUTPUT_PARTS, type OutputPart, type RenderOptions, type RenderResult, renderSite } from "./build.js";
export type { PreviousTree } from "./output/previous.js";
export { BuildError } from "./validate.js";

/**
 * The tree of a published release, from its `files.tsv` (checked against its trailer: throws when it is truncated
 * or edited), for the next render to carry its units' files and keep its other files rendered to the same bytes.
 * @example const previous = await openPreviousTree(".public.releases/0007-2026-06-01/site");
 */
export function openPreviousTree(root: string): Promise<PreviousTree> {
  return previousTree(root, isUnitFile);
}
