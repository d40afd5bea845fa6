import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spillStore } from "../dataset/spill-store.js";
import { StateSpill } from "../dataset/state-spill.js";
import type { CityRecord, ClinicRecord, Dataset } from "../dataset/types.js";
import { STATES } from "../geo/states.js";
import { collectGarbage } from "../util/collect-garbage.js";
import type { PrefixCounts } from "./networks/infer.js";
import { NetworkSlugs } from "./networks/slugs.js";
import type { NormalisedRecord } from "./normalised.js";
import { type Problem, ProblemLog } from "./problems.js";
import type { Mapping } from "./profiles/index.js";
import type { Progress } from "./progress.js";
import { readSnapshotState, type Snapshot, writeSnapshotInfo, writeSnapshotState } from "./snapshot.js";
import { assemble } from "./stages/assemble.js";
import { type FileSummary, type ReadResult, readInputs } from "./stages/read.js";
import { type ResolveContext, type ResolvedState, resolveState } from "./stages/resolve.js";

export type { FileSummary } from "./stages/read.js";

export interface ImportOptions {
  /** Input files, most trusted first: on duplicates within a source, earlier files win. */
  inputs: readonly string[];
  /** Profile for every input; detected per file from its columns when absent. */
  profile?: Mapping;
  /** YYYY-MM-DD; see dataVersion() for the default. */
  dataVersion?: string;
  progress?: Progress;
  /** Folder for the temporary per-state files (default: the system's temporary folder). */
  tmpDir?: string;
  /** NPPES: the taxonomy codes of the clinics to keep (default: urgent care, 261QU0200X). */
  taxonomies?: readonly string[];
  /** Overture places: categories to keep besides urgent care (`walk_in_clinic`). */
  categories?: readonly string[];
  /** Overture places: the lowest confidence kept (default 0.5). */
  minConfidence?: number;
  /**
   * The source records of the last release: an update among the inputs (a weekly NPPES file, a deactivation
   * report) is applied to them; a full input ignores them but for the NPIs, whose lines it reads to see them go.
   */
  base?: Snapshot | null;
  /** Read an update on its own, without a release to apply it to (`ucd validate`), instead of refusing it. */
  updatesAlone?: boolean;
  /** How to read an input that is not UTF-8: a WHATWG encoding label (`windows-1252`, `utf-16le`). */
  encoding?: string;
}

export interface ImportResult {
  /** The canonical data set; null when a file could not be read or nothing can be published (fatal problems). */
  dataset: Dataset | null;
  log: ProblemLog;
  files: FileSummary[];
}

/**
 * Imports the inputs in typed stages, collecting every problem: read (stream, normalise each row, spill to one
 * file per state) → for an update, the last release's source records that it does not replace → per state:
 * de-duplicate each source, merge the sources, then networks, places, time zones and ids, each decided once →
 * assemble (the data set, whose clinics stay in per-state files until `dataset.clinics.dispose()`, with the
 * source records kept for the next update).
 * @example
 * const { dataset, log } = await importFiles({ inputs: ["hifld.csv"] });
 * if (dataset) try { await buildSite(dataset, "public", { siteUrl }); } finally { await dataset.clinics.dispose(); }
 */
