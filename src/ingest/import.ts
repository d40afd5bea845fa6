import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { hoursFrom } from "../dataset/hours-text.js";
import { memoryStore } from "../dataset/store.js";
import type { ClinicRecord, Dataset } from "../dataset/types.js";
import { timezoneAt } from "../geo/timezone.js";
import { clinicId } from "../util/id.js";
import { type Candidate, splitProvenance } from "./candidate.js";
import { resolveCities } from "./cities.js";
import { dataVersion } from "./data-version.js";
import { dedupe } from "./dedupe/index.js";
import { resolveBrandPrefixes } from "./networks/resolve-prefixes.js";
import { normaliseRow } from "./normalise-row.js";
import { FatalInputError, type Problem, ProblemLog } from "./problems.js";
import { detectProfile, type Mapping } from "./profiles/index.js";
import type { Progress } from "./progress.js";
import { formatOf, readRecords } from "./readers/index.js";
import { bindMapping } from "./row-access.js";

export interface ImportOptions {
  /** Input files, most trusted first: on duplicates, earlier files win. */
  inputs: readonly string[];
  /** Profile for every input; detected per file from its columns when absent. */
  profile?: Mapping;
  /** YYYY-MM-DD; see dataVersion() for the default. */
  dataVersion?: string;
  progress?: Progress;
}

/** What was read from one input file. */
export interface FileSummary {
  path: string;
  format: string;
  profile: string | null;
  /** Records read (including rejected ones). */
  records: number;
  /** Newest record date, else the file's modification date (YYYY-MM-DD). */
  date: string | null;
}

export interface ImportResult {
  /** The canonical data set; null when a file could not be read (a fatal problem). */
  dataset: Dataset | null;
  log: ProblemLog;
  files: FileSummary[];
}

/**
 * Reads, normalises, checks and de-duplicates the inputs into a canonical data set, collecting every problem.
 * @example
 * const { dataset, log } = await importFiles({ inputs: ["hifld.csv"] });
 * if (dataset) await buildSite(dataset, "public", { siteUrl });
 */
export async function importFiles(options: ImportOptions): Promise<ImportResult> {
  const log = new ProblemLog();
  const report = (p: Problem) => log.add(p);
  const candidates: Candidate[] = [];
  const files: FileSummary[] = [];
  const mappings: Mapping[] = [];
  const recordDates: (string | null)[] = [];
  const fileDates: string[] = [];
  let read = 0;
  let order = 0;

  for (const path of options.inputs) {
    const summary: FileSummary = {
      path,
      format: formatOf(path) ?? "unknown",
      profile: null,
      records: 0,
      date: null,
    };
    files.push(summary);
    const fatal = (code: string, message: string, row = 0) =>
      report({ file: path, row, field: "", code, message, kind: "fatal" });
    let mtime: Date;
    try {
      const s = await stat(path);
      if (!s.isFile()) {
        fatal("file_unreadable", "not a file");
        continue;
      }
      mtime = s.mtime;
    } catch (e) {
      fatal("file_unreadable", `cannot read the file: ${(e as Error).message}`);
      continue;
    }
    const format = formatOf(path);
    if (!format) {
      fatal("unknown_format", "unknown file type: use .csv, .json (array), .ndjson/.jsonl or .parquet");
      continue;
    }
    let newest: string | null = null;
    const onRowProblem = (row: number, code: string, message: string) => {
      read++;
      summary.records++;
      report({ file: path, row, field: "", code, message, kind: "rejected" });
    };
    const events = readRecords(path, format, onRowProblem);
    try {
      let bound: ReturnType<typeof bindMapping> | undefined;
      for await (const e of events) {
        if (e.type === "columns") {
          const mapping = options.profile ?? detectProfile(e.columns);
          if (!mapping) {
            fatal(
              "unknown_profile",
              `cannot tell the layout from the columns (${e.columns.slice(0, 8).join(", ")}…): pass --profile hifld, canonical or a mapping file`,
            );
            break;
          }
          bound = bindMapping(mapping, e.columns);
          summary.profile = mapping.name;
          if (bound.missing.length) {
            const want = bound.missing
              .map((f) => `${f} (${[mapping.columns[f] ?? f].flat().join(" or ")})`)
              .join(", ");
            fatal("missing_columns", `required column(s) missing for profile ${mapping.name}: ${want}`);
            break;
          }
          if (!mappings.includes(mapping)) mappings.push(mapping);
          continue;
        }
        if (!bound) continue;
        read++;
        summary.records++;
        const c = normaliseRow(bound, e.values, { file: path, row: e.row, order: order++, report });
        if (c) {
          candidates.push(c);
          if (c.date !== null && (newest === null || c.date > newest)) newest = c.date;
        }
        if ((summary.records & 1023) === 0) options.progress?.update(`reading ${path}`, summary.records);
      }
    } catch (e) {
      if (!(e instanceof FatalInputError)) throw e;
      report({ ...e.problem, kind: "fatal" });
    } finally {
      await events.return(undefined);
      options.progress?.done();
    }
    recordDates.push(newest);
    const fileDate = mtime.toISOString().slice(0, 10);
    fileDates.push(fileDate);
    summary.date = newest ?? fileDate;
  }

  if (log.hasFatal) return { dataset: null, log, files };

  const { clinics: unique, merged } = dedupe(candidates, report);
  resolveBrandPrefixes(unique);
  const { cities, unlocated } = resolveCities(unique);
  const lost = new Set(unlocated);
  for (const c of unlocated) {
    const [file, row] = splitProvenance(c.provenance[0] as string);
    report({
      file,
      row,
      field: "city",
      code: "no_location",
      message: `no coordinates and "${c.city}" is not a known place in ${c.state}: cannot be placed; skipped`,
      kind: "rejected",
    });
  }
  const centres = new Map(cities.map((c) => [`${c.state}/${c.slug}`, c]));
  const published = unique.filter((c) => !lost.has(c));
  const clinics = uniqueIds(published, report).map((c) =>
    toClinicRecord(c, centres.get(`${c.state}/${c.citySlug}`)),
  );
  clinics.sort(
    (a, b) =>
      cmp(a.state, b.state) || cmp(a.city_slug, b.city_slug) || cmp(a.name, b.name) || cmp(a.id, b.id),
  );

  const rejected: Record<string, number> = {};
  for (const p of log.problems) if (p.kind === "rejected") rejected[p.code] = (rejected[p.code] ?? 0) + 1;
  const repaired: Record<string, number> = {};
  for (const c of published) for (const code of c.repairs) repaired[code] = (repaired[code] ?? 0) + 1;

  const sourceNames = [...new Set(mappings.map((m) => m.source))];
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
      upstream: [],
    },
    dataVersion: dataVersion(options.dataVersion, recordDates, fileDates),
    recordDates: {
      oldest: clinics.reduce<string | null>(
        (a, c) => (c.date !== null && (a === null || c.date < a) ? c.date : a),
        null,
      ),
      newest: clinics.reduce<string | null>(
        (a, c) => (c.date !== null && (a === null || c.date > a) ? c.date : a),
        null,
      ),
    },
    clinics: memoryStore(clinics),
    cities,
    networks: [...new Set(clinics.map((c) => c.network).filter((n): n is string => n !== null))]
      .sort()
      .map((name) => ({ name, wikidata: null })),
    report: {
      read,
      rejected,
      repaired,
      merged,
      repairedRecords: published.filter((c) => c.repairs.length > 0).length,
      networkEvidence: {},
    },
  };
  return { dataset, log, files };
}

