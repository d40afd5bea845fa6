/**
 * The render's entry: what the stages above it (the release store, the CLI) call. Everything else under
 * `src/render` is the render's own (`scripts/check-imports.mjs` holds `src/release` to this file).
 */
export { type RenderOptions, type RenderResult, renderSite } from "./build.js";
export { type PreviousTree, previousTree } from "./output/previous.js";
export { BuildError } from "./validate.js";
