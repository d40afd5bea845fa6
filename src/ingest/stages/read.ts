import { stat } from "node:fs/promises";
import type { StateSpill } from "../../dataset/state-spill.js";
import type { AtpReadOptions } from "../alltheplaces/reader.js";
import { PrefixCounts } from "../networks/infer.js";
import { normaliseRecord, type RowContext } from "../normalise/record.js";
import { nppesName } from "../nppes/bundle.js";
import type { NppesReadOptions } from "../nppes/reader.js";
import type { OvertureReadOptions } from "../overture/reader.js";
import { FatalInputError, type Problem } from "../problems.js";
import { BUILT_IN_PROFILES, detectProfile, type MappableField, type Mapping } from "../profiles/index.js";
import type { Progress } from "../progress.js";
import { formatOf, nppesKindOf, readRecords, type SourceFacts } from "../readers/index.js";
import type { PreviousRow, PreviousRows } from "../reuse/previous.js";
import { layoutKey, rowKey } from "../reuse/row-key.js";
import { type BoundMapping, bindMapping } from "../row-access.js";
import type { RowNote, SourceRecord } from "../snapshot.js";
import { RowNumberCheck } from "./row-numbers.js";

/**
 * A row the previous import read alike (same key): its record is that import's, line `reused` of its state's file
 * in the previous snapshot, at this row's place.
 */
export interface ReusedRow {
  reused: number;
  order: number;
  input: number;
  file: string;
  row: number;
}

/** What the read stage spills for a row: its source record, or where the previous import's record of it is. */
export type SpilledRow = SourceRecord | ReusedRow;

/** What was read from one input file. */
export interface FileSummary {
  path: string;
  format: string;
  profile: string | null;
  /** The profile was given (`--profile`), not detected from the columns; null when the file was not read. */
  profileGiven: boolean | null;
  /** Records read (including rejected ones). */
  records: number;
  /** Newest record date, else the file's modification date (YYYY-MM-DD). */
  date: string | null;
}

/** What the read stage hands to the resolve stage: spilled records plus small global facts. */
export interface ReadResult {
  files: FileSummary[];
  /** The mapping of each input (null when it could not be read). */
  mappings: (Mapping | null)[];
  /** Modification date of each input (YYYY-MM-DD), used only when nothing else dates the data. */
  fileDates: (string | null)[];
  read: number;
  /** Rejected records by their first reason (each record counted once; every reason is in the problem log). */
  rejected: Record<string, number>;
  /** Inputs whose source-id column turned out to hold row numbers. */
  rowNumberIds: Set<number>;
  prefixes: PrefixCounts;
  dates: { oldest: string | null; newest: string | null };
  /** What each input's reader said of the input as a whole (NPPES: its edition, whether it is an update); null for the others. */
  facts: (SourceFacts | null)[];
  /** The layout of each input (`layoutKey`; null when it could not be read). */
  layouts: (string | null)[];
  /** Rows taken from the previous import (not normalised again). */
  reused: number;
  /** Records that carry an id of our own exports (kept as the clinic id). */
  keptIds: number;
}

export interface ReadOptions {
  inputs: readonly string[];
  /** The profile of every input without one of its own (else detected from its columns). */
  profile?: Mapping;
  /** The profile of each input, by position; over `profile`. */
  profiles?: readonly (Mapping | undefined)[];
  progress?: Progress;
  report: (p: Problem) => void;
  /** NPPES inputs: the taxonomies to keep (default urgent care), and the NPIs of the last release to watch for. */
  nppes?: NppesReadOptions;
  /** Overture places files: the categories to keep (`--category`) and the lowest confidence (`--min-confidence`). */
  overture?: OvertureReadOptions;
  /** `--encoding`: how to read an input that is not UTF-8 (see `readers/encoding.ts`). */
  encoding?: string;
  /** `--delimiter`: the field separator of CSV inputs (else detected from each header). */
  delimiter?: string;
  /** All The Places runs: which spiders and brands are urgent care (`--atp-urgent-care`). */
  alltheplaces?: AtpReadOptions;
  /** The importer's code (`codeVersion`): part of every row's key. */
  code: string;
  /** The previous import's rows: a row with the same key is not normalised again. */
  previous?: PreviousRows | null;
}

