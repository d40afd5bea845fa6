import { writeFile } from "node:fs/promises";
import type { Dataset } from "../../dataset/types.js";
import { STATES } from "../../geo/states.js";
import type { ImportResult } from "../../ingest/import.js";
import { formatProblem, type ProblemLog } from "../../ingest/problems.js";
import { Progress } from "../../ingest/progress.js";
import { encodingName } from "../../ingest/readers/encoding.js";
import type { PlaceKind } from "../../schema/evidence.js";
import { InputError, UsageError } from "../args.js";

/** The kinds `--keep-kind` takes (`PLACE_KINDS` but walk-in urgent care; written here so that usage loads no schema). */
export const KEEPABLE_KINDS: readonly PlaceKind[] = [
  "occupational_medicine",
  "emergency_room",
  "telehealth",
  "mobile",
  "administrative",
  "hospital",
  "physician_group",
];

/** Options shared by `build` and `validate` for reading real data. */
export const IMPORT_OPTIONS = {
  input: { type: "string", multiple: true },
  profile: { type: "string", multiple: true },
  report: { type: "string" },
  strict: { type: "boolean", default: false },
  "data-version": { type: "string" },
  taxonomy: { type: "string", multiple: true },
  category: { type: "string", multiple: true },
  "min-confidence": { type: "string" },
  "atp-urgent-care": { type: "string" },
  encoding: { type: "string" },
  delimiter: { type: "string" },
  "keep-kind": { type: "string", multiple: true },
} as const;

export const IMPORT_USAGE = `  --input FILE          a source file (.csv, .json array, .ndjson/.jsonl, .parquet), or CMS's NPPES bundle
                        (.zip) or its files; repeat for more, most trusted first (earlier files win when
                        duplicates of one source merge; see docs/ingest.md for how sources merge). A weekly
                        NPPES file or deactivation report is applied on top of the last release
  --profile P           hifld, canonical, nppes, overture, alltheplaces, or a mapping file FILE.json: right
                        after an --input, for that input alone (--input state.json --profile state-map.json
                        --input hifld.csv); before every --input, for all of them (default: detected from each
                        file's columns)
  --taxonomy CODE       NPPES: keep organisations with this taxonomy code in any slot (repeat for more;
                        default 261QU0200X, urgent care)
  --category NAME       Overture places: keep places of this category too, as primary or alternate category
                        (repeat for more; urgent_care_clinic always), e.g. walk_in_clinic
  --min-confidence N    Overture places: the lowest confidence kept, 0 to 1 (default 0.5)
  --atp-urgent-care FILE.json  All The Places: the spiders and brands (Wikidata ids) that are urgent care besides
                        the category, instead of the built-in list (docs/ingest.md, "alltheplaces")
  --keep-kind KIND      publish places of this kind too, labelled by kind everywhere (repeat for more):
                        occupational_medicine, emergency_room, telehealth, mobile, administrative, hospital,
                        physician_group. Default: walk-in urgent care only; the others are in --report with
                        their reason and evidence
  --report FILE.json    write every problem and the summary by code as JSON
  --strict              fail when any record is rejected (out of scope, malformed, unusable)
  --data-version DATE   YYYY-MM-DD of the data (default: newest record date, else newest file date)
  --encoding ENC        how to read an input that is not UTF-8, e.g. windows-1252 (latin1) or utf-16le; without
                        it such a file is refused with a guess (a byte-order mark and valid UTF-8 need nothing)
  --delimiter C         the field separator of CSV inputs: one character, or tab (default: the comma, pipe,
                        semicolon or tab, whichever splits each file's header most)`;

interface ImportFlags {
  input?: string[];
  profile?: string[];
  report?: string;
  strict?: boolean;
  "data-version"?: string;
  taxonomy?: string[];
  category?: string[];
  "min-confidence"?: string;
  "atp-urgent-care"?: string;
  encoding?: string;
  /** `build`: apply an update older than the published release (a rollback) instead of refusing it. */
  "allow-older"?: boolean;
  delimiter?: string;
  "keep-kind"?: string[];
}

