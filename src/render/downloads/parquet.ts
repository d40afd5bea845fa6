import { gzipSync } from "node:zlib";
import type { ColumnChunk, SchemaElement, SchemaTree } from "hyparquet";
import { getMaxDefinitionLevel } from "hyparquet/src/schema.js";
import { fileWriter, ParquetWriter } from "hyparquet-writer";
import { writeColumn } from "hyparquet-writer/src/column.js";
import { schemaPathResolver } from "hyparquet-writer/src/schema.js";
import { CANONICAL_COLUMNS, type CanonicalColumn } from "../../dataset/canonical-columns.js";
import type { ClinicRecord } from "../../dataset/types.js";
import type { Clinic } from "../../schema/clinic.js";
import { WEEKDAYS } from "../../schema/hours.js";
import { type ExportRow, evidenceText } from "./rows.js";

/** Columns written with a dictionary whatever their size: few distinct values, many repeats. */
export const DICTIONARY_COLUMNS: ReadonlySet<CanonicalColumn> = new Set<CanonicalColumn>([
  "network",
  "timezone",
  "state",
  "state_code",
  "state_name",
  "city",
  "city_name",
  "coordinates_source",
  "kind",
  "evidence_level",
]);

/** Written into the file's footer instead of the writer's default, so that the bytes depend on the data only. */
export const PARQUET_CREATED_BY = "urgent-care-directory build (hyparquet-writer)";

