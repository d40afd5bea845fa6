import type { HistoryEntry, ReleaseInputs } from "../dataset/releases.js";
import type { IndexDocument } from "../schema/index-document.js";
import type { BuildContext } from "./context.js";
import type { StateGroup } from "./group.js";
import type { NetworkMembers } from "./network-members.js";
import type { OutputWriter } from "./output/writer.js";
import type { RenderPlan } from "./plan/plan.js";
import type { Summary } from "./summary.js";
import type { Checker } from "./validate.js";

/** What emitters hand to those that finish after them (index.json lists the downloads, the feed, …). */
export interface Published {
  datasets?: IndexDocument["datasets"];
  /** The release history including this release, newest first (for the publisher to keep). */
  history?: HistoryEntry[];
  /**
   * A document of this build for an endpoint's path template (`/search/t/{prefix}.json` → `/search/t/ca.json`),
   * or null when the build has none of that kind: the API reference's live examples.
   */
  examples?: Record<string, string | null>;
}

/** One build in progress: what every emitter reads and writes through. */
export interface BuildRun {
  ctx: BuildContext;
  summary: Summary;
  out: OutputWriter;
  check: Checker;
  /** A scratch folder for spills, removed when the build ends. */
  scratch: string;
  /** Every network's clinics, complete once the last state is rendered (read them in `finish`). */
  networkMembers: NetworkMembers;
  /**
   * What to render: every unit's decision (render, with which stamp, or carry its previous files). Emitters ask it
   * for each unit they write and carry the unit's files when it says so.
   */
  plan: RenderPlan;
  /** The releases before this one, when the build publishes into a release store. */
  release: ReleaseInputs | null;
  published: Published;
}

/** What an emitter does: once per state (slug order, states without clinics included), then once at the end. */
export interface EmitterHooks {
  state?(group: StateGroup): Promise<void>;
  finish?(): Promise<void>;
}

/**
 * A part of the output (API documents, downloads, pages, search index…). Emitters run in the order the build
 * lists them; each state goes to all of them before the next state is loaded, so memory stays bounded by one state.
 */
export type Emitter = (run: BuildRun) => EmitterHooks;
