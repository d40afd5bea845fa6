import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BuildContext } from "../context.js";
import { type Stamp, stampId } from "../stamp.js";
import {
  type LedgerKind,
  RELEASE_UNITS,
  readUnits,
  type UnitRecord,
  unitId,
  unitLine,
  unitsFile,
  writeUnits,
} from "./bookkeeping.js";

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
 * - `incremental`: a unit whose content key is the previous release's is carried (its files stay as they are),
 *   the others are rendered with this release's stamp;
 * - `all`: every unit is rendered, an unchanged one with the stamp it had (the same bytes as carrying it): the
 *   same release, the slow way, to check the incremental one against (test/incremental.test.ts).
 */
export type LedgerMode = "incremental" | "all";

/**
 * What to do with one unit: render it, or carry it; `ctx` has the stamp its files show (this release's, or the one
 * the unit had: what a file of the whole release that shows the unit's last change reads, as the standards' bulk
 * files do).
 */
export type Decision = { render: true; ctx: BuildContext } | { render: false; ctx: BuildContext };

/**
 * A unit of the previous release whose files this release no longer has, in part or whole: one that is gone (`now`
 * null), or one rendered again with another `extra` (a city with fewer pages, a clinic that moved city), whose
 * files are those of its old record less those of its new one.
 */
export interface Retired<K extends LedgerKind = LedgerKind> {
  before: UnitRecord<K>;
  now: UnitRecord<K> | null;
  /** The slug of its US state ("" for a unit of the whole release). */
  state: string;
}

/**
 * The ledger of units: content keys in, decisions out, and the bookkeeping the next release reads. For every unit it
 * compares the content key with the one the previous release recorded: equal → carry (its files stay), different or
 * new → render with this release's stamp. A full build is this with no previous release (every unit new). It keeps
 * the new release's bookkeeping as units are decided (one file per US state, one for the rest) and knows no output
 * format: which files a unit has is its kind's business (`src/render/units/`).
 * @example const ledger = await Ledger.open(ctx, { kinds, previous, out: join(bookkeeping), fingerprints: f });
 */
export class Ledger<K extends LedgerKind = LedgerKind> {
  readonly mode: LedgerMode;
  readonly #ctx: BuildContext;
  readonly #kinds: ReadonlyMap<string, K>;
  readonly #out: string | null;
  readonly #fingerprints: { program: string; content: string };
  readonly #previousDir: string | null;
  readonly #stamps: Map<string, Stamp>;
  readonly #referenced = new Set<string>();
  #previousState = new Map<string, UnitRecord<K>>();
  readonly #previousRelease: Map<string, UnitRecord<K>>;
  #decided = new Map<string, Decision>();
  readonly #releaseDecided = new Map<string, Decision>();
  #lines: string[] = [];
  readonly #releaseLines: string[] = [];
  #counts = { rendered: 0, carried: 0 };
  /** The slug of the US state being decided ("" between states). */
  #stateSlug = "";
  #retired: Retired<K>[] = [];

  private constructor(
    ctx: BuildContext,
    o: {
      kinds: ReadonlyMap<string, K>;
      mode: LedgerMode;
      out: string | null;
      fingerprints: { program: string; content: string };
      previous: { dir: string; stamps: Map<string, Stamp>; units: Map<string, UnitRecord<K>> } | null;
    },
  ) {
    this.#ctx = ctx;
    this.#kinds = o.kinds;
    this.mode = o.mode;
    this.#out = o.out;
    this.#fingerprints = o.fingerprints;
    this.#previousDir = o.previous?.dir ?? null;
    this.#stamps = o.previous?.stamps ?? new Map();
    this.#previousRelease = o.previous?.units ?? new Map();
  }