/** An option as `parseArgs` gives it with `tokens: true`, in command-line order. */
export interface OptionToken {
  kind: string;
  name?: string;
  value?: string | undefined;
}

/**
 * Each `--input` with the `--profile` given after it (before the next `--input`), and the one `--profile` given
 * before every `--input`, for the inputs without their own.
 * @example profilesOf(tokens of "--input a.json --profile m.json --input b.csv") // { inputs: ["a.json", "b.csv"], profiles: ["m.json", undefined], shared: undefined }
 */
export function profilesOf(tokens: readonly OptionToken[]): {
  inputs: string[];
  profiles: (string | undefined)[];
  shared: string | undefined;
} {
  const inputs: string[] = [];
  const profiles: (string | undefined)[] = [];
  let shared: string | undefined;
  for (const t of tokens) {
    if (t.kind !== "option" || t.value === undefined) continue;
    if (t.name === "input") {
      inputs.push(t.value);
      profiles.push(undefined);
    } else if (t.name === "profile") {
      const last = inputs.length - 1;
      if (last < 0) {
        if (shared !== undefined)
          throw new UsageError(
            "one --profile before the inputs (for all of them), or one after each --input (for that input alone)",
          );
        shared = t.value;
      } else {
        if (profiles[last] !== undefined)
          throw new UsageError(`two --profile after --input ${inputs[last]}: give one per input`);
        profiles[last] = t.value;
      }
    }
  }
  return { inputs, profiles, shared };
}

/**
 * Runs the importer for the parsed flags; usage problems (bad profile, bad date, bad taxonomy code) are UsageErrors.
 * `out` is the published output an update applies to (its last release's source records); without it, an update
 * is read on its own (validate). `tokens` (the options in order) pair each `--profile` with its `--input`; without
 * them, one `--profile` applies to every input.
 */
