import { join } from "node:path";
import type { Dataset } from "../../src/dataset/types.js";
import { type RenderOptions, renderSite } from "../../src/render/build.js";
import { SAMPLE_BUILD } from "./constants.js";

/**
 * Renders some parts of the output over a data set (`options.parts`, with other render options: sizes), as the
 * build would, into `dir/out` with the suite's options: for testing one part of the output, or its options,
 * without a whole build. Throws the build's error when a document fails its schema.
 * @example const out = await renderParts(dataset, tmp.dir, { parts: ["search"], sizes: { search: TINY } });
 */
export async function renderParts(
  dataset: Dataset,
  dir: string,
  options: Omit<RenderOptions, "siteUrl">,
): Promise<string> {
  const out = join(dir, "out");
  await renderSite(dataset, out, { ...SAMPLE_BUILD, ...options });
  return out;
}