export async function importFiles(options: ImportOptions): Promise<ImportResult> {
  const log = new ProblemLog();
  const report = (p: Problem) => log.add(p);
  const folder = await mkdtemp(join(options.tmpDir ?? tmpdir(), "ucd-import-"));
  let keep = false;
  try {
    const normalised = new StateSpill<NormalisedRecord>(join(folder, "normalised"));
    const read = await readInputs(
      {
        ...options,
        report,
        nppes: {
          ...(options.taxonomies ? { taxonomies: options.taxonomies } : {}),
          ...(options.base ? { watch: options.base.npis } : {}),
        },
        overture: {
          ...(options.categories ? { categories: options.categories } : {}),
          ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
        },
      },
      normalised,
    );
    const files = read.files;
    if (log.hasFatal) return { dataset: null, log, files };
    const base = updateBase(read, options.base ?? null, options.updatesAlone === true, report);
    if (log.hasFatal) return { dataset: null, log, files };

    const stable = (r: NormalisedRecord) => (read.rowNumberIds.has(r.input) ? null : r.sourceId);
    const ctx: ResolveContext = {
      stableSourceId: stable,
      idFromSourceId: (r) => (r.stableId ? stable(r) : null),
      inferred: (base ? await withKeptPrefixes(read.prefixes, base) : read.prefixes).decide(),
      keptIds: new Set(),
      report,
    };
    const snapshot = join(folder, "sources");
    const out = new StateSpill<ClinicRecord>(join(folder, "clinics"));
    const cities: CityRecord[] = [];
    const networks = new Set<string>();
    // Wikidata items that brand evidence gives each network, counted: a network's id comes only from them.
    const wikidata = new Map<string, Map<string, number>>();
    const npis = new Set<string>();
    const merged: Record<string, number> = {};
    const repaired: Record<string, number> = {};
    const evidence: Record<string, number> = {};
    const rejected = { ...read.rejected };
    const dates = { ...read.dates };
    let repairedRecords = 0;
    let zipPlaced = 0;
    let carried = 0;
    const networkSlugs = new NetworkSlugs();
    for (const s of STATES) {
      const own = normalised.states.has(s.code) ? await normalised.read(s.code) : [];
      const kept = base ? await base.records(s.code, read.read + carried) : [];
      if (own.length === 0 && kept.length === 0) continue;
      carried += kept.length;
      // The source records as the next update will read them: row numbers never kept as source ids.
      const records = [...own.map((r) => ({ ...r, sourceId: stable(r) })), ...kept];
      await writeSnapshotState(snapshot, s.code, records);
      for (const r of records) {
        if (r.npi !== null) npis.add(r.npi);
        if (r.date !== null && r.input < 0) widen(dates, r.date);
      }
      const resolved: ResolvedState = { cities: [], merged: {}, unlocated: 0, repairs: [] };
      for (const c of resolveState(records, ctx, resolved)) {
        if (c.network !== null) networks.add(c.network);
        const clash = c.network === null ? null : networkSlugs.check(c.network, c.provenance);
        if (clash) report(clash);
        if (c.network_evidence)
          evidence[c.network_evidence.kind] = (evidence[c.network_evidence.kind] ?? 0) + 1;
        const item = c.network_evidence?.wikidata;
        if (c.network !== null && item) {
          const counts = wikidata.get(c.network) ?? new Map<string, number>();
          counts.set(item, (counts.get(item) ?? 0) + 1);
          wikidata.set(c.network, counts);
        }
        if (c.coordinates_source === "zip_centroid") zipPlaced++;
        await out.add(c.state, c);
      }
      cities.push(...resolved.cities);
      collectGarbage();
      for (const [k, n] of Object.entries(resolved.merged)) merged[k] = (merged[k] ?? 0) + n;
      if (resolved.unlocated) rejected.no_location = (rejected.no_location ?? 0) + resolved.unlocated;
      resolved.repairs.forEach((codes) => {
        if (codes.length) repairedRecords++;
        for (const code of codes) repaired[code] = (repaired[code] ?? 0) + 1;
      });
    }
    await out.flush();
    await rm(join(folder, "normalised"), { recursive: true, force: true });
    if (log.hasFatal) return { dataset: null, log, files };

    const store = spillStore(out, folder);
    if (store.size === 0) {
      report({
        file: files[0]?.path ?? "",
        row: 0,
        field: "",
        code: "nothing_to_publish",
        message: `no record can be published (${read.read} read, all rejected or merged): refusing to replace a published data set with an empty one`,
        kind: "fatal",
      });
      return { dataset: null, log, files };
    }
    const dataset = await assemble(
      read,
      {
        clinics: store,
        cities,
        networks,
        wikidata,
        dates,
        zipPlaced,
        snapshot,
        report: {
          read: read.read,
          carried,
          replaced: base?.replaced ?? 0,
          rejected,
          repaired,
          merged,
          repairedRecords,
          networkEvidence: evidence,
        },
      },
      {
        ...(options.dataVersion === undefined ? {} : { dataVersion: options.dataVersion }),
        base: base ? base.snapshot : null,
        report,
      },
    );
    await writeSnapshotInfo(snapshot, {
      npis,
      upstream: dataset.source.upstream,
      dataVersion: dataset.dataVersion,
    });
    keep = true;
    return { dataset, log, files };
  } finally {
    if (!keep) await rm(folder, { recursive: true, force: true });
  }
}

