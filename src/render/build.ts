import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { HistoryEntry, ReleaseInputs } from "../dataset/releases.js";
import type { ClinicRecord, Dataset } from "../dataset/types.js";
import { DELTA, type TreeStart } from "../tree/start.js";
import { collectGarbage } from "../util/collect-garbage.js";
import { type Settled, settled } from "../util/settled.js";
import { type BuildOptions, createContext } from "./context.js";
import { catalogueDocuments, stateDocuments } from "./documents/api-emitters.js";
import { clinicDocuments } from "./documents/clinic-document.js";
import { networkDocuments } from "./documents/network-document.js";
import { downloadsEmitter } from "./downloads/render.js";
import type { BuildRun, Emitter } from "./emitter.js";
import { groupState } from "./group.js";
import { NetworkMembers } from "./network-members.js";
import type { PreviousTree } from "./output/previous.js";
import { OutputWriter, type WriteResult } from "./output/writer.js";
import { fingerprints } from "./plan/fingerprint.js";
import { type PlanMode, RenderPlan } from "./plan/plan.js";
import { decideState } from "./plan/state-units.js";
import { releaseDocuments } from "./releases/emitter.js";
import { tombstoneDocuments } from "./releases/tombstones.js";
import { searchIndex } from "./search/emitter.js";
import { siteEmitter } from "./site/emitter.js";
import type { NetworkCounts } from "./stamp.js";
import { type Summary, summarise } from "./summary.js";
import { RenderTrace } from "./trace.js";
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

/** An emitter's name in the render trace (those made by a factory have no function name). */
function nameOf(emitter: Emitter | undefined, i: number): string {
  if (emitter === searchIndex) return "searchIndex";
  if (emitter === networkDocuments) return "networkDocuments";
  return emitter?.name || `emitter ${i}`;
}

export interface RenderOptions extends BuildOptions {
  /**
   * The release being replaced: its unchanged units are carried when `previousRender` holds its render bookkeeping
   * (same code and options), and its other files are kept when a rendered file has the same bytes.
   */
  previous?: PreviousTree | null;
  /**
   * How the output folder starts: empty (the default), or a recycled tree of an earlier release whose files differ
   * from `previous`'s at its stale paths (`src/release/store.ts`).
   */
  start?: TreeStart;
  /** The render bookkeeping of `previous` (`state/render/` of a release). */
  previousRender?: string | null;
  /** Where to keep this render's bookkeeping for the next release; none when null (a render outside a store). */
  bookkeeping?: string | null;
  /** `incremental` (default) carries unchanged units; `all` renders every unit, each with its own stamp. */
  plan?: PlanMode;
  /** The releases before this one (history, changes, tombstones), when publishing into a release store. */
  release?: ReleaseInputs | null;
  /** The parts to render (default: all, `EMITTERS`); tests render one part alone. */
  emitters?: readonly Emitter[];
  /**
   * Called with each state's records as the render loads them (states in slug order, those without clinics left
   * out): the release store keeps them for the next release without reading the data set again. The render goes on
   * with the state while the returned promise is pending (it takes what it needs of the records before it returns,
   * so that only writing and compressing are left: on the thread pool, beside the render); one call at a time, and
   * the render ends after the last one has.
   */
  onState?: (state: string, records: readonly ClinicRecord[]) => Promise<void>;
}

/** What a render wrote. */
export interface RenderResult extends WriteResult {
  clinics: number;
  /** Units rendered and carried unchanged from the previous release. */
  units: { rendered: number; carried: number };
  /** The generation time written into the documents. */
  generatedAt: string;
  /** The release history including this release, newest first. */
  history: HistoryEntry[];
}

/** Every network's counts, as this release's stamp records them (a clinic's document shows its network's). */
function networkCounts(summary: Summary): Record<string, NetworkCounts> {
  return Object.fromEntries(
    summary.networks.map((n) => [
      n.name,
      { clinic_count: n.clinics, state_count: n.states.length, states: n.states },
    ]),
  );
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
  const start = options.start ?? { kind: "empty" };
  await mkdir(dir, { recursive: true });
  if (start.kind === "empty" && (await readdir(dir)).length > 0)
    throw new Error(`render needs an empty folder: ${dir}`);
  const check = new Checker();
  const summary = await summarise(dataset, check);
  check.throwIfAny();
  const ctx = createContext(dataset, options, networkCounts(summary));
  const compression = options.compression ?? "max";
  const previous = options.previous ?? null;
  const plan = await RenderPlan.open(ctx, {
    previous:
      previous && options.previousRender ? { site: previous.root, dir: options.previousRender } : null,
    out: options.bookkeeping ?? null,
    fingerprints: await fingerprints({ siteUrl: ctx.siteUrl, baseUrl: ctx.baseUrl, compression }),
    mode: options.plan ?? "incremental",
  });
  const out = new OutputWriter(dir, {
    compression,
    previous,
    carryUnits: plan.previousSite !== null,
    start,
    delta: options.bookkeeping ? join(options.bookkeeping, DELTA) : null,
  });
  const removeGone = () => {
    for (const path of plan.takeGone()) out.remove(path);
  };
  const scratch = await mkdtemp(join(dir, "..", ".scratch-"));
  /** The state records being kept (`onState`), behind the render. */
  let keeping = null as Settled<void> | null;
  try {
    const networkMembers = new NetworkMembers(join(scratch, "networks"));
    const run: BuildRun = {
      ctx,
      summary,
      out,
      check,
      scratch,
      networkMembers,
      plan,
      release: options.release ?? null,
      published: {},
    };
    const emitters = options.emitters ?? EMITTERS;
    const hooks = emitters.map((emitter) => emitter(run));
    const trace = RenderTrace.fromEnv();
    for (const state of summary.states) {
      const code = state.state.code;
      await trace.step("plan: units", () => plan.beginState(code));
      const clinics = await trace.step("load", () => dataset.clinics.load(code));
      if (clinics.length > 0 && options.onState) {
        const onState = options.onState;
        await trace.step("bookkeeping: records", async () => {
          await keeping?.result();
          keeping = settled(onState(code, clinics));
        });
      }
      const group = await trace.step("group", () => groupState(ctx, state, clinics));
      await trace.step("plan: units", () => decideState(plan, summary, group));
      await trace.step("network members", () => networkMembers.add(group));
      for (const [i, h] of hooks.entries())
        await trace.step(`state: ${nameOf(emitters[i], i)}`, () => h.state?.(group));
      await trace.step("plan: units", () => plan.endState(code));
      removeGone();
      collectGarbage();
    }
    await trace.step("bookkeeping: records", async () => keeping?.result());
    for (const [i, h] of hooks.entries())
      await trace.step(`finish: ${nameOf(emitters[i], i)}`, () => h.finish?.());
    check.throwIfAny();
    await trace.step("plan: finish", () => plan.finish());
    removeGone();
    const written = await trace.step("writer: finish", () => out.finish());
    trace.print();
    return {
      ...written,
      units: plan.counts,
      clinics: summary.clinics,
      generatedAt: ctx.generatedAt,
      history: run.published.history ?? [],
    };
  } finally {
    await keeping?.done;
    await out.drain().catch(() => {});
    await out.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
