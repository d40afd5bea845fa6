import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stateByCode } from "../../geo/states.js";
import type { BuildContext } from "../context.js";
import { type Stamp, stampId } from "../stamp.js";
import { unitFiles } from "./unit-files.js";
import {
  GLOBAL_UNITS,
  readUnits,
  type UnitKind,
  type UnitRecord,
  unitId,
  unitLine,
  unitsFile,
  writeUnits,
} from "./units.js";

/** The release before, as the render needs it: its served tree and its render bookkeeping. */
export interface PreviousRender {
  /** Its served tree: unchanged units' files are hard-linked from it, with its `files.tsv` entries. */
  site: string;
  /** Its render bookkeeping (`state/render/` of a release): units, stamps, fingerprint. */
  dir: string;
}

/** `render.json` of the render bookkeeping. */
interface RenderInfo {
  format: 1;
  /** The program fingerprint (`./fingerprint.ts`). */
  fingerprint: string;
  /** The content fingerprint its content keys hold (absent before program versions kept stamps). */
  content?: string;
}

/**
 * How a render treats the units of the release before:
 * - `incremental`: a unit whose content key is the previous release's is carried (its files hard-linked), the
 *   others are rendered with this release's stamp;
 * - `all`: every unit is rendered, an unchanged one with the stamp it had (the same bytes as carrying it): the
 *   same release, the slow way, to check the incremental one against (test/incremental.test.ts).
 */
export type PlanMode = "incremental" | "all";

/**
 * What to do with one unit: render it, or carry it; `ctx` has the stamp its files show (this release's, or the one
 * the unit had: what a release-wide file that shows the unit's last change reads).
 */
export type Decision = { render: true; ctx: BuildContext } | { render: false; ctx: BuildContext };

/**
 * What changed → what to render: for every unit, its content key against the previous release's, so that only
 * units whose content changed are rendered; a full build is this with no previous release (every unit new).
 * Keeps the new release's render bookkeeping as units are decided (one file per state, one for the rest).
 * @example const plan = await RenderPlan.open(ctx, { previous, out: join(state, "render"), fingerprints: f, mode: "incremental" });
 */
export class RenderPlan {
  readonly mode: PlanMode;
  /** The tree unchanged units are carried from; null when there is none (a first release, other options). */
  readonly previousSite: string | null;
  readonly #ctx: BuildContext;
  readonly #out: string | null;
  readonly #fingerprints: { program: string; content: string };
  readonly #previousDir: string | null;
  readonly #stamps: Map<string, Stamp>;
  readonly #referenced = new Set<string>();
  #previousState = new Map<string, UnitRecord>();
  readonly #previousGlobal: Map<string, UnitRecord>;
  #decided = new Map<string, Decision>();
  readonly #globalDecided = new Map<string, Decision>();
  #lines: string[] = [];
  readonly #globalLines: string[] = [];
  #counts = { rendered: 0, carried: 0 };
  /** The slug of the state being decided ("" between states). */
  #stateSlug = "";
  /** Files of the previous release's units that this release no longer has, not yet taken. */
  #gone: string[] = [];

  private constructor(
    ctx: BuildContext,
    o: {
      mode: PlanMode;
      out: string | null;
      fingerprints: { program: string; content: string };
      previous: {
        site: string;
        dir: string;
        stamps: Map<string, Stamp>;
        global: Map<string, UnitRecord>;
      } | null;
    },
  ) {
    this.#ctx = ctx;
    this.mode = o.mode;
    this.#out = o.out;
    this.#fingerprints = o.fingerprints;
    this.previousSite = o.previous?.site ?? null;
    this.#previousDir = o.previous?.dir ?? null;
    this.#stamps = o.previous?.stamps ?? new Map();
    this.#previousGlobal = o.previous?.global ?? new Map();
  }

  /**
   * A plan against `previous` (null: everything is new). The previous release's units count when it was rendered
   * with the same content fingerprint (site address and compression); when by another version of the program, every
   * unit is rendered again (`all`), an unchanged one with the stamp it had (`./fingerprint.ts`).
   */
  static async open(
    ctx: BuildContext,
    o: {
      previous: PreviousRender | null;
      /** Where to write this release's render bookkeeping; null keeps none (a render outside a release store). */
      out: string | null;
      fingerprints: { program: string; content: string };
      mode?: PlanMode;
    },
  ): Promise<RenderPlan> {
    let previous = null;
    let mode = o.mode ?? "incremental";
    if (o.previous) {
      const info = await readJson<RenderInfo>(join(o.previous.dir, "render.json"));
      const sameProgram = info?.fingerprint === o.fingerprints.program;
      if (info?.format === 1 && (sameProgram || info.content === o.fingerprints.content)) {
        if (!sameProgram) mode = "all";
        const stamps = (await readJson<Record<string, Stamp>>(join(o.previous.dir, "stamps.json"))) ?? {};
        previous = {
          site: o.previous.site,
          dir: o.previous.dir,
          stamps: new Map(Object.entries(stamps)),
          global: await readUnits(unitsFile(o.previous.dir, GLOBAL_UNITS)),
        };
      }
    }
    if (o.out) await mkdir(join(o.out, "units"), { recursive: true });
    return new RenderPlan(ctx, {
      mode,
      out: o.out,
      fingerprints: o.fingerprints,
      previous,
    });
  }

  /** Where this release's render bookkeeping goes (null: none); the downloads keep their gzip pieces there. */
  get bookkeeping(): string | null {
    return this.#out;
  }

