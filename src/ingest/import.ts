import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { spillStore } from "../dataset/spill-store.js";
import { StateSpill } from "../dataset/state-spill.js";
import type { CityRecord, ClinicRecord, Dataset } from "../dataset/types.js";
import { STATES } from "../geo/states.js";
import { collectGarbage } from "../util/collect-garbage.js";
import { dataVersion } from "./data-version.js";
import { NetworkSlugs } from "./networks/slugs.js";
import type { NormalisedRecord } from "./normalised.js";
import { type Problem, ProblemLog } from "./problems.js";
import type { Mapping } from "./profiles/index.js";
import type { Progress } from "./progress.js";
import { type FileSummary, readInputs } from "./stages/read.js";
import { type ResolveContext, type ResolvedState, resolveState } from "./stages/resolve.js";
import { REFERENCE_SOURCES, type Upstream, uniqueSources, upstreamOf } from "./upstream.js";

export type { FileSummary } from "./stages/read.js";

export interface ImportOptions {
  /** Input files, most trusted first: on duplicates, earlier files win. */
  inputs: readonly string[];
  /** Profile for every input; detected per file from its columns when absent. */
  profile?: Mapping;
  /** YYYY-MM-DD; see dataVersion() for the default. */
  dataVersion?: string;
  progress?: Progress;
  /** Folder for the temporary per-state files (default: the system's temporary folder). */
  tmpDir?: string;
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
 * file per state) → resolve (per state: de-duplicate, then networks, places, time zones and ids, each decided once)
 * → assemble (the data set, whose clinics stay in per-state files until `dataset.clinics.dispose()`).
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
    const read = await readInputs({ ...options, report }, normalised);
    const files = read.files;
    if (log.hasFatal) return { dataset: null, log, files };

    const stable = (r: NormalisedRecord) => (read.rowNumberIds.has(r.input) ? null : r.sourceId);
    const ctx: ResolveContext = {
      files: files.map((f) => f.path),
      stableSourceId: stable,
      idFromSourceId: (r) => (read.mappings[r.input]?.stable_source_ids ? stable(r) : null),
      inferred: read.prefixes.decide(),
      keptIds: new Set(),
      report,
    };
    const out = new StateSpill<ClinicRecord>(join(folder, "clinics"));
    const cities: CityRecord[] = [];
    const networks = new Set<string>();
    const merged: Record<string, number> = {};
    const repaired: Record<string, number> = {};
    const evidence: Record<string, number> = {};
    const rejected = { ...read.rejected };
    let repairedRecords = 0;
    let zipPlaced = 0;
    const networkSlugs = new NetworkSlugs();
    for (const s of STATES) {
      if (!normalised.states.has(s.code)) continue;
      const resolved: ResolvedState = { cities: [], merged: {}, unlocated: 0, repairs: [] };
      for (const c of resolveState(await normalised.read(s.code), ctx, resolved)) {
        if (c.network !== null) networks.add(c.network);
        const clash = c.network === null ? null : networkSlugs.check(c.network, c.provenance);
        if (clash) report(clash);
        if (c.network_evidence)
          evidence[c.network_evidence.kind] = (evidence[c.network_evidence.kind] ?? 0) + 1;
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

    const version = dataVersion(
      options.dataVersion,
      read.dates.newest,
      files.map((f, i) => [f.path, read.fileDates[i] ?? null]),
    );
    if (version.fromFile !== null)
      report({
        file: version.fromFile,
        row: 0,
        field: "date",
        code: "data_version_from_file_date",
        message: `no record carries a date of its own: the data version ${version.version} is this file's modification date, which changes when the file is copied; pass --data-version YYYY-MM-DD`,
        kind: "notice",
      });

    const upstream: Upstream[] = [];
    for (const [i, f] of files.entries()) {
      const mapping = read.mappings[i];
      if (!mapping) continue;
      const u = await upstreamOf(mapping, f.path);
      if (u === null)
        report({
          file: f.path,
          row: 0,
          field: "",
          code: "upstream_unknown",
          message:
            "our own export read without the downloads/manifest.json beside it: its original sources cannot be credited",
          kind: "notice",
        });
      else upstream.push(...u);
    }
    upstream.push(REFERENCE_SOURCES.places, REFERENCE_SOURCES.timezones);
    if (zipPlaced > 0) upstream.push(REFERENCE_SOURCES.zips);

    const sourceNames = [
      ...new Set(read.mappings.filter((m): m is Mapping => m !== null).map((m) => m.source)),
    ];
    const dataset: Dataset = {
      source: {
        name: sourceNames.join(" + ") || "Imported data",
        synthetic: false,
        description: `Real clinic records imported from ${files.length} file(s) (${sourceNames.join(", ")}), normalised, checked and de-duplicated by the ucd importer; see docs/ingest.md for every rule.`,
        files: files.map((f) => ({
          name: basename(f.path),
          format: f.format,
          records: f.records,
          date: f.date,
        })),
        upstream: uniqueSources(upstream),
      },
      dataVersion: version.version,
      recordDates: read.dates,
      clinics: store,
      cities: cities.sort((a, b) => cmp(a.state, b.state) || cmp(a.slug, b.slug)),
      networks: [...networks].sort().map((name) => ({ name, wikidata: null })),
      report: { read: read.read, rejected, repaired, merged, repairedRecords, networkEvidence: evidence },
    };
    keep = true;
    return { dataset, log, files };
  } finally {
    if (!keep) await rm(folder, { recursive: true, force: true });
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