/** The last release's records an update keeps, state by state, and how many it replaced. */
interface UpdateBase {
  snapshot: Snapshot;
  /** One state's records not replaced by the update, numbered after the `from` records read. */
  records(state: string, from: number): Promise<NormalisedRecord[]>;
  /** The same records, as they were kept (not numbered, not counted as replaced). */
  kept(state: string): Promise<NormalisedRecord[]>;
  readonly replaced: number;
}

/**
 * The brand prefixes of the records read and of those an update keeps from the last release: a network inferred
 * from "Brand - Place" names is decided over the whole data set, and a weekly file alone lists a few of its clinics
 * at most — counted alone, every such network would vanish from the clinics the week did not touch.
 */
async function withKeptPrefixes(read: PrefixCounts, base: UpdateBase): Promise<PrefixCounts> {
  const all = read.copy();
  for (const s of STATES)
    for (const r of await base.kept(s.code))
      if (r.brandPrefix !== null) all.add(r.brandPrefix, r.state, r.city);
  return all;
}

/**
 * Whether the inputs are an update, and if so the base they apply to: the last release's source records, minus
 * those of the NPIs the update decides (its clinics, deactivations, NPIs no longer urgent care) and of the source
 * ids it gives again. An update with no last release to apply to is fatal; full inputs need no base.
 */
function updateBase(
  read: ReadResult,
  snapshot: Snapshot | null,
  alone: boolean,
  report: (p: Problem) => void,
): UpdateBase | null {
  const updates = read.facts.flatMap((f, i) => (f?.update ? [i] : []));
  if (updates.length === 0) return null;
  if (snapshot === null) {
    for (const i of updates)
      report({
        file: read.files[i]?.path ?? "",
        row: 0,
        field: "",
        code: alone ? "update_read_alone" : "update_without_release",
        message: alone
          ? "this file holds changes (a weekly NPPES file or a deactivation report) that a build applies on top of the last release; read here on its own"
          : "this file holds changes (a weekly NPPES file or a deactivation report) that apply on top of the last release, and the output has none that kept its source records: build from a full monthly file first",
        kind: alone ? "notice" : "fatal",
      });
    return null;
  }
  const npis = new Set(updates.flatMap((i) => read.facts[i]?.npis ?? []));
  let replaced = 0;
  return {
    snapshot,
    get replaced() {
      return replaced;
    },
    async records(state, from) {
      const out: NormalisedRecord[] = [];
      for (const r of await readSnapshotState(snapshot, state)) {
        if (r.npi !== null && npis.has(r.npi)) {
          replaced++;
          continue;
        }
        out.push({ ...r, input: -1, order: from + out.length });
      }
      return out;
    },
    async kept(state) {
      return (await readSnapshotState(snapshot, state)).filter((r) => r.npi === null || !npis.has(r.npi));
    },
  };
}

function widen(dates: { oldest: string | null; newest: string | null }, date: string): void {
  if (dates.oldest === null || date < dates.oldest) dates.oldest = date;
  if (dates.newest === null || date > dates.newest) dates.newest = date;
}