/**
 * The read stage: streams every input, normalises each row (the normalise stage) and spills the normalised records
 * to one file per state, each with its row's key; rejected rows are reported with all their reasons. A row the
 * previous import read alike (same key: same code, layout and values) is not normalised again: its repairs are
 * reported again at its place, and a reference to the previous record is spilled. Memory holds one row at a time
 * plus small counts (brand prefixes per state, row-number checks of id columns, dates) and, with a previous
 * import, an entry per row of it.
 * @example const read = await readInputs({ inputs: ["hifld.csv"], report, code }, spill);
 */
export async function readInputs(options: ReadOptions, spill: StateSpill<SpilledRow>): Promise<ReadResult> {
  const { report } = options;
  const result: ReadResult = {
    files: [],
    mappings: [],
    fileDates: [],
    read: 0,
    rejected: {},
    rowNumberIds: new Set(),
    prefixes: new PrefixCounts(),
    dates: { oldest: null, newest: null },
    facts: [],
    layouts: [],
    reused: 0,
    keptIds: 0,
  };
  const companions = await nppesCompanions(options.inputs);
  const reject = (code: string) => {
    result.rejected[code] = (result.rejected[code] ?? 0) + 1;
  };
  let order = 0;
  for (const [input, path] of options.inputs.entries()) {
    const summary: FileSummary = {
      path,
      format: formatOf(path) ?? "unknown",
      profile: null,
      profileGiven: null,
      records: 0,
      date: null,
    };
    const given = options.profiles?.[input] ?? options.profile;
    result.files.push(summary);
    result.mappings.push(null);
    result.fileDates.push(null);
    result.facts.push(null);
    result.layouts.push(null);
    const fatal = (code: string, message: string, row = 0) =>
      report({ file: path, row, field: "", code, message, kind: "fatal" });
    const companion = companions.get(path);
    if (companion !== undefined) {
      summary.profile = "nppes";
      if (companion === null)
        fatal(
          "nppes_companion_alone",
          "an NPPES other-name or practice-location file is read with its main file (npidata_pfile_… of the same period), which is not among the inputs. Give the main file as an --input too (its companions beside it are read with it), or leave this file out",
        );
      else
        report({
          file: path,
          row: 0,
          field: "",
          code: "nppes_companion",
          message: `read with ${companion}`,
          kind: "notice",
        });
      continue;
    }
    try {
      const s = await stat(path);
      if (!s.isFile()) {
        fatal("file_unreadable", "not a file");
        continue;
      }
      result.fileDates[input] = s.mtime.toISOString().slice(0, 10);
    } catch (e) {
      fatal("file_unreadable", `cannot read the file: ${(e as Error).message}`);
      continue;
    }
    const format = formatOf(path);
    if (!format) {
      fatal(
        "unknown_format",
        "unknown file type: use .csv, .json (array), .ndjson/.jsonl, .parquet, .zip (NPPES, All The Places) or .geojson",
      );
      continue;
    }
    let newest: string | null = null;
    const ids = new RowNumberCheck();
    const onRowProblem = (row: number, code: string, message: string, file?: string, field?: string) => {
      result.read++;
      summary.records++;
      reject(code);
      report({ file: file ?? path, row, field: field ?? "", code, message, kind: "rejected" });
    };
    const text = {
      ...(options.encoding ? { encoding: options.encoding } : {}),
      notice: (row: number, code: string, message: string) =>
        report({ file: path, row, field: "", code, message, kind: "notice" }),
    };
    /** Progress of a streamed source (NPPES bundle, Overture places) in MiB read. */
    const onProgress = (label: string, bytes: number) =>
      options.progress?.update(label, Math.round(bytes / 2 ** 20));
    const events = readRecords(path, format, onRowProblem, {
      inputs: options.inputs,
      forceNppes: given?.name === "nppes",
      forceOverture: given?.name === "overture",
      nppes: {
        ...options.nppes,
        onProgress,
        text,
      },
      overture: {
        ...options.overture,
        onProgress,
      },
      alltheplaces: { ...options.alltheplaces, onProgress },
      text,
      ...(options.delimiter === undefined ? {} : { delimiter: options.delimiter }),
    });
    let rows = 0;
    /** The file was refused at its header (no profile, missing columns): nothing more to say of it. */
    let refused = false;
    try {
      let bound: ReturnType<typeof bindMapping> | undefined;
      let layout = "";
      let previous: ReadonlyMap<string, PreviousRow> | null = null;
      for await (const e of events) {
        if (e.type === "source") {
          result.facts[input] = e.facts;
          for (const note of e.facts.notes)
            report({ file: path, row: 0, field: "", code: "source_read", message: note, kind: "notice" });
          continue;
        }
        if (e.type === "columns") {
          const mapping = given ?? detectProfile(e.columns);
          if (!mapping) {
            fatal(
              "unknown_profile",
              `cannot tell the layout from the columns (${e.columns.slice(0, 8).join(", ")}…): pass --profile hifld, canonical, nppes, overture, alltheplaces or a mapping file`,
            );
            refused = true;
            break;
          }
          bound = bindMapping(mapping, e.columns);
          summary.profile = mapping.name;
          summary.profileGiven = given !== undefined;
          result.mappings[input] = mapping;
          layout = layoutKey(options.code, format, mapping, e.columns);
          result.layouts[input] = layout;
          previous = (await options.previous?.rows(layout)) ?? null;
          // A mapping file names the columns of one layout: one it maps that this file lacks would be lost silently.
          const absent = given && !isBuiltIn(given) ? absentColumns(bound) : [];
          if (absent.length > 0) {
            fatal(
              "missing_columns",
              `column(s) the mapping file ${mapping.name} maps are not in this file: ${absent.join(", ")} (its columns: ${e.columns.slice(0, 12).join(", ")}${e.columns.length > 12 ? ", …" : ""}). ${profileAdvice(true)}, or remove the fields this layout lacks from the mapping file`,
            );
            refused = true;
            break;
          }
          if (bound.missing.length) {
            const want = bound.missing
              .map((f) => `${f} (${[mapping.columns[f] ?? f].flat().join(" or ")})`)
              .join(", ");
            fatal(
              "missing_columns",
              `required column(s) missing for profile ${mapping.name}: ${want}. ${profileAdvice(given !== undefined)}`,
            );
            refused = true;
            break;
          }
          for (const d of e.duplicates ?? [])
            report({
              file: path,
              row: 1,
              field: d.name,
              code: "duplicate_column",
              message: `column "${d.name}" appears ${d.positions.length} times (positions ${d.positions.join(", ")}); no copy is dropped: each row takes, per field, the first copy with a value, and for coordinates the first X/Y pair in range`,
              kind: "notice",
            });
          continue;
        }
        if (!bound) continue;
        result.read++;
        summary.records++;
        rows++;
        const values =
          format === "csv" && bound.mapping.csv_formula_escape ? unescapeFormulas(e.values) : e.values;
        const read = readRow(bound, values, layout, previous, {
          input,
          file: e.file ?? path,
          row: e.row,
          order: order++,
          report,
        });
        if ("rejected" in read) reject(read.rejected[0] as string);
        else {
          const c = read.record;
          if ("reused" in read.spilled) result.reused++;
          if (c.keptId !== null) result.keptIds++;
          ids.add(c.sourceId);
          if (c.brandPrefix !== null) result.prefixes.add(c.brandPrefix, c.state, c.city);
          if (c.date !== null) {
            if (newest === null || c.date > newest) newest = c.date;
            if (result.dates.oldest === null || c.date < result.dates.oldest) result.dates.oldest = c.date;
            if (result.dates.newest === null || c.date > result.dates.newest) result.dates.newest = c.date;
          }
          await spill.add(c.state, read.spilled);
        }
        if ((summary.records & 1023) === 0) options.progress?.update(`reading ${path}`, summary.records);
      }
      // An update may hold no clinic at all (a deactivation report, a week of deactivations): not empty.
      if (bound && !refused && rows === 0 && summary.records === 0 && !result.facts[input]?.update) {
        const empty = result.facts[input]?.empty;
        if (empty !== undefined) fatal("no_matching_rows", empty);
        else fatal("file_empty", "the file has a header but no records: nothing to import");
      }
    } catch (e) {
      if (!(e instanceof FatalInputError)) throw e;
      report({ ...e.problem, kind: "fatal" });
    } finally {
      await events.return(undefined);
      options.progress?.done();
    }
    if (ids.rowNumbers) {
      result.rowNumberIds.add(input);
      report({
        file: path,
        row: 0,
        field: "source_id",
        code: "row_number_ids",
        message: `the source-id column counts the rows (${ids.describe()}): row numbers change between exports, so they identify nothing and are not used`,
        kind: "notice",
      });
    }
    summary.date = newest ?? result.fileDates[input] ?? null;
  }
  await spill.flush();
  return result;
}

