import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Dataset } from "../dataset/types.js";
import { collectGarbage } from "../util/collect-garbage.js";
import { type BuildOptions, createContext } from "./context.js";
import { catalogueDocuments, stateDocuments } from "./documents/api-emitters.js";
import { clinicDocuments } from "./documents/clinic-document.js";
import { networkDocuments } from "./documents/network-document.js";
import { downloadsEmitter } from "./downloads/render.js";
import type { BuildRun, Emitter } from "./emitter.js";
import { groupState } from "./group.js";
import { NetworkMembers } from "./network-members.js";
import { OutputWriter, type PreviousTree, type WriteResult } from "./output/writer.js";
import { releaseDocuments } from "./releases/emitter.js";
import type { HistoryEntry, ReleaseInputs } from "./releases/inputs.js";
import { tombstoneDocuments } from "./releases/tombstones.js";
import { searchIndex } from "./search/emitter.js";
import { siteEmitter } from "./site/emitter.js";
import { summarise } from "./summary.js";
import { Checker } from "./validate.js";

export type { BuildOptions } from "./context.js";

/**
 * Every part of the output, in the order it is rendered. Each state goes through all of them before the next
 * state is loaded; then each finishes, in this order (the catalogue last: index.json lists what the others made).
 */
export const EMITTERS: readonly Emitter[] = [
  stateDocuments,
  clinicDocuments,
  networkDocuments,
  searchIndex,
  downloadsEmitter,
  releaseDocuments,
  tombstoneDocuments,
  siteEmitter,
  catalogueDocuments,
];

export interface RenderOptions extends BuildOptions {
  /** The release being replaced, for hard-linking unchanged files. */
  previous?: PreviousTree | null;
  /** The releases before this one (history, changes, tombstones), when publishing into a release store. */
  release?: ReleaseInputs | null;
  /** The parts to render (default: all, `EMITTERS`); tests render one part alone. */
  emitters?: readonly Emitter[];
}

/** What a render wrote. */
export interface RenderResult extends WriteResult {
  clinics: number;
  /** The generation time written into the documents. */
  generatedAt: string;
  /** The release history including this release, newest first. */
  history: HistoryEntry[];
}

/**
 * Renders a data set into an empty folder: API documents, OpenAPI, downloads and the tree manifest, state by state
 * (memory bounded by the largest state). Every document is validated against its schema; every problem is collected
 * and the render fails with all of them (BuildError), leaving a partial folder for the caller to remove.
 * Same data set and options, same bytes.
 * @example await renderSite(generateSample(), "/tmp/out", { siteUrl: "https://urgentcare.example.org", generatedAt: "2026-05-01T00:00:00Z" });
 */
export async function renderSite(
  dataset: Dataset,
  dir: string,
  options: RenderOptions,
): Promise<RenderResult> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`render needs an empty folder: ${dir}`);
  const ctx = createContext(dataset, options);
  const check = new Checker();
  const summary = await summarise(dataset, check);
  check.throwIfAny();
  const out = new OutputWriter(dir, {
    compression: options.compression ?? "max",
    previous: options.previous ?? null,
  });
  const scratch = await mkdtemp(join(dir, "..", ".scratch-"));
  try {
    const networkMembers = new NetworkMembers(join(scratch, "networks"));
    const run: BuildRun = {
      ctx,
      summary,
      out,
      check,
      scratch,
      networkMembers,
      release: options.release ?? null,
      published: {},
    };
    const hooks = (options.emitters ?? EMITTERS).map((emitter) => emitter(run));
    for (const state of summary.states) {
      const group = groupState(ctx, check, state, await dataset.clinics.load(state.state.code));
      await networkMembers.add(group);
      for (const h of hooks) await h.state?.(group);
      collectGarbage();
    }
    for (const h of hooks) await h.finish?.();
    check.throwIfAny();
    return {
      ...(await out.finish()),
      clinics: summary.clinics,
      generatedAt: ctx.generatedAt,
      history: run.published.history ?? [],
    };
  } finally {
    await out.drain().catch(() => {});
    await out.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
