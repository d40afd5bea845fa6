import { basename } from "node:path";
import type { CityRecord, ClinicStore, Dataset, IngestReport } from "../../dataset/types.js";
import { REFERENCE_SOURCES } from "../../geo/credits.js";
import { dataVersion } from "../data-version.js";
import type { Problem } from "../problems.js";
import type { Mapping } from "../profiles/index.js";
import type { Snapshot } from "../snapshot.js";
import { type Upstream, uniqueSources, upstreamOf } from "../upstream.js";
import type { ReadResult } from "./read.js";

/** What the states gave the assemble stage. */
export interface Resolved {
  clinics: ClinicStore;
  cities: CityRecord[];
  networks: ReadonlySet<string>;
  /** The Wikidata items brand evidence gives each network, with the clinics that give each. */
  wikidata: ReadonlyMap<string, ReadonlyMap<string, number>>;
  report: IngestReport;
  /** Records dated by the sources, new and carried. */
  dates: { oldest: string | null; newest: string | null };
  zipPlaced: number;
  snapshot: string;
}

/**
 * The assemble stage: the data set of an import — its data version (the newest of the dates of the records read and
 * of the sources' editions, or `--data-version`), the sources to credit (with their editions; an update's base release's
 * too), and the files read.
 * @example const dataset = await assemble(read, resolved, { report, base: null });
 */
export async function assemble(
  read: ReadResult,
  resolved: Resolved,
  options: { dataVersion?: string; base: Snapshot | null; report: (p: Problem) => void },
): Promise<Dataset> {
  const { report } = options;
  const { files } = read;
  const editions = read.facts.map((f) => f?.published ?? null).filter((d): d is string => d !== null);
  // The inputs' own records and editions date the data: an update's, not the release's it applies to, nor the
  // records it carries from it — an older week is then older, and refused (or rolled back to) as such.
  const newest = [read.dates.newest, ...editions]
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  const version = dataVersion(
    options.dataVersion,
    newest ?? null,
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

  const upstream: Upstream[] = [...(options.base?.upstream ?? [])];
  for (const [i, f] of files.entries()) {
    const mapping = read.mappings[i];
    if (!mapping) continue;
    const published = read.facts[i]?.published ?? null;
    const u =
      (await upstreamOf(mapping, f.path))?.map((x) => (published ? { ...x, date: published } : x)) ?? null;
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
  if (resolved.zipPlaced > 0) upstream.push(REFERENCE_SOURCES.zips);

  const sourceNames = [
    ...new Set(read.mappings.filter((m): m is Mapping => m !== null).map((m) => m.source)),
  ];
  const onTop = options.base ? `, applied on top of the release of ${options.base.dataVersion}` : "";
  return {
    source: {
      name: sourceNames.join(" + ") || "Imported data",
      synthetic: false,
      description: `Real clinic records imported from ${files.length} file(s) (${sourceNames.join(", ")})${onTop}, normalised, checked, de-duplicated and merged by the ucd importer; see docs/ingest.md for every rule.`,
      files: files.map((f) => ({
        name: basename(f.path),
        format: f.format,
        records: f.records,
        date: f.date,
      })),
      upstream: uniqueSources(upstream),
    },
    dataVersion: version.version,
    recordDates: resolved.dates,
    clinics: resolved.clinics,
    cities: [...resolved.cities].sort((a, b) => cmp(a.state, b.state) || cmp(a.slug, b.slug)),
    networks: [...resolved.networks]
      .sort()
      .map((name) => ({ name, wikidata: itemOf(resolved.wikidata.get(name)) })),
    report: resolved.report,
    snapshot: resolved.snapshot,
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A network's Wikidata item: the one its clinics' brand evidence gives most (the lowest id of a tie); else null. */
function itemOf(counts: ReadonlyMap<string, number> | undefined): string | null {
  let best: [string, number] | null = null;
  for (const [item, n] of counts ?? [])
    if (best === null || n > best[1] || (n === best[1] && item < best[0])) best = [item, n];
  return best?.[0] ?? null;
}