/**
 * One row: the previous import's record when it read a row of the same key (its repairs reported again, here),
 * else the row normalised, with its key and the repairs reported.
 */
function readRow(
  bound: BoundMapping,
  values: Record<string, unknown>,
  layout: string,
  previous: ReadonlyMap<string, PreviousRow> | null,
  ctx: RowContext,
): { record: SourceRecord | PreviousRow; spilled: SpilledRow } | { rejected: string[] } {
  const key = rowKey(layout, values);
  const same = previous?.get(key);
  if (same) {
    for (const note of same.notes ?? []) ctx.report({ file: ctx.file, row: ctx.row, ...note });
    const { order, input, file, row } = ctx;
    return { record: same, spilled: { reused: same.at, order, input, file, row } };
  }
  const notes: RowNote[] = [];
  const r = normaliseRecord(bound, values, {
    ...ctx,
    report: (p) => {
      notes.push({ field: p.field, code: p.code, message: p.message, kind: p.kind });
      ctx.report(p);
    },
  });
  if ("rejected" in r) return r;
  // Completed in place: the record is new, and a copy of it cost as much as normalising the row.
  const record: SourceRecord = Object.assign(r.record, notes.length > 0 ? { key, notes } : { key });
  return { record, spilled: record };
}

/**
 * The NPPES companion files among the inputs (other names, secondary practice locations), each with the main file
 * of its period that reads it, or null when that main file is not an input (an error).
 */
