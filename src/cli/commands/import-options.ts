import { writeFile } from "node:fs/promises";
import type { Dataset } from "../../dataset/types.js";
import { STATES } from "../../geo/states.js";
import type { ImportResult } from "../../ingest/import.js";
import { formatProblem, type ProblemLog } from "../../ingest/problems.js";
import { Progress } from "../../ingest/progress.js";
import { encodingName } from "../../ingest/readers/encoding.js";
import { InputError, UsageError } from "../args.js";

/** Options shared by `build` and `validate` for reading real data. */
export const IMPORT_OPTIONS = {
  input: { type: "string", multiple: true },
  profile: { type: "string" },
  report: { type: "string" },
  strict: { type: "boolean", default: false },
  "data-version": { type: "string" },
  taxonomy: { type: "string", multiple: true },
  category: { type: "string", multiple: true },
  "min-confidence": { type: "string" },
  encoding: { type: "string" },
} as const;

export const IMPORT_USAGE = `  --input FILE          a source file (.csv, .json array, .ndjson/.jsonl, .parquet), or CMS's NPPES bundle
                        (.zip) or its files; repeat for more, most trusted first (earlier files win when
                        duplicates of one source merge; see docs/ingest.md for how sources merge). A weekly
                        NPPES file or deactivation report is applied on top of the last release
  --profile P           hifld, canonical, nppes, overture, or a mapping file FILE.json (default: detected from
                        the columns)
  --taxonomy CODE       NPPES: keep organisations with this taxonomy code in any slot (repeat for more;
                        default 261QU0200X, urgent care)
  --category NAME       Overture places: keep places of this category too, as primary or alternate category
                        (repeat for more; urgent_care_clinic always), e.g. walk_in_clinic
  --min-confidence N    Overture places: the lowest confidence kept, 0 to 1 (default 0.5)
  --report FILE.json    write every problem and the summary by code as JSON
  --strict              fail when any record is rejected (out of scope, malformed, unusable)
  --data-version DATE   YYYY-MM-DD of the data (default: newest record date, else newest file date)
  --encoding ENC        how to read an input that is not UTF-8, e.g. windows-1252 (latin1) or utf-16le; without
                        it such a file is refused with a guess (a byte-order mark and valid UTF-8 need nothing)`;

interface ImportFlags {
  input?: string[];
  profile?: string;
  report?: string;
  strict?: boolean;
  "data-version"?: string;
  taxonomy?: string[];
  category?: string[];
  "min-confidence"?: string;
  encoding?: string;
  /** `build`: apply an update older than the published release (a rollback) instead of refusing it. */
  "allow-older"?: boolean;
}

/**
 * Runs the importer for the parsed flags; usage problems (bad profile, bad date, bad taxonomy code) are UsageErrors.
 * `out` is the published output an update applies to (its last release's source records); without it, an update
 * is read on its own (validate).
 */
