import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createContext } from "../../src/build/context.js";
import type { BuildRun, Emitter } from "../../src/build/emitter.js";
import { groupState } from "../../src/build/group.js";
import { NetworkMembers } from "../../src/build/network-members.js";
import { OutputWriter } from "../../src/build/output/writer.js";
import { summarise } from "../../src/build/summary.js";
import { Checker } from "../../src/build/validate.js";
import type { Dataset } from "../../src/dataset/types.js";
import { SAMPLE_BUILD } from "./constants.js";

/**
 * Runs only the given emitters over a data set, as the build would (state by state, then finish), writing into
 * `dir/out` with the suite's options: for testing one part of the output, or its options, without a whole build.
 * Throws the build's error when a document fails its schema.
 */
export async function runEmitters(dataset: Dataset, dir: string, emitters: Emitter[]): Promise<string> {
  const out = join(dir, "out");
  const scratch = join(dir, "scratch");
  await mkdir(scratch, { recursive: true });
  const ctx = createContext(dataset, SAMPLE_BUILD);
  const check = new Checker();
  const summary = await summarise(dataset, check);
  check.throwIfAny();
  const writer = new OutputWriter(out, { compression: "fast" });
  const networkMembers = new NetworkMembers(join(scratch, "networks"));
  const run: BuildRun = { ctx, summary, out: writer, check, scratch, networkMembers, published: {} };
  const hooks = emitters.map((e) => e(run));
  for (const state of summary.states) {
    const group = groupState(ctx, check, state, await dataset.clinics.load(state.state.code));
    await networkMembers.add(group);
    for (const h of hooks) await h.state?.(group);
  }
  for (const h of hooks) await h.finish?.();
  check.throwIfAny();
  await writer.finish();
  return out;
}