  /** The previous release's render bookkeeping, when its units count (same content fingerprint); else null. */
  get previousBookkeeping(): string | null {
    return this.#previousDir;
  }

  /** The fingerprint content keys are computed with (the content fingerprint: the options that reach the bytes). */
  get fingerprint(): string {
    return this.#fingerprints.content;
  }

  /** Units rendered and carried so far. */
  get counts(): { rendered: number; carried: number } {
    return { ...this.#counts };
  }

  /** Reads the previous release's units of one state; call before deciding that state's units. */
  async beginState(code: string): Promise<void> {
    this.#previousState = this.#previousDir ? await readUnits(unitsFile(this.#previousDir, code)) : new Map();
    this.#decided = new Map();
    this.#lines = [];
    this.#stateSlug = stateByCode(code).slug;
  }

  /**
   * Writes the state's units for the next release; the files of the previous release's units of the state that
   * were not decided (gone: a clinic no longer listed there, a city without clinics) go to `takeGone`.
   */
  async endState(code: string): Promise<void> {
    if (this.#out && this.#lines.length > 0) await writeUnits(unitsFile(this.#out, code), this.#lines);
    for (const [id, u] of this.#previousState)
      if (!this.#decided.has(id)) this.#gone.push(...unitFiles(u.kind, u.key, u.extra, this.#stateSlug));
    this.#previousState = new Map();
    this.#decided = new Map();
    this.#lines = [];
    this.#stateSlug = "";
  }

  /**
   * The files of the previous release that this release no longer has, found since the last call: those of units
   * gone, and those a unit rendered again no longer writes (a city with fewer pages, a clinic that moved city).
   */
  takeGone(): string[] {
    const gone = this.#gone;
    this.#gone = [];
    return gone;
  }

  /** The previous release's record of a unit of the current state (or a global one), if it had it. */
  previous(kind: UnitKind, key: string): UnitRecord | undefined {
    const id = unitId(kind, key);
    return (isGlobal(kind) ? this.#previousGlobal : this.#previousState).get(id);
  }

  /** The previous release's units of one kind in the current state (clinics it listed, for what was removed). */
  *previousOf(kind: UnitKind): Generator<UnitRecord> {
    for (const u of (isGlobal(kind) ? this.#previousGlobal : this.#previousState).values())
      if (u.kind === kind) yield u;
  }

  /** The decision already taken for a unit, if any (several emitters write the files of one unit). */
  decided(kind: UnitKind, key: string): Decision | undefined {
    return (isGlobal(kind) ? this.#globalDecided : this.#decided).get(unitId(kind, key));
  }

  /** The decision taken for a unit (`decideState` takes those of a state's clinics, cities and the state). */
  decision(kind: UnitKind, key: string): Decision {
    const d = this.decided(kind, key);
    if (!d) throw new Error(`no decision for the ${kind} ${key}: decide it first`);
    return d;
  }

  /**
   * Decides a unit from its content key and records it for the next release. Asking twice returns the first
   * decision.
   */
  decide(kind: UnitKind, key: string, content: string, extra = ""): Decision {
    const id = unitId(kind, key);
    const decided = isGlobal(kind) ? this.#globalDecided : this.#decided;
    const known = decided.get(id);
    if (known) return known;
    const before = this.previous(kind, key);
    const kept = before && before.content === content ? this.#stamps.get(before.stamp) : undefined;
    let decision: Decision;
    let stamp: string;
    if (before && kept) {
      stamp = before.stamp;
      const ctx = this.#ctx.at(kept);
      decision = this.mode === "all" ? { render: true, ctx } : { render: false, ctx };
    } else {
      stamp = stampId(this.#ctx.stamp);
      decision = { render: true, ctx: this.#ctx };
    }
    this.#referenced.add(stamp);
    if (decision.render) this.#counts.rendered++;
    else this.#counts.carried++;
    if (before && decision.render && before.extra !== extra) {
      const slug = isGlobal(kind) ? "" : this.#stateSlug;
      const now = new Set(unitFiles(kind, key, extra, slug));
      for (const f of unitFiles(kind, key, before.extra, slug)) if (!now.has(f)) this.#gone.push(f);
    }
    decided.set(id, decision);
    (isGlobal(kind) ? this.#globalLines : this.#lines).push(unitLine({ kind, key, extra, content, stamp }));
    return decision;
  }

  /**
   * Writes the bookkeeping of the units of no state, the stamps still in use, and the fingerprint; the files of
   * the previous release's networks and search shards that were not decided go to `takeGone`.
   */
  async finish(): Promise<void> {
    for (const [id, u] of this.#previousGlobal)
      if (!this.#globalDecided.has(id)) this.#gone.push(...unitFiles(u.kind, u.key, u.extra, ""));
    if (!this.#out) return;
    await writeUnits(unitsFile(this.#out, GLOBAL_UNITS), this.#globalLines);
    const current = stampId(this.#ctx.stamp);
    const stamps: Record<string, Stamp> = {};
    for (const id of [...this.#referenced].sort()) {
      const s = id === current ? this.#ctx.stamp : this.#stamps.get(id);
      if (s) stamps[id] = s;
    }
    await writeFile(join(this.#out, "stamps.json"), `${JSON.stringify(stamps)}\n`);
    const info: RenderInfo = {
      format: 1,
      fingerprint: this.#fingerprints.program,
      content: this.#fingerprints.content,
    };
    await writeFile(join(this.#out, "render.json"), `${JSON.stringify(info, null, 2)}\n`);
  }
}

const isGlobal = (kind: UnitKind) => kind === "network" || kind === "shard";

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}