type Repetition = "REQUIRED" | "OPTIONAL";
const rep = (nullable: boolean): Repetition => (nullable ? "OPTIONAL" : "REQUIRED");
const text = (name: string, nullable: boolean): SchemaElement => ({
  name,
  type: "BYTE_ARRAY",
  converted_type: "UTF8",
  repetition_type: rep(nullable),
});
/** Three-level LIST (Parquet's standard layout) of `element`; the element's own name is replaced by `element`. */
const listOf = (name: string, nullable: boolean, element: SchemaElement[]): SchemaElement[] => [
  { name, repetition_type: rep(nullable), converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  { ...(element[0] as SchemaElement), name: "element", repetition_type: "REQUIRED" },
  ...element.slice(1),
];

/** Parquet schema of `hours`: the API's Hours object, with each weekday a list of {open, close}, null when not known. */
function hoursSchema(): SchemaElement[] {
  const period = [{ name: "period", num_children: 2 }, text("open", false), text("close", false)];
  return [
    { name: "hours", repetition_type: "OPTIONAL", num_children: 3 },
    text("timezone", false),
    { name: "open_24_hours", type: "BOOLEAN", repetition_type: "REQUIRED" },
    { name: "weekly", repetition_type: "REQUIRED", num_children: WEEKDAYS.length },
    ...WEEKDAYS.flatMap((d) => listOf(d, true, period)),
  ];
}

function columnSchema(name: CanonicalColumn): SchemaElement[] {
  switch (name) {
    case "latitude":
    case "longitude":
    case "rating":
      return [{ name, type: "DOUBLE", repetition_type: "OPTIONAL" }];
    case "reviews_count":
      return [{ name, type: "INT32", repetition_type: "OPTIONAL" }];
    case "hours":
      return hoursSchema();
    case "sources":
      return listOf(name, false, [
        { name: "source", num_children: 5 },
        text("name", false),
        text("id", true),
        ...listOf("merged_ids", false, [text("element", false)]),
        text("date", true),
        ...listOf("fields", false, [text("element", false)]),
      ]);
    case "services":
    case "insurance":
    case "source_ids":
      return listOf(name, false, [text("element", false)]);
    case "id":
    case "name":
    case "url":
    case "state":
    case "state_code":
    case "state_name":
    case "city":
    case "city_name":
    case "kind":
    case "evidence_level":
    case "evidence":
      return [text(name, false)];
    default:
      return [text(name, true)];
  }
}

/** Repetition or definition levels of a leaf column (0, 1 or 2), appended one by one into a growing buffer. */
class Levels {
  #bytes = new Uint8Array(4096);
  #length = 0;

  push(level: number): void {
    if (this.#length === this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2);
      grown.set(this.#bytes);
      this.#bytes = grown;
    }
    this.#bytes[this.#length++] = level;
  }

  /** The levels so far (a view: valid until the next push). */
  get levels(): Uint8Array {
    return this.#bytes.subarray(0, this.#length);
  }
}

/** One leaf column of a row group, as the Parquet writer takes it (`PageData` of hyparquet-writer). */
interface Leaf {
  values: unknown[];
  definitionLevels: Levels;
  repetitionLevels: Levels;
}

/** What the writer's Dremel encoding would refuse: a required value that is missing. */
function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("parquet required value is undefined");
  return value;
}

/** A leaf under a list: the list's items (its element REQUIRED), or one empty slot when the list is empty. */
function listLeaf(leaf: Leaf, items: readonly unknown[], def: number, rep: number, itemRep: number): void {
  if (items.length === 0) {
    leaf.values.push(undefined);
    leaf.definitionLevels.push(def);
    leaf.repetitionLevels.push(rep);
    return;
  }
  for (let k = 0; k < items.length; k++) {
    leaf.values.push(required(items[k]));
    leaf.definitionLevels.push(def + 1);
    leaf.repetitionLevels.push(k === 0 ? rep : itemRep);
  }
}

function push(leaf: Leaf, value: unknown, def: number, rep: number): void {
  leaf.values.push(value);
  leaf.definitionLevels.push(def);
  leaf.repetitionLevels.push(rep);
}

/** A row's `hours` (OPTIONAL struct) into its 16 leaves: timezone, open_24_hours, then open and close per weekday. */
function shredHours(hours: Clinic["hours"], leaves: readonly Leaf[]): void {
  if (hours === null) {
    for (const leaf of leaves) push(leaf, undefined, 0, 0);
    return;
  }
  push(leaves[0] as Leaf, required(hours.timezone), 1, 0);
  push(leaves[1] as Leaf, required(hours.open_24_hours), 1, 0);
  const weekly = required(hours.weekly);
  for (let d = 0; d < WEEKDAYS.length; d++) {
    const periods = weekly[WEEKDAYS[d] as (typeof WEEKDAYS)[number]];
    const open = leaves[2 + 2 * d] as Leaf;
    const close = leaves[3 + 2 * d] as Leaf;
    // Definition levels: 1 the day not known (a null list), 2 closed (an empty list), 3 a period.
    if (periods === undefined) throw new Error("a weekday of the hours is missing");
    if (periods === null || periods.length === 0) {
      push(open, undefined, periods === null ? 1 : 2, 0);
      push(close, undefined, periods === null ? 1 : 2, 0);
      continue;
    }
    for (let k = 0; k < periods.length; k++) {
      const p = periods[k] as { open: string; close: string };
      push(open, required(p.open), 3, k === 0 ? 0 : 1);
      push(close, required(p.close), 3, k === 0 ? 0 : 1);
    }
  }
}

/** A row's `sources` (list of struct) into its 5 leaves: name, id, merged_ids, date, fields. */
function shredSources(sources: ClinicRecord["sources"], leaves: readonly Leaf[]): void {
  const name = leaves[0] as Leaf;
  const id = leaves[1] as Leaf;
  const merged = leaves[2] as Leaf;
  const date = leaves[3] as Leaf;
  const fields = leaves[4] as Leaf;
  if (sources.length === 0) {
    for (const leaf of leaves) push(leaf, undefined, 0, 0);
    return;
  }
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i] as ClinicRecord["sources"][number];
    const rep = i === 0 ? 0 : 1;
    push(name, required(s.name), 1, rep);
    push(id, s.id, s.id === null || s.id === undefined ? 1 : 2, rep);
    listLeaf(merged, required(s.merged_ids), 1, rep, 2);
    push(date, s.date, s.date === null || s.date === undefined ? 1 : 2, rep);
    listLeaf(fields, required(s.fields), 1, rep, 2);
  }
}

/** How one top-level column's value of a row goes into its leaves. */
type Shred = (row: ExportRow, leaves: readonly Leaf[]) => void;

/** A flat column: REQUIRED (values alone) or OPTIONAL (values and 0/1 definition levels). */
const flat =
  (value: (row: ExportRow) => unknown, nullable: boolean): Shred =>
  (row, leaves) => {
    const leaf = leaves[0] as Leaf;
    const v = value(row);
    if (!nullable) leaf.values.push(required(v));
    else {
      leaf.values.push(v);
      leaf.definitionLevels.push(v === null || v === undefined ? 0 : 1);
    }
  };

const list =
  (items: (row: ExportRow) => readonly string[]): Shred =>
  (row, leaves) =>
    listLeaf(leaves[0] as Leaf, required(items(row)), 0, 0, 1);

