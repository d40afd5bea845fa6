import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spillStore } from "../dataset/spill-store.js";
import { StateSpill } from "../dataset/state-spill.js";
import type { ClinicRecord, Dataset, WithheldPlace } from "../dataset/types.js";
import type { PlaceKind } from "../schema/evidence.js";
import { processFolder } from "../util/process-folder.js";
import type { UrgentCareList } from "./alltheplaces/urgent-care.js";
import { respelled } from "./networks/spelling.js";
import { type Problem, ProblemLog } from "./problems.js";
import type { Mapping } from "./profiles/index.js";
import type { Progress } from "./progress.js";
import { codeVersion } from "./reuse/code-version.js";
import { PreviousRows } from "./reuse/previous.js";
import { type Snapshot, writeSnapshotInfo } from "./snapshot.js";
import { assemble } from "./stages/assemble.js";
import { type FileSummary, readInputs, type SpilledRow } from "./stages/read.js";
import { resolveContext } from "./stages/resolve.js";
import { resolveStates } from "./stages/states.js";
import { updateBase, withKeptPrefixes } from "./stages/update-base.js";
import { ImportTrace } from "./trace.js";

export type { FileSummary } from "./stages/read.js";

/** The prefix of an import's temporary folder (`ucd-import-<pid>-XXXXXX`, in `tmpDir` or the system's). */
export const IMPORT_FOLDER = "ucd-import-";

export interface ImportOptions {
  /** Input files, most trusted first: on duplicates within a source, earlier files win. */
  inputs: readonly string[];
  /** Profile for every input without one of its own; detected per file from its columns when absent. */
  profile?: Mapping;
  /** The profile of each input, by position (`--input FILE --profile P`); over `profile`. */
  profiles?: readonly (Mapping | undefined)[];
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
  /** All The Places runs: which spiders and brands are urgent care besides the category (default: the built-in list). */
  atpList?: UrgentCareList;
  /**
   * The source records of the last release: an update among the inputs (a weekly NPPES file, a deactivation
   * report) is applied to them; a full input ignores them but for the NPIs, whose lines it reads to see them go.
   */
  base?: Snapshot | null;
  /**
   * The snapshot of the last import of these inputs (the release's `state/sources/`): a row whose key is one of its
   * rows' — same values, same layout, same code — takes that import's record instead of being normalised again.
   * The data set is the one a full import gives, to every field.
   */
  previous?: Snapshot | null;
  /**
   * Threads of the states stage: 1 resolves every state in this one; 2 (the default, from the environment variable
   * `UCD_IMPORT_THREADS` when set) shares them with a worker once the import is large enough to be spilled to disk
   * (more than 20,000 records) — or, given explicitly, whatever its size.
   */
  threads?: number;
  /** Read an update on its own, without a release to apply it to (`ucd validate`), instead of refusing it. */
  updatesAlone?: boolean;
  /** Apply an update older than the release it applies to (a rollback on purpose) instead of refusing it. */
  allowOlder?: boolean;
  /** How to read an input that is not UTF-8: a WHATWG encoding label (`windows-1252`, `utf-16le`). */
  encoding?: string;
  /** The field separator of CSV inputs (`,`, `|`, `;`, a tab…); detected from each header when absent. */
  delimiter?: string;
  /**
   * Kinds of place to publish besides walk-in urgent care (`--keep-kind`): each then says its kind everywhere. By
   * default every other place is left out, and listed in the report with its reason and evidence.
   */
  keepKinds?: readonly PlaceKind[];
}

