import { basename } from "node:path";
import type { ZipArchive } from "../nppes/zip.js";
import type { ReaderEvent, RowProblem, SourceFacts } from "../readers/types.js";
import { ATP_ROW, ATP_SOURCE } from "./columns.js";
import { type AtpFeature, isUrgentCare, leftOut, rowOf, type SpiderFacts } from "./feature.js";
import { openRun, type SpiderFile } from "./run.js";
import { type ScanTarget, scanSpider } from "./scan.js";
import { URGENT_CARE_LIST, type UrgentCareList } from "./urgent-care.js";

export interface AtpReadOptions {
  /** Which spiders and brands are urgent care besides the category (default: the built-in list). */
  list?: UrgentCareList;
  onProgress?: (label: string, bytes: number) => void;
}

/** What reading a run found, by what became of its features (the `source` note, and the benchmark's figures). */
export interface AtpCounts {
  spiders: number;
  features: number;
  /** Features of spiders and brands that are not urgent care: counted, never parsed (most of them). */
  notUrgentCare: number;
  /** Urgent-care features left out, by reason (`closed`, `outside_us`, `json_syntax`…). */
  leftOut: Record<string, number>;
  /** Urgent-care features read as clinics. */
  read: number;
  bytes: number;
}

/**
 * Reads an All The Places run — its output ZIP (one GeoJSON per spider, streamed member by member, never
 * extracted) or one spider's `.geojson` — as rows of the `alltheplaces` profile. Each spider's features are
 * scanned as bytes and counted; those that may be urgent care are parsed and kept when they are (category
 * `healthcare:speciality=urgent`, a listed spider, a listed brand or operator), in the US by their point, and
 * without an `end_date`; those left out are reported at their line with every reason. A feature's row carries the
 * day its spider ran (`spider:collection_time`). Ends with the run's `source` facts: its date (from the file's
 * name, else the last day a spider ran) and the counts.
 * @example for await (const e of readAllThePlaces("output.zip", report)) …
 */
export async function* readAllThePlaces(
  path: string,
  onRowProblem: RowProblem,
  options: AtpReadOptions = {},
  archive?: ZipArchive,
): AsyncGenerator<ReaderEvent> {
  const run = await openRun(path, archive);
  try {
    yield { type: "columns", columns: Object.values(ATP_ROW) };
    const day = runDate(path);
    const counts = yield* features(run.files, day, onRowProblem, options, (row, file, values) => ({
      type: "row",
      row,
      values,
      ...(file === path ? {} : { file }),
    }));
    const facts: SourceFacts = {
      published: day ?? counts.newest,
      update: false,
      npis: [],
      notes: [note(path, counts)],
      replaces: ATP_SOURCE,
    };
    yield { type: "source", facts };
  } finally {
    run.close();
  }
}

/**
 * The features of a run's spider files that are read as clinics, made into events by `make`; returns the counts.
 * Shared by the reader and the filter the benchmark measures.
 */
export async function* features<T>(
  files: readonly SpiderFile[],
  runDay: string | null,
  onRowProblem: RowProblem,
  options: AtpReadOptions,
  make: (row: number, file: string, values: Record<string, unknown>) => T,
): AsyncGenerator<T, AtpCounts & { newest: string | null }> {
  const list = options.list ?? URGENT_CARE_LIST;
  const spiders = new Map(list.spiders.map((s) => [s.spider, s]));
  const brandIds = new Set(list.brands.map((b) => b.wikidata));
  const target: Omit<ScanTarget, "every"> = {
    brands: new Set(list.brands.map((b) => Number(b.wikidata.slice(1)))),
  };
  const counts: AtpCounts & { newest: string | null } = {
    spiders: 0,
    features: 0,
    notUrgentCare: 0,
    leftOut: {},
    read: 0,
    bytes: 0,
    newest: null,
  };
  for (const file of files) {
    counts.spiders++;
    const entry = spiders.get(file.spider);
    const facts: SpiderFacts = {
      listed: entry !== undefined,
      omittedClosed: entry?.omitted_days === "closed",
      observed: null,
    };
    let urgent = 0;
    for await (const e of scanSpider(file, { ...target, every: facts.listed })) {
      if (e.type === "end") {
        counts.features += e.features;
        counts.notUrgentCare += e.features - urgent;
        counts.bytes += e.bytes;
        const day = facts.observed;
        if (day !== null && (counts.newest === null || day > counts.newest)) counts.newest = day;
        options.onProgress?.(`reading ${file.label}`, counts.bytes);
        continue;
      }
      if (e.type === "attributes") {
        facts.observed = dayOf(e.attributes?.["spider:collection_time"]) ?? runDay;
        continue;
      }
      let f: AtpFeature;
      try {
        f = JSON.parse(e.text) as AtpFeature;
      } catch (err) {
        urgent++;
        bump(counts.leftOut, "json_syntax");
        onRowProblem(e.line, "json_syntax", `not valid JSON: ${(err as Error).message}`, file.label);
        continue;
      }
      if (f === null || typeof f !== "object" || !isUrgentCare(f, facts, brandIds)) continue;
      urgent++;
      const reasons = leftOut(f);
      if (reasons.length > 0) {
        const [first, ...more] = reasons;
        bump(counts.leftOut, first?.code ?? "");
        const also = more.length ? `; also: ${more.map((r) => r.message).join("; ")}` : "";
        onRowProblem(e.line, first?.code ?? "", `${first?.message}${also}`, file.label);
        continue;
      }
      counts.read++;
      yield make(e.line, file.label, rowOf(f, file.spider, facts));
    }
  }
  return counts;
}

function bump(counts: Record<string, number>, code: string): void {
  counts[code] = (counts[code] ?? 0) + 1;
}

/** `2026-11-23T13:32:05.123456` → `2026-11-23`; null when not a date. */
function dayOf(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * The run's day from the input's name, as All The Places names its runs (`2026-11-23-13-32-05`) or as an operator
 * saves them (`alltheplaces-2026-11-23.zip`); null when the name has none.
 */
export function runDate(path: string): string | null {
  const m = /(?:^|[^0-9])(20\d{2})-(0[1-9]|1[0-2])-([0-2]\d|3[01])(?:[^0-9]|$)/.exec(basename(path));
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function note(path: string, c: AtpCounts): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const left = Object.entries(c.leftOut)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([code, k]) => `${code} ${n(k)}`)
    .join(", ");
  return `${path}: ${n(c.spiders)} spider(s), ${n(c.features)} features read, ${n(c.notUrgentCare)} not urgent care (counted, not read further), ${n(c.read)} read as clinics, ${n(c.features - c.notUrgentCare - c.read)} left out${left ? ` (${left})` : ""} (see their rows)`;
}