  /**
   * A ledger against the previous release's bookkeeping `previous` (null: everything is new). The previous
   * release's units count when it was rendered with the same content fingerprint (site address and compression);
   * when by another version of the program, every unit is rendered again (`all`), an unchanged one with the stamp
   * it had (`./fingerprint.ts`).
   */
  static async open<K extends LedgerKind>(
    ctx: BuildContext,
    o: {
      kinds: readonly K[];
      /** The previous release's render bookkeeping (`bookkeeping/render/` of a release), or null. */
      previous: string | null;
      /** Where to write this release's render bookkeeping; null keeps none (a render outside a release store). */
      out: string | null;
      fingerprints: { program: string; content: string };
      mode?: LedgerMode;
    },
  ): Promise<Ledger<K>> {
    const kinds = new Map<string, K>();
    for (const k of o.kinds) {
      const other = kinds.get(k.code);
      if (other) throw new Error(`unit kinds ${other.name} and ${k.name} share the code ${k.code}`);
      kinds.set(k.code, k);
    }
    let previous = null;
    let mode = o.mode ?? "incremental";
    if (o.previous) {
      const info = await readJson<RenderInfo>(join(o.previous, "render.json"));
      const sameProgram = info?.fingerprint === o.fingerprints.program;
      if (info?.format === 1 && (sameProgram || info.content === o.fingerprints.content)) {
        if (!sameProgram) mode = "all";
        const stamps = (await readJson<Record<string, Stamp>>(join(o.previous, "stamps.json"))) ?? {};
        previous = {
          dir: o.previous,
          stamps: new Map(Object.entries(stamps)),
          units: await readUnits(unitsFile(o.previous, RELEASE_UNITS), kinds),
        };
      }
    }
    if (o.out) await mkdir(join(o.out, "units"), { recursive: true });
    return new Ledger<K>(ctx, { kinds, mode, out: o.out, fingerprints: o.fingerprints, previous });
  }

  /** Where this release's render bookkeeping goes (null: none); the search index keeps its own there too. */
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

  /** Reads the previous release's units of one US state; call before deciding that state's units. */
  async beginState(code: string, slug: string): Promise<void> {
    this.#previousState = this.#previousDir
      ? await readUnits(unitsFile(this.#previousDir, code), this.#kinds)
      : new Map();
    this.#decided = new Map();
    this.#lines = [];
    this.#stateSlug = slug;
  }

  /**
   * Writes the state's units for the next release; the previous release's units of the state that were not
   * decided (gone: a clinic no longer listed there, a city without clinics) are retired (`takeRetired`).
   */
  async endState(code: string): Promise<void> {
    if (this.#out && this.#lines.length > 0) await writeUnits(unitsFile(this.#out, code), this.#lines);
    for (const [id, u] of this.#previousState)
      if (!this.#decided.has(id)) this.#retired.push({ before: u, now: null, state: this.#stateSlug });
    this.#previousState = new Map();
    this.#decided = new Map();
    this.#lines = [];
    this.#stateSlug = "";
  }

  /** The units of the previous release retired since the last call (gone, or rendered again in another shape). */
  takeRetired(): Retired<K>[] {
    const retired = this.#retired;
    this.#retired = [];
    return retired;
  }

  /** The previous release's record of a unit of the current state (or of the release), if it had it. */
  previous(kind: K, key: string): UnitRecord<K> | undefined {
    return (kind.scope === "release" ? this.#previousRelease : this.#previousState).get(unitId(kind, key));
  }

  /** The previous release's units of one kind in the current state (clinics it listed, for what was removed). */
  *previousOf(kind: K): Generator<UnitRecord<K>> {
    for (const u of (kind.scope === "release" ? this.#previousRelease : this.#previousState).values())
      if (u.kind === kind) yield u;
  }

  /** The decision already taken for a unit, if any. */
  decided(kind: K, key: string): Decision | undefined {
    return (kind.scope === "release" ? this.#releaseDecided : this.#decided).get(unitId(kind, key));
  }

  /**
   * Decides a unit from its content key and records it for the next release. Asking twice returns the first
   * decision.
   */
  decide(kind: K, key: string, content: string, extra = ""): Decision {
    const id = unitId(kind, key);
    const decided = kind.scope === "release" ? this.#releaseDecided : this.#decided;
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
    const now: UnitRecord<K> = { kind, key, extra, content, stamp };
    if (before && decision.render && before.extra !== extra)
      this.#retired.push({ before, now, state: kind.scope === "release" ? "" : this.#stateSlug });
    decided.set(id, decision);
    (kind.scope === "release" ? this.#releaseLines : this.#lines).push(unitLine(now));
    return decision;
  }

  /**
   * Writes the bookkeeping of the units of the whole release, the stamps still in use, and the fingerprint; the
   * previous release's units of the whole release that were not decided are retired.
   */
  async finish(): Promise<void> {
    for (const [id, u] of this.#previousRelease)
      if (!this.#releaseDecided.has(id)) this.#retired.push({ before: u, now: null, state: "" });
    if (!this.#out) return;
    await writeUnits(unitsFile(this.#out, RELEASE_UNITS), this.#releaseLines);
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

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}