/** Gives a fresh id to a later record whose derived id another already has (same name and street, different place). */
function uniqueIds(clinics: Candidate[], report: (p: Problem) => void): Candidate[] {
  const seen = new Set<string>();
  for (const c of [...clinics].sort((a, b) => a.order - b.order)) {
    let n = 1;
    const original = c.id;
    while (seen.has(c.id)) c.id = clinicId([original, String(++n)]);
    if (c.id !== original) {
      const [file, row] = splitProvenance(c.provenance[0] as string);
      report({
        file,
        row,
        field: "id",
        code: "id_collision",
        message: `derived id ${original} is taken by another clinic; ${c.id} used`,
        kind: "repaired",
      });
      c.repairs.push("id_collision");
    }
    seen.add(c.id);
  }
  return clinics;
}

function toClinicRecord(
  c: Candidate,
  centre: { latitude: number; longitude: number } | undefined,
): ClinicRecord {
  let hours: ClinicRecord["hours"] = null;
  if (c.weekly) {
    const tz =
      c.timezone ??
      (c.latitude !== null && c.longitude !== null ? timezoneAt(c.latitude, c.longitude) : null) ??
      (centre ? timezoneAt(centre.latitude, centre.longitude) : null);
    if (tz !== null) hours = hoursFrom(c.weekly, tz);
  }
  return {
    id: c.id,
    name: c.name,
    network: c.network,
    // Interim, until ingest records real evidence: a network is taken as given by the source.
    network_evidence: c.network === null ? null : { kind: "source_column", detail: "network" },
    address: c.address,
    street: c.street,
    zip: c.zip?.slice(0, 5) ?? null,
    neighborhood: c.neighborhood,
    latitude: c.latitude,
    longitude: c.longitude,
    coordinates_source: c.latitude === null ? null : "source",
    phone: c.phone,
    hours,
    services: c.services,
    insurance: c.insurance,
    rating: c.rating,
    reviews_count: c.reviews_count,
    website: c.website,
    state: c.state,
    city: c.city,
    city_slug: c.citySlug as string,
    date: c.date,
    source_ids: c.sourceKey !== null && !c.sourceKey.startsWith("id:") ? [c.sourceKey] : [],
    provenance: c.provenance,
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
