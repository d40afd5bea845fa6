import { join } from "node:path";
import type { Dataset } from "../../src/dataset/types.js";
import { renderSite } from "../../src/render/build.js";
import type { Emitter } from "../../src/render/emitter.js";
import { SAMPLE_BUILD } from "./constants.js";

/**
 * Renders only the given emitters over a data set, as the build would (state by state, then finish), into
 * `dir/out` with the suite's options: for testing one part of the output, or its options, without a whole build.
 * Throws the build's error when a document fails its schema.
 */
export async function runEmitters(dataset: Dataset, dir: string, emitters: Emitter[]): Promise<string> {
  const out = join(dir, "out");
  await renderSite(dataset, out, { ...SAMPLE_BUILD, emitters });
  return out;
}
