import { wkbToGeojson } from "hyparquet/src/wkb.js";
import { FatalInputError } from "../problems.js";
import type { TextOptions } from "../readers/encoding.js";
import { type Picked, parquetFatal } from "../readers/parquet-leaf.js";
import { parquetText } from "../readers/parquet-text.js";
import type { ReaderEvent, RowProblem, SourceFacts } from "../readers/types.js";
import { DEFAULT_MIN_CONFIDENCE, OVERTURE_ROW, type PlaceField, URGENT_CARE_CATEGORY } from "./columns.js";
import { openPlaces, type PlacesFile } from "./places-file.js";
import { releaseDate } from "./release.js";
import { oversized, type PlaceFilter, verdicts, wantedRows } from "./scan.js";

export interface OvertureReadOptions {
  /** Overture categories to keep (default `urgent_care_clinic`; given ones are added to it). */
  categories?: readonly string[];
  /** The lowest confidence kept (default 0.5, `DEFAULT_MIN_CONFIDENCE`). */
  minConfidence?: number;
  onProgress?: (label: string, bytes: number) => void;
}

/** The filter of an import from its options: urgent care and the categories asked for. */
export function placeFilter(options: OvertureReadOptions = {}): PlaceFilter {
  return {
    categories: [...new Set([URGENT_CARE_CATEGORY, ...(options.categories ?? [])])].sort(),
    minConfidence: options.minConfidence ?? DEFAULT_MIN_CONFIDENCE,
  };
}

/** The fields read for a published place, beyond those its verdict needed. */
const ROW_FIELDS: readonly PlaceField[] = [
  "id",
  "geometry",
  "name",
  "street",
  "locality",
  "postcode",
  "region",
  "country",
  "phones",
  "websites",
  "brandName",
  "brandWikidata",
  "sourceUpdated",
  "sourceDataset",
  "confidence",
];

/** The category fields of a file: `categories` where the release has them, else `taxonomy`. */
function categoryFields(file: PlacesFile): readonly [PlaceField, PlaceField] {
  return file.leaves.category !== null ? ["category", "alternates"] : ["taxonomy", "taxonomyAlternates"];
}

/**
 * Reads an Overture Maps places file (a release's GeoParquet, or an extract of it) as rows of the `overture`
 * profile, streamed one row group at a time. Per row group, the category columns are scanned first (a test per
 * dictionary entry, not per place); only the places of a wanted category (urgent care, and `--category`) are read
 * further: those rejected are reported with their reasons (licence, outside the US, closed, low confidence), the
 * others yielded with their GERS id, name, first address, first phone and web site, point (from the WKB geometry),
 * brand and newest source update time. The places of other categories — nearly all of them — are only counted.
 * Ends with the file's `source` facts: the release's date, and the counts.
 * @example for await (const e of readOverture("places-2026-01-21.0.parquet", report)) …
 */
export async function* readOverture(
  path: string,
  onRowProblem: RowProblem,
  options: OvertureReadOptions & { text?: TextOptions } = {},
): AsyncGenerator<ReaderEvent> {
  const file = await openPlaces(path);
  try {
    const filter = placeFilter(options);
    yield { type: "columns", columns: Object.values(OVERTURE_ROW) };
    const text = parquetText(path, options.text);
    const counts = { places: 0, wanted: 0, rejected: 0, kept: 0 };
    let rowStart = 0;
    let bytes = 0;
    for (const [index, group] of file.metadata.row_groups.entries()) {
      let read: { decided: Awaited<ReturnType<typeof verdicts>>; places: PlaceRow[]; kept: number[] };
      try {
        const rows = await wantedRows(file, index, filter);
        const decided = await verdicts(file, index, rows, filter);
        const kept = decided.filter((v) => v.reasons.length === 0).map((v) => v.row);
        read = { decided, kept, places: await rowValues(file, index, kept, text.stringFromBytes) };
      } catch (e) {
        // Whatever the decoders met inside the row group, named with it (the columns name themselves).
        if (e instanceof FatalInputError) throw e;
        throw parquetFatal(path, index, "", e);
      }
      counts.places += Number(group.num_rows);
      counts.wanted += read.decided.length;
      for (const v of read.decided) {
        if (v.reasons.length === 0) continue;
        counts.rejected++;
        const [first, ...more] = v.reasons;
        const also = more.length ? `; also: ${more.map((r) => r.message).join("; ")}` : "";
        onRowProblem(rowStart + v.row + 1, first?.code ?? "", `${first?.message}${also}`);
      }
      for (const [k, place] of read.places.entries()) {
        const row = rowStart + (read.kept[k] as number) + 1;
        if ("values" in place) {
          counts.kept++;
          yield { type: "row", row, values: place.values };
        } else {
          counts.rejected++;
          onRowProblem(row, place.code, place.message);
        }
      }
      rowStart += Number(group.num_rows);
      bytes += Number(group.total_compressed_size ?? 0);
      options.onProgress?.(`scanning ${path}`, bytes);
    }
    const number = (n: number) => n.toLocaleString("en-US");
    const facts: SourceFacts = {
      published: releaseDate(file.metadata.key_value_metadata, path),
      update: false,
      npis: [],
      notes: [
        `${path}: ${number(counts.places)} places read, ${number(counts.places - counts.wanted)} of other categories (not urgent care: counted, not read further), ${number(counts.wanted)} of the categories kept (${filter.categories.join(", ")}): ${number(counts.kept)} read as clinics, ${number(counts.rejected)} rejected (see their rows)`,
        ...(file.leaves.status === null
          ? ["this release has no operating_status: closed places cannot be told apart and are read as open"]
          : []),
      ],
    };
    yield { type: "source", facts };
  } finally {
    await file.close();
  }
}

