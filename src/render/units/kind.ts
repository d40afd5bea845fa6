import type { Tombstone } from "../../dataset/releases.js";
import type { BuildContext } from "../context.js";
import type { StateGroup } from "../group.js";
import type { LedgerKind } from "../ledger/bookkeeping.js";
import type { OutputWriter } from "../output/writer.js";
import type { SiteContext } from "../site/site.js";
import type { Summary } from "../summary.js";
import type { Checker } from "../validate.js";

/**
 * A kind of unit: what is rendered together and carried together, the files one piece of content makes (a clinic,
 * a city, a US state, a network, a tombstone, a search shard). One module per kind (`./clinic.ts`, …) holds its
 * content key, the files it makes and how it renders them; the registry (`./registry.ts`) lists the kinds, and
 * nothing else names a unit's files.
 */
export interface UnitKind extends LedgerKind {
  /** Whether a file of the output folder (no `.br`/`.gz`) can be one of this kind's. */
  owns(path: string): boolean;
  /**
   * Every file one unit writes (no `.br`/`.gz` siblings), from what the ledger keeps of it (`key`, `extra`) and
   * its US state's slug (""for a unit of the whole release): what a later release removes when the unit is gone.
   * Its `render` writes these paths and no others (test/incremental.test.ts checks a release against one that
   * renders everything again).
   */
  files(unit: { key: string; extra: string }, state: string): string[];
}

/** One unit, ready to be decided: its content key, what the ledger keeps of it, and how to render it. */
export interface Unit {
  kind: UnitKind;
  key: string;
  /** A hash of everything its files show apart from the stamp (`src/render/ledger/keys.ts`). */
  content: string;
  /** What the next release needs to find its files (`UnitKind.files`); "" when the key says it all. */
  extra: string;
  /** Writes the unit's files with `ctx` (this release's stamp, or the one the unit had). */
  render(ctx: BuildContext, to: UnitTarget): Promise<void>;
}

/** What a unit of a US state is made from, as the state is rendered. */
export interface StateInput {
  ctx: BuildContext;
  summary: Summary;
  group: StateGroup;
  /** The content fingerprint every content key starts from. */
  fingerprint: string;
  /** Each listed clinic's content key, by id (a city's and a state's keys are made of their clinics'). */
  clinicKeys: ReadonlyMap<string, string>;
  /** The clinics of the state no longer listed (from the release store; none outside one). */
  tombstones: readonly Tombstone[];
}

/** A kind whose units belong to a US state: the build asks it for them as each state is rendered. */
export interface StateUnitKind extends UnitKind {
  readonly scope: "state";
  units(input: StateInput): Iterable<Unit>;
}

/** Where a unit's files go. */
export interface UnitTarget {
  out: OutputWriter;
  check: Checker;
  /** Whether the API documents are built (`api` part). */
  api: boolean;
  /** Whether the standards' files are built (`standards` part): a clinic's HSDS service. */
  standards: boolean;
  /** The site's contexts of a stamp, one per language; empty when the build leaves the site out. */
  sites(ctx: BuildContext): readonly SiteContext[];
}