export async function runImport(
  values: ImportFlags,
  out?: string,
  tokens?: readonly OptionToken[],
): Promise<ImportResult> {
  const inputs = values.input ?? [];
  if (inputs.length === 0) throw new UsageError("--input FILE is required");
  const paired = tokens
    ? profilesOf(tokens)
    : { inputs, profiles: inputs.map(() => undefined), shared: onlyProfile(values.profile) };
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
  const keepKinds: PlaceKind[] = [];
  for (const k of values["keep-kind"] ?? []) {
    if (!KEEPABLE_KINDS.includes(k as PlaceKind))
      throw new UsageError(
        `--keep-kind must be one of ${KEEPABLE_KINDS.join(", ")}, not ${k} (walk-in urgent care is always published)`,
      );
    keepKinds.push(k as PlaceKind);
  }
  const encoding = values.encoding;
  if (encoding !== undefined && encodingName(encoding) === null)
    throw new UsageError(`--encoding: unknown encoding ${encoding} (e.g. windows-1252, latin1, utf-16le)`);
  const delimiter = delimiterOption(values.delimiter);
  // The importer is loaded here, not with the command's usage: `--help` and usage errors answer at once.
  const [{ importFiles }, { loadProfile, MappingFileError }, { readSnapshot }, { lastSources }, atp] =
    await Promise.all([
      import("../../ingest/import.js"),
      import("../../ingest/profiles/index.js"),
      import("../../ingest/snapshot.js"),
      import("../../release/publish.js"),
      import("../../ingest/alltheplaces/urgent-care.js"),
    ]);
  const listFile = values["atp-urgent-care"];
  let atpList: Awaited<ReturnType<typeof atp.loadUrgentCareList>> | undefined;
  if (listFile !== undefined) {
    try {
      atpList = await atp.loadUrgentCareList(listFile);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  // Each profile named is loaded once, whether it serves one input or several.
  const loaded = new Map<string, Awaited<ReturnType<typeof loadProfile>>>();
  for (const name of [paired.shared, ...paired.profiles])
    if (name !== undefined && !loaded.has(name))
      try {
        loaded.set(name, await loadProfile(name));
      } catch (e) {
        if (e instanceof MappingFileError) throw new UsageError(e.message);
        throw e;
      }
  const profile = paired.shared === undefined ? undefined : loaded.get(paired.shared);
  const profiles = paired.profiles.map((p) => (p === undefined ? undefined : loaded.get(p)));
  try {
    const sources = out === undefined ? null : await lastSources(out);
    const base = sources === null ? null : await readSnapshot(sources);
    return await importFiles({
      inputs,
      ...(profile ? { profile } : {}),
      ...(profiles.some((p) => p !== undefined) ? { profiles } : {}),
      ...(version ? { dataVersion: version } : {}),
      ...(values.taxonomy?.length ? { taxonomies: values.taxonomy.map((t) => t.toUpperCase()) } : {}),
      ...(values.category?.length ? { categories: values.category } : {}),
      ...(minConfidence === undefined ? {} : { minConfidence }),
      ...(atpList ? { atpList } : {}),
      ...(keepKinds.length ? { keepKinds } : {}),
      base,
      // The same records, as a cache: a row the last release's import read alike takes its record.
      previous: base,
      updatesAlone: out === undefined,
      allowOlder: values["allow-older"] === true,
      ...(encoding ? { encoding } : {}),
      ...(delimiter === undefined ? {} : { delimiter }),
      progress: new Progress(),
    });
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}

/**
 * `--delimiter`: one character (`|`, `;`, `:`), or `tab` / `\t` for a tab; not a quote, a line break or a space.
 * @example delimiterOption("tab") // "\t"
 */
export function delimiterOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const d = value === "tab" || value === "\\t" ? "\t" : value;
  if ([...d].length !== 1 || /["\r\n ]/.test(d))
    throw new UsageError(
      `--delimiter must be one character other than a quote, a space or a line break, or tab: not ${JSON.stringify(value)}`,
    );
  return d;
}

function onlyProfile(profiles: readonly string[] | undefined): string | undefined {
  if (profiles === undefined || profiles.length === 0) return undefined;
  if (profiles.length > 1)
    throw new UsageError("one --profile for every input, or one right after each --input");
  return profiles[0];
}

/**
 * One line per input: its format and profile, given or detected, and its records (what `validate` prints, and
 * `build` on stderr).
 * @example fileLines(result.files) // ["  state.json (json): profile state-list (given), 212 records"]
 */
export function fileLines(files: readonly ImportResult["files"][number][]): string[] {
  return files.map(
    (f) =>
      `  ${f.path} (${f.format}): ${f.profile === null ? "not read" : `profile ${f.profile} (${f.profileGiven ? "given" : "detected from its columns"})`}, ${f.records} record(s)`,
  );
}

/** Summary lines by code: `  rejected  out_of_scope_state  2`. */
export function summaryLines(log: ProblemLog): string[] {
  return log
    .summary()
    .map((s) => `  ${s.severity.padEnd(8)} ${s.kind.padEnd(9)} ${s.code.padEnd(28)} ${s.count}`);
}

/**
 * Writes the JSON report (`--report`): every problem plus the summary and the files read, the networks, and every
 * place not published for its kind with its reason and evidence (`not_published`).
 */
export async function writeReport(path: string, result: ImportResult, ok: boolean): Promise<void> {
  const body = {
    ok,
    files: result.files.map((f) => ({
      path: f.path,
      format: f.format,
      profile: f.profile,
      profile_given: f.profileGiven,
      records: f.records,
      date: f.date,
    })),
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
    // Every place not published for its kind, with its reason and evidence, so that the operator can check it.
    not_published: result.withheld ?? [],
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