export async function runImport(values: ImportFlags, out?: string): Promise<ImportResult> {
  const inputs = values.input ?? [];
  if (inputs.length === 0) throw new UsageError("--input FILE is required");
  const version = values["data-version"];
  if (version !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(version) || Number.isNaN(Date.parse(version)))) {
    throw new UsageError(`--data-version must be a date YYYY-MM-DD, not ${version}`);
  }
  for (const code of values.taxonomy ?? [])
    if (!/^[0-9A-Z]{9}X$/i.test(code))
      throw new UsageError(
        `--taxonomy must be a 10-character NUCC taxonomy code such as 261QU0200X, not ${code}`,
      );
  for (const c of values.category ?? [])
    if (!/^[a-z0-9]+(?:_[a-z0-9]+)*$/.test(c))
      throw new UsageError(
        `--category must be an Overture category in snake_case such as walk_in_clinic, not ${c}`,
      );
  const confidenceText = values["min-confidence"];
  const minConfidence = confidenceText === undefined ? undefined : Number(confidenceText);
  if (
    minConfidence !== undefined &&
    (!/^(?:0(?:\.\d+)?|1(?:\.0+)?|\.\d+)$/.test(confidenceText ?? "") ||
      minConfidence < 0 ||
      minConfidence > 1)
  )
    throw new UsageError(`--min-confidence must be a number from 0 to 1, not ${confidenceText}`);
  const encoding = values.encoding;
  if (encoding !== undefined && encodingName(encoding) === null)
    throw new UsageError(`--encoding: unknown encoding ${encoding} (e.g. windows-1252, latin1, utf-16le)`);
  // The importer is loaded here, not with the command's usage: `--help` and usage errors answer at once.
  const [{ importFiles }, { loadProfile, MappingFileError }, { readSnapshot }, { lastSources }] =
    await Promise.all([
      import("../../ingest/import.js"),
      import("../../ingest/profiles/index.js"),
      import("../../ingest/snapshot.js"),
      import("../../release/publish.js"),
    ]);
  let profile: Awaited<ReturnType<typeof loadProfile>> | undefined;
  if (values.profile !== undefined) {
    try {
      profile = await loadProfile(values.profile);
    } catch (e) {
      if (e instanceof MappingFileError) throw new UsageError(e.message);
      throw e;
    }
  }
  try {
    const sources = out === undefined ? null : await lastSources(out);
    const base = sources === null ? null : await readSnapshot(sources);
    return await importFiles({
      inputs,
      ...(profile ? { profile } : {}),
      ...(version ? { dataVersion: version } : {}),
      ...(values.taxonomy?.length ? { taxonomies: values.taxonomy.map((t) => t.toUpperCase()) } : {}),
      ...(values.category?.length ? { categories: values.category } : {}),
      ...(minConfidence === undefined ? {} : { minConfidence }),
      base,
      // The same records, as a cache: a row the last release's import read alike takes its record.
      previous: base,
      updatesAlone: out === undefined,
      allowOlder: values["allow-older"] === true,
      ...(encoding ? { encoding } : {}),
      progress: new Progress(),
    });
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}

/** Summary lines by code: `  rejected  out_of_scope_state  2`. */
export function summaryLines(log: ProblemLog): string[] {
  return log
    .summary()
    .map((s) => `  ${s.severity.padEnd(8)} ${s.kind.padEnd(9)} ${s.code.padEnd(28)} ${s.count}`);
}

/** Writes the JSON report (`--report`): every problem plus the summary and the files read. */
export async function writeReport(path: string, result: ImportResult, ok: boolean): Promise<void> {
  const body = {
    ok,
    files: result.files,
    summary: result.log.summary(),
    problems: result.log.problems,
    records: result.dataset
      ? {
          read: result.dataset.report.read,
          published: result.dataset.clinics.size,
          // Records, each counted once (a rejected record may have several reasons in `problems`).
          rejected: Object.values(result.dataset.report.rejected).reduce((a, b) => a + b, 0),
          merged: Object.values(result.dataset.report.merged).reduce((a, b) => a + b, 0),
          repaired: result.dataset.report.repairedRecords,
        }
      : null,
    record_dates: result.dataset?.recordDates ?? null,
    data_version: result.dataset?.dataVersion ?? null,
    upstream: result.dataset?.source.upstream ?? [],
    networks: result.dataset ? await networkReport(result.dataset) : [],
  };
  try {
    await writeFile(path, `${JSON.stringify(body, null, 2)}\n`);
  } catch (e) {
    throw new InputError(`cannot write the report ${path}: ${(e as Error).message}`);
  }
}

export { formatProblem };

/** Every network with its clinics by kind of evidence and the distinct evidence details (for `--report`). */
async function networkReport(dataset: Dataset) {
  const byName = new Map<
    string,
    { clinics: number; evidence: Record<string, number>; details: Set<string> }
  >();
  for (const s of STATES) {
    for (const c of await dataset.clinics.load(s.code)) {
      if (c.network === null) continue;
      let n = byName.get(c.network);
      if (!n) {
        n = { clinics: 0, evidence: {}, details: new Set() };
        byName.set(c.network, n);
      }
      n.clinics++;
      const kind = c.network_evidence?.kind ?? "unknown";
      n.evidence[kind] = (n.evidence[kind] ?? 0) + 1;
      if (c.network_evidence) n.details.add(`${kind}: ${c.network_evidence.detail}`);
    }
  }
  return [...byName.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([name, n]) => ({ name, clinics: n.clinics, evidence: n.evidence, details: [...n.details].sort() }));
}