export interface ImportResult {
  /** The canonical data set; null when a file could not be read or nothing can be published (fatal problems). */
  dataset: Dataset | null;
  log: ProblemLog;
  files: FileSummary[];
  /** Rows that took the previous import's record instead of being normalised again (`previous`). */
  reused?: number;
  /** Places not published for their kind, with their reason and evidence (for the import's report). */
  withheld?: WithheldPlace[];
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
  const trace = ImportTrace.fromEnv();
  // Named after this process: the next import removes it if this one is killed (it holds GiBs at 1M records).
  const folder = await processFolder(options.tmpDir ?? tmpdir(), IMPORT_FOLDER);
  let keep = false;
  try {
    const threads = importThreads(options.threads);
    // Two threads may share the states: what a worker reads and writes must be on disk (from the first row when
    // asked for; else a larger import spills anyway).
    const hold = threads.forced ? { hold: false } : {};
    const normalised = new StateSpill<SpilledRow>(join(folder, "normalised"), hold);
    const read = await readInputs(
      {
        ...options,
        report,
        code: await codeVersion(),
        // Its index of rows (an entry of ~220 bytes per record of the previous import; at 1M, the read stage peaks
        // at 823–943 MiB with it, 423 without) is the read stage's only, and garbage once it returns: the states
        // stage reads the previous records from the snapshot itself.
        previous: options.previous ? new PreviousRows(options.previous) : null,
        nppes: {
          ...(options.taxonomies ? { taxonomies: options.taxonomies } : {}),
          ...(options.base ? { watch: options.base.npis } : {}),
        },
        ...(options.atpList ? { alltheplaces: { list: options.atpList } } : {}),
        overture: {
          ...(options.categories ? { categories: options.categories } : {}),
          ...(options.minConfidence === undefined ? {} : { minConfidence: options.minConfidence }),
        },
      },
      normalised,
    );
    trace.mark("read", `${read.read} rows, ${read.reused} reused`);
    const files = read.files;
    if (log.hasFatal) return { dataset: null, log, files };
    const base = updateBase(
      read,
      options.base ?? null,
      { alone: options.updatesAlone === true, allowOlder: options.allowOlder === true },
      report,
    );
    if (log.hasFatal) return { dataset: null, log, files };

    const inferred = (base ? await withKeptPrefixes(read.prefixes, base) : read.prefixes).decide();
    const snapshot = join(folder, "sources");
    const ctx = resolveContext(read.rowNumberIds, inferred, options.keepKinds ?? []);
    const out = new StateSpill<ClinicRecord>(
      join(folder, "clinics"),
      normalised.holding ? {} : { hold: false },
    );
    const states = await resolveStates(
      {
        spill: normalised,
        previous: options.previous ?? null,
        base,
        rowNumberIds: read.rowNumberIds,
        ctx,
        snapshot,
        read: read.read,
        // Ids of our own exports are kept across states, in their order: one thread then.
        threaded: threads.count > 1 && read.keptIds === 0,
        report,
      },
      out,
    );
    trace.mark("states", `${out.states.size} states`);
    await rm(join(folder, "normalised"), { recursive: true, force: true });
    if (log.hasFatal) return { dataset: null, log, files };

    const store = respelled(spillStore(out, folder), states.spellings);
    if (store.size === 0) {
      report({
        file: files[0]?.path ?? "",
        row: 0,
        field: "",
        code: "nothing_to_publish",
        message: `no record can be published (${read.read} read, all rejected or merged): refusing to replace a published data set with an empty one. Run ucd validate on the inputs to see why each record was rejected (--report FILE.json lists them), then fix the input or its profile`,
        kind: "fatal",
      });
      return { dataset: null, log, files };
    }
    const dates = { ...read.dates };
    for (const d of [states.dates.oldest, states.dates.newest]) if (d !== null) widen(dates, d);
    const rejected = { ...read.rejected };
    if (states.unlocated) rejected.no_location = (rejected.no_location ?? 0) + states.unlocated;
    // A place not published for its kind counts once, whatever records were merged into it (they count as merged).
    if (states.withheld.length) rejected.not_walk_in = (rejected.not_walk_in ?? 0) + states.withheld.length;
    const dataset = await assemble(
      read,
      {
        clinics: store,
        cities: states.cities,
        networks: states.networks,
        wikidata: states.wikidata,
        dates,
        zipPlaced: states.zipPlaced,
        snapshot,
        report: {
          read: read.read,
          carried: states.carried,
          replaced: base?.replaced ?? 0,
          rejected,
          repaired: states.repaired,
          merged: states.merged,
          repairedRecords: states.repairedRecords,
          networkEvidence: states.evidence,
          places: states.places,
          keptKinds: [...ctx.keepKinds].sort(),
        },
      },
      {
        ...(options.dataVersion === undefined ? {} : { dataVersion: options.dataVersion }),
        base: base ? base.snapshot : null,
        report,
      },
    );
    await writeSnapshotInfo(snapshot, {
      npis: states.npis,
      upstream: dataset.source.upstream,
      dataVersion: dataset.dataVersion,
      layouts: [...read.layouts.filter((l): l is string => l !== null), ...(base?.snapshot.layouts ?? [])],
    });
    trace.mark("assemble");
    keep = true;
    return { dataset, log, files, reused: read.reused, withheld: states.withheld };
  } finally {
    if (!keep) await rm(folder, { recursive: true, force: true });
  }
}

/** The threads of the states stage, and whether they were asked for (whatever the size of the import). */
function importThreads(option: number | undefined): { count: number; forced: boolean } {
  const env = process.env.UCD_IMPORT_THREADS;
  const asked = option ?? (env === undefined || env === "" ? undefined : Number(env));
  if (asked === undefined || !Number.isInteger(asked) || asked < 1) return { count: 2, forced: false };
  return { count: Math.min(asked, 2), forced: asked > 1 };
}

function widen(dates: { oldest: string | null; newest: string | null }, date: string): void {
  if (dates.oldest === null || date < dates.oldest) dates.oldest = date;
  if (dates.newest === null || date > dates.newest) dates.newest = date;
}