/** Each canonical column's value of a row, written into its leaves as hyparquet-writer's Dremel encoding would. */
const SHRED: Record<CanonicalColumn, Shred> = {
  id: flat((r) => r.clinic.id, false),
  name: flat((r) => r.clinic.name, false),
  network: flat((r) => r.clinic.network, true),
  address: flat((r) => r.clinic.address, true),
  neighborhood: flat((r) => r.clinic.neighborhood, true),
  latitude: flat((r) => (r.clinic.coordinates !== null ? r.record.latitude : null), true),
  longitude: flat((r) => (r.clinic.coordinates !== null ? r.record.longitude : null), true),
  coordinates: flat((r) => r.clinic.coordinates, true),
  phone: flat((r) => r.clinic.phone, true),
  timezone: flat((r) => r.clinic.hours?.timezone ?? null, true),
  hours: (r, leaves) => shredHours(r.clinic.hours, leaves),
  services: list((r) => r.clinic.services),
  insurance: list((r) => r.clinic.insurance),
  rating: flat((r) => r.clinic.rating, true),
  reviews_count: flat((r) => r.clinic.reviews_count, true),
  website: flat((r) => r.clinic.website, true),
  url: flat((r) => r.clinic.url, false),
  state: flat((r) => r.state.slug, false),
  state_code: flat((r) => r.state.code, false),
  state_name: flat((r) => r.state.name, false),
  city: flat((r) => r.city.slug, false),
  city_name: flat((r) => r.city.name, false),
  coordinates_source: flat((r) => r.clinic.coordinates_source, true),
  street: flat((r) => r.record.street, true),
  zip: flat((r) => r.record.zip, true),
  record_date: flat((r) => r.record.date, true),
  source_ids: list((r) => r.record.source_ids),
  network_evidence: flat((r) => evidenceText(r.record), true),
  npi: flat((r) => r.clinic.npi, true),
  sources: (r, leaves) => shredSources(r.record.sources, leaves),
  kind: flat((r) => r.clinic.kind, false),
  evidence_level: flat((r) => r.clinic.evidence_level, false),
  evidence: flat((r) => JSON.stringify(r.record.evidence), false),
};

/**
 * The Parquet download's schema: the canonical columns, with real types.
 * @example parquetSchema()[1] // { name: "id", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "REQUIRED" }
 */
export function parquetSchema(): SchemaElement[] {
  return [
    { name: "schema", num_children: CANONICAL_COLUMNS.length },
    ...CANONICAL_COLUMNS.flatMap(columnSchema),
  ];
}

/** Rows per row group: bounded memory while writing, and row groups large enough to compress well. */
export const PARQUET_ROW_GROUP = 50_000;

/**
 * How the Parquet file's pages are compressed: GZIP (RFC 1952, deflate at zlib's default level 6), which every
 * Parquet reader has (DuckDB, Arrow and so pandas, polars, R and Spark, hyparquet). Snappy, hyparquet-writer's
 * built-in codec, made files 1.5–1.6 times as large (the sample: 1.26 MB against 0.85 MB; 100k clinics: 12.4
 * against 7.7 MB), and a Parquet file is downloaded and kept by every release for a year (`ARCHIVED_FORMATS`); zstd would be
 * smaller still, but Node 20 has no zstd. Deflating costs ~0.7 s per 100,000 rows (measured: `gzipSync` of DuckDB's
 * uncompressed rewrite of the 100k file, 28 MB). The download manifest's `compression` is its name in lower case.
 */
export const PARQUET_CODEC = "GZIP";
export const PARQUET_COMPRESSORS = {
  [PARQUET_CODEC]: (bytes: Uint8Array) => gzipSync(bytes, { level: 6 }),
};

type ColumnEncoder = Parameters<typeof writeColumn>[0]["column"];

/** A canonical column's leaves (depth first, as the writer orders them), each with how the writer encodes it. */
interface ColumnPlan {
  shred: Shred;
  leaves: { encoder: ColumnEncoder; maxDefinitionLevel: number }[];
}

function leafPaths(path: SchemaTree[]): SchemaTree[][] {
  const node = path[path.length - 1] as SchemaTree;
  return node.children.length === 0 ? [path] : node.children.flatMap((c) => leafPaths([...path, c]));
}