/** A kept place: its values as a row of the `overture` profile, or why it cannot be read after all. */
type PlaceRow = { values: Record<string, unknown> } | { code: string; message: string };

/**
 * The values of the kept rows of a group, as rows of the `overture` profile; a place with a value over the limit
 * (`row_too_large`) or whose geometry is not a point (`geometry_not_point`) is not read.
 */
async function rowValues(
  file: PlacesFile,
  index: number,
  rows: readonly number[],
  str: (b: Uint8Array) => string,
): Promise<PlaceRow[]> {
  if (rows.length === 0) return [];
  // The columns are read (and, off the main thread, decompressed) together; each is decoded as it arrives.
  const read = file.group(index);
  const picked = new Map<PlaceField, Picked[][]>();
  const [category, alternates] = categoryFields(file);
  const fields = [...ROW_FIELDS, category, alternates];
  await Promise.all(
    fields.map(async (f) => {
      const c = await read.chunk(f);
      if (c) picked.set(f, c.pick(rows));
    }),
  );
  const values = fields.map((f) => picked.get(f));
  const cells = (f: PlaceField, k: number) => picked.get(f)?.[k] ?? [];
  const first = (f: PlaceField, k: number): string | null => {
    const c = cells(f, k)[0];
    return c instanceof Uint8Array ? str(c) : null;
  };
  const all = (f: PlaceField, k: number): string[] =>
    cells(f, k).flatMap((c) => (c instanceof Uint8Array ? [str(c)] : []));
  return rows.map((_, k): PlaceRow => {
    const large = oversized(file, fields, values, k);
    if (large) return large;
    const geometry = pointOf(cells("geometry", k)[0]);
    if (geometry.kind === "other")
      return {
        code: "geometry_not_point",
        message: `the place's geometry is ${geometry.type === "unreadable" ? "not readable WKB" : `a ${geometry.type}`}, not a point: where its door is cannot be known (Overture's places are points); not published`,
      };
    const point = geometry.kind === "point" ? geometry : null;
    const region = first("region", k);
    const country = first("country", k);
    const phones = all("phones", k);
    const updated = all("sourceUpdated", k).sort().at(-1) ?? null;
    return {
      values: {
        [OVERTURE_ROW.sourceId]: first("id", k),
        [OVERTURE_ROW.name]: first("name", k),
        [OVERTURE_ROW.street]: first("street", k),
        [OVERTURE_ROW.city]: first("locality", k),
        [OVERTURE_ROW.state]: stateOf(region, country),
        [OVERTURE_ROW.zip]: first("postcode", k),
        // A US number first: a place may list a foreign one beside it.
        [OVERTURE_ROW.phone]:
          phones.find((p) => /^\+1\d{10}$/.test(p.replace(/[\s().-]/g, ""))) ?? phones[0] ?? null,
        [OVERTURE_ROW.website]: first("websites", k),
        // A coordinate that is not a finite number (NaN, Infinity) goes on as its text, for the coordinates rule to
        // report as invalid (not as missing).
        [OVERTURE_ROW.latitude]: coordinate(point?.latitude),
        [OVERTURE_ROW.longitude]: coordinate(point?.longitude),
        [OVERTURE_ROW.brand]: first("brandName", k),
        [OVERTURE_ROW.brandWikidata]: first("brandWikidata", k),
        [OVERTURE_ROW.updated]: updated,
        [OVERTURE_ROW.category]: first(category, k),
        [OVERTURE_ROW.alternates]: all(alternates, k).join("|"),
        [OVERTURE_ROW.confidence]: numberOf(cells("confidence", k)[0]),
        [OVERTURE_ROW.basedOn]: [...new Set(all("sourceDataset", k))].sort().join("|"),
      },
    };
  });
}

/**
 * The state of an address: `US-TX` (ISO 3166-2, as releases write it) or `TX` (as older ones did) → `TX`; a
 * territory, which Overture writes as a country of its own (`PR`), → that code, for the importer to report as out
 * of scope, as for every source.
 */
export function stateOf(region: string | null, country: string | null): string | null {
  const c = country?.toUpperCase() ?? null;
  if (c !== null && c !== "US") return c;
  if (region === null) return null;
  const m = /^US-([A-Z]{2})$/i.exec(region.trim());
  return m ? (m[1] as string).toUpperCase() : region;
}

/** A number cell (a place's confidence) as text; null when it has none. */
function numberOf(cell: Picked | undefined): string | null {
  return typeof cell === "number" && Number.isFinite(cell) ? String(cell) : null;
}

/**
 * The point of a WKB geometry; `none` when the place has no geometry; `other` (with its type) when it is another
 * geometry — a LineString, a Polygon, a collection — or not readable WKB.
 */
export function pointOf(
  cell: Picked | undefined,
):
  | { kind: "point"; latitude: number; longitude: number }
  | { kind: "none" }
  | { kind: "other"; type: string } {
  if (cell === null || cell === undefined) return { kind: "none" };
  if (!(cell instanceof Uint8Array)) return { kind: "other", type: "unreadable" };
  try {
    const g = wkbToGeojson({ view: new DataView(cell.buffer, cell.byteOffset, cell.byteLength), offset: 0 });
    if (g.type !== "Point") return { kind: "other", type: g.type };
    const [longitude, latitude] = g.coordinates as number[];
    return typeof latitude === "number" && typeof longitude === "number"
      ? { kind: "point", latitude, longitude }
      : { kind: "other", type: "unreadable" };
  } catch {
    return { kind: "other", type: "unreadable" };
  }
}

/** A coordinate as the row gives it: the number, its text when not finite, null when absent. */
const coordinate = (x: number | undefined): number | string | null =>
  x === undefined ? null : Number.isFinite(x) ? x : String(x);
