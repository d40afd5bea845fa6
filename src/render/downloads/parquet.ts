import type { SchemaElement } from "hyparquet";
import { type ColumnSource, fileWriter, ParquetWriter } from "hyparquet-writer";
import { CANONICAL_COLUMNS, type CanonicalColumn } from "../../dataset/canonical-columns.js";
import { WEEKDAYS } from "../../schema/hours.js";
import { type ExportRow, evidenceText } from "./rows.js";

/** Columns written with a dictionary whatever their size: few distinct values, many repeats. */
const DICTIONARY_COLUMNS = new Set<CanonicalColumn>([
  "network",
  "timezone",
  "state",
  "state_code",
  "state_name",
  "city",
  "city_name",
  "coordinates_source",
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

/** Parquet schema of `hours`: the API's Hours object, with each weekday a list of {open, close}. */
function hoursSchema(): SchemaElement[] {
  const period = [{ name: "period", num_children: 2 }, text("open", false), text("close", false)];
  return [
    { name: "hours", repetition_type: "OPTIONAL", num_children: 3 },
    text("timezone", false),
    { name: "open_24_hours", type: "BOOLEAN", repetition_type: "REQUIRED" },
    { name: "weekly", repetition_type: "REQUIRED", num_children: WEEKDAYS.length },
    ...WEEKDAYS.flatMap((d) => listOf(d, false, period)),
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
      return [text(name, false)];
    default:
      return [text(name, true)];
  }
}

/** Typed value of each canonical column for one row. */
function cells(row: ExportRow): Record<CanonicalColumn, unknown> {
  const { clinic: c, record: r } = row;
  const located = c.coordinates !== null;
  return {
    id: c.id,
    name: c.name,
    network: c.network,
    address: c.address,
    neighborhood: c.neighborhood,
    latitude: located ? r.latitude : null,
    longitude: located ? r.longitude : null,
    coordinates: c.coordinates,
    phone: c.phone,
    timezone: c.hours?.timezone ?? null,
    hours: c.hours,
    services: c.services,
    insurance: c.insurance,
    rating: c.rating,
    reviews_count: c.reviews_count,
    website: c.website,
    url: c.url,
    state: row.state.slug,
    state_code: row.state.code,
    state_name: row.state.name,
    city: row.city.slug,
    city_name: row.city.name,
    coordinates_source: c.coordinates_source,
    street: r.street,
    zip: r.zip,
    record_date: r.date,
    source_ids: r.source_ids,
    network_evidence: evidenceText(r),
    npi: c.npi,
    sources: r.sources,
  };
}

/** Rows per row group: bounded memory while writing, and row groups large enough to compress well. */
export const PARQUET_ROW_GROUP = 50_000;

/**
 * The Parquet download, written as rows arrive: the canonical columns with real types (double, int32,
 * list<string>, hours as a struct), snappy-compressed, row groups of PARQUET_ROW_GROUP rows, statistics on,
 * dictionary-encoded place and network columns, and licence/attribution in the footer's key-value metadata.
 * Deterministic: no timestamps.
 * @example const pq = new ParquetSink(file, [{ key: "license", value: "CC-BY-4.0" }]); pq.append(rows); pq.close();
 */
export class ParquetSink {
  readonly #writer: ParquetWriter;
  #buffered: Record<CanonicalColumn, unknown>[] = [];
  #rows = 0;

  constructor(file: string, metadata: { key: string; value: string }[]) {
    const schema: SchemaElement[] = [
      { name: "schema", num_children: CANONICAL_COLUMNS.length },
      ...CANONICAL_COLUMNS.flatMap(columnSchema),
    ];
    this.#writer = new ParquetWriter({
      writer: fileWriter(file),
      schema,
      codec: "SNAPPY",
      kvMetadata: metadata,
      createdBy: PARQUET_CREATED_BY,
    });
  }

  append(rows: readonly ExportRow[]): void {
    for (const row of rows) {
      this.#buffered.push(cells(row));
      if (this.#buffered.length >= PARQUET_ROW_GROUP) this.#flush();
    }
  }

  /** Writes the last row group and the footer; returns the number of rows. */
  close(): number {
    this.#flush();
    this.#writer.finish();
    return this.#rows;
  }

  #flush(): void {
    const values = this.#buffered;
    if (values.length === 0) return;
    const columnData: ColumnSource[] = CANONICAL_COLUMNS.map((name) => ({
      name,
      data: values.map((v) => v[name]),
      ...(DICTIONARY_COLUMNS.has(name) ? { encoding: "RLE_DICTIONARY" as const } : {}),
    }));
    this.#writer.write({ columnData, rowGroupSize: values.length });
    this.#rows += values.length;
    this.#buffered = [];
  }
}