/**
 * The Parquet download, written as rows arrive: the canonical columns with real types (double, int32,
 * list<string>, hours as a struct), compressed with PARQUET_CODEC, row groups of PARQUET_ROW_GROUP rows, statistics on,
 * dictionary-encoded place and network columns, and licence/attribution in the footer's key-value metadata.
 * Deterministic: no timestamps. Each row is shredded into its leaf columns as it arrives (the repetition and
 * definition levels hyparquet-writer's generic Dremel encoding would compute, made here in one pass per row: that
 * encoding walked the schema once per leaf and row, a third of the time), and each leaf column of a row group goes to
 * hyparquet-writer's own column encoder with the options its `ParquetWriter.write` would give it: the same bytes.
 * @example const pq = new ParquetSink(file, [{ key: "license", value: "CC-BY-4.0" }]); pq.append(rows); pq.close();
 */
export class ParquetSink {
  readonly #writer: ParquetWriter;
  readonly #columns: ColumnPlan[];
  #leaves: Leaf[][] = [];
  #buffered = 0;
  #rows = 0;

  constructor(file: string, metadata: { key: string; value: string }[]) {
    const schema = parquetSchema();
    this.#writer = new ParquetWriter({
      writer: fileWriter(file),
      schema,
      codec: PARQUET_CODEC,
      compressors: PARQUET_COMPRESSORS,
      kvMetadata: metadata,
      createdBy: PARQUET_CREATED_BY,
    });
    const resolve = schemaPathResolver(schema);
    const w = this.#writer;
    this.#columns = CANONICAL_COLUMNS.map((name) => ({
      shred: SHRED[name],
      leaves: leafPaths(resolve([name])).map((path) => {
        const schemaPath = path.map((n) => n.element);
        // ParquetWriter.write's defaults: pages of 1 MiB, no dictionary size limit, an offset index, no column
        // index, no bloom filter, statistics untruncated.
        const encoder: ColumnEncoder = {
          columnName: schemaPath
            .slice(1)
            .map((s) => s.name)
            .join("."),
          element: schemaPath[schemaPath.length - 1] as SchemaElement,
          schemaPath,
          codec: w.codec,
          compressors: w.compressors as ColumnEncoder["compressors"],
          stats: w.statistics,
          pageSize: 1_048_576,
          columnIndex: false,
          offsetIndex: true,
          ...(DICTIONARY_COLUMNS.has(name) ? { encoding: "RLE_DICTIONARY" as const } : {}),
        };
        return { encoder, maxDefinitionLevel: getMaxDefinitionLevel(path) };
      }),
    }));
    this.#reset();
  }

  append(rows: readonly ExportRow[]): void {
    for (const row of rows) {
      for (let i = 0; i < this.#columns.length; i++)
        (this.#columns[i] as ColumnPlan).shred(row, this.#leaves[i] as Leaf[]);
      if (++this.#buffered >= PARQUET_ROW_GROUP) this.#flush();
    }
  }

  /** Writes the last row group and the footer; returns the number of rows. */
  close(): number {
    this.#flush();
    this.#writer.finish();
    return this.#rows;
  }

  #reset(): void {
    this.#leaves = this.#columns.map((c) =>
      c.leaves.map(() => ({ values: [], definitionLevels: new Levels(), repetitionLevels: new Levels() })),
    );
    this.#buffered = 0;
  }

  /** One row group, as `ParquetWriter.write` writes it (its columns, its entry in the footer, a flush). */
  #flush(): void {
    const rows = this.#buffered;
    if (rows === 0) return;
    const w = this.#writer;
    const start = w.writer.offset;
    const columns: ColumnChunk[] = [];
    for (const [i, column] of this.#columns.entries()) {
      for (const [j, { encoder, maxDefinitionLevel }] of column.leaves.entries()) {
        const leaf = (this.#leaves[i] as Leaf[])[j] as Leaf;
        const result = writeColumn({
          writer: w.writer,
          column: encoder,
          // Levels as typed arrays: the writer reads them by index and slices them, as it does arrays.
          pageData: {
            values: leaf.values,
            definitionLevels: leaf.definitionLevels.levels,
            repetitionLevels: leaf.repetitionLevels.levels,
            maxDefinitionLevel,
          } as unknown as Parameters<typeof writeColumn>[0]["pageData"],
        });
        columns.push(result.chunk);
        w.pendingIndexes.push(result);
      }
    }
    let total = 0n;
    for (const { meta_data } of columns) total += meta_data?.total_uncompressed_size ?? 0n;
    w.num_rows += BigInt(rows);
    w.row_groups.push({
      columns,
      total_byte_size: total,
      num_rows: BigInt(rows),
      total_compressed_size: BigInt(w.writer.offset - start),
    });
    w.writer.flush?.();
    this.#rows += rows;
    this.#reset();
  }
}