async function nppesCompanions(inputs: readonly string[]): Promise<Map<string, string | null>> {
  const kinds = await Promise.all(inputs.map((path) => nppesKindOf(path)));
  const out = new Map<string, string | null>();
  inputs.forEach((path, i) => {
    if (kinds[i] !== "pl" && kinds[i] !== "othername") return;
    const period = nppesName(path);
    const main = inputs.find((other, j) => {
      if (kinds[j] !== "main") return false;
      const p = nppesName(other);
      return period === null || p === null || (p.from === period.from && p.to === period.to);
    });
    out.set(path, main ?? null);
  });
  return out;
}

/** Whether a mapping is one of the built-in profiles (whose optional columns vary between exports). */
const isBuiltIn = (m: Mapping) => Object.values(BUILT_IN_PROFILES).includes(m);

/** The mapped fields none of whose columns the file has, in the mapping's order, each with its columns: `phone (Phone)`. */
function absentColumns(bound: BoundMapping): string[] {
  const fields = Object.keys(bound.mapping.columns) as MappableField[];
  return fields
    .filter((f) => bound.columns(f).length === 0)
    .map(
      (f) =>
        `${f} (${[bound.mapping.columns[f]].flat().join(" or ")}${bound.mapping.required.includes(f) ? ", required" : ""})`,
    );
}

/** What to try when a profile does not fit a file: where a given `--profile` applies, or to give one. */
function profileAdvice(given: boolean): string {
  return given
    ? "A --profile applies to the --input right before it (or, given before every --input, to all of them): check that this file is the one the profile is for"
    : "Pass --profile right after this --input with a profile or mapping file for its layout";
}

/** Our CSV downloads prefix text cells that start like a formula with `'` (see `textCell`): removed again here. */
function unescapeFormulas(values: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const k in values) {
    const v = values[k];
    if (typeof v === "string" && v.charCodeAt(0) === APOSTROPHE && ESCAPED_FORMULA.test(v)) {
      out ??= { ...values };
      out[k] = v.slice(1);
    }
  }
  // Most rows have no such cell: they are returned as they are.
  return out ?? values;
}
const APOSTROPHE = 0x27;
const ESCAPED_FORMULA = /^'[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
