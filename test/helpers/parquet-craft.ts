// Crafted Parquet files for tests: a minimal Overture places file written page by page, so that a test can make any
// size or count in it lie (a page that claims 2 GiB, levels that claim 2^28 values, a row group of 2^31 rows) and
// keep the file small on disk. Headers and footer are written with hyparquet-writer's own Thrift writers.
import type {
  ColumnChunk,
  CompressionCodec,
  FileMetaData,
  PageHeader,
  ParquetType,
  RowGroup,
  SchemaElement,
} from "hyparquet";
import { ByteWriter } from "hyparquet-writer";
import { writePageHeader } from "hyparquet-writer/src/datapage.js";
import { writeMetadata } from "hyparquet-writer/src/metadata.js";
import { serializeTCompactProtocol } from "hyparquet-writer/src/thrift.js";

/** One page of a column chunk: its header as written, and its bytes. */
export interface CraftPage {
  header: PageHeader;
  body: Uint8Array;
}

/** One column chunk: its leaf's path, codec and pages. */
export interface CraftColumn {
  path: string[];
  type: ParquetType;
  codec: CompressionCodec;
  numValues: number;
  pages: CraftPage[];
}

/** A place of the crafted file: every field the reader needs. */
export interface CraftPlace {
  id: string;
  /** WKB bytes (see `wkbPoint` and friends). */
  geometry: Uint8Array;
  name: string;
  category: string;
  locality: string;
  region: string;
  country: string;
  license: string;
}

/** The leaves of the crafted places file, in schema order, with the place's field each holds. */
export const PLACE_LEAVES: { path: string[]; field: keyof CraftPlace }[] = [
  { path: ["id"], field: "id" },
  { path: ["geometry"], field: "geometry" },
  { path: ["names", "primary"], field: "name" },
  { path: ["categories", "primary"], field: "category" },
  { path: ["addresses", "locality"], field: "locality" },
  { path: ["addresses", "region"], field: "region" },
  { path: ["addresses", "country"], field: "country" },
  { path: ["sources", "license"], field: "license" },
];

const leaf = (name: string): SchemaElement => ({
  name,
  type: "BYTE_ARRAY",
  repetition_type: "OPTIONAL",
});
const group = (name: string, children: number): SchemaElement => ({
  name,
  repetition_type: "OPTIONAL",
  num_children: children,
});

/** The places layout, flat (no lists): what `openPlaces` needs to take a file for a places file. */
export const PLACES_SCHEMA: SchemaElement[] = [
  { name: "root", num_children: 6 },
  leaf("id"),
  leaf("geometry"),
  group("names", 1),
  leaf("primary"),
  group("categories", 1),
  leaf("primary"),
  group("addresses", 3),
  leaf("locality"),
  leaf("region"),
  leaf("country"),
  group("sources", 1),
  leaf("license"),
];

/** An urgent-care place in Austin, TX, that the importer publishes. */
export function place(id: string, overrides: Partial<CraftPlace> = {}): CraftPlace {
  return {
    id,
    geometry: wkbPoint(-97.7431, 30.2672),
    name: `Synthetic Urgent Care ${id}`,
    category: "urgent_care_clinic",
    locality: "Austin",
    region: "US-TX",
    country: "US",
    license: "CDLA-Permissive-2.0",
    ...overrides,
  };
}

const utf8 = new TextEncoder();

/** PLAIN byte arrays: each a 4-byte length, then its bytes. */
export function plainByteArrays(values: readonly (string | Uint8Array)[]): Uint8Array {
  const parts = values.map((v) => (typeof v === "string" ? utf8.encode(v) : v));
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const p of parts) {
    view.setUint32(at, p.length, true);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

/** An RLE run of `count` copies of `value` (one byte wide), as levels and dictionary indices are written. */
export function rleRun(count: number, value: number): Uint8Array {
  const bytes: number[] = [];
  let header = count * 2;
  while (header >= 0x80) {
    bytes.push((header % 0x80) | 0x80);
    header = Math.floor(header / 0x80);
  }
  bytes.push(header, value);
  return Uint8Array.from(bytes);
}

/** A V1 page body for a leaf one optional level deep or two: its definition levels (length-prefixed), then `data`. */
export function v1Body(levels: Uint8Array, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + levels.length + data.length);
  new DataView(out.buffer).setUint32(0, levels.length, true);
  out.set(levels, 4);
  out.set(data, 4 + levels.length);
  return out;
}

/** A V1 data page header. */
export function dataPage(
  numValues: number,
  uncompressed: number,
  compressed: number,
  encoding: PageHeader["data_page_header"] extends infer H
    ? H extends { encoding: infer E }
      ? E
      : never
    : never = "PLAIN",
): PageHeader {
  return {
    type: "DATA_PAGE",
    uncompressed_page_size: uncompressed,
    compressed_page_size: compressed,
    data_page_header: {
      num_values: numValues,
      encoding,
      definition_level_encoding: "RLE",
      repetition_level_encoding: "RLE",
    },
  };
}

/** The column chunk of a leaf holding the given values, every one present: one uncompressed V1 page. */
export function plainColumn(path: string[], values: readonly (string | Uint8Array)[]): CraftColumn {
  const body = v1Body(rleRun(values.length, path.length), plainByteArrays(values));
  return {
    path,
    type: "BYTE_ARRAY",
    codec: "UNCOMPRESSED",
    numValues: values.length,
    pages: [{ header: dataPage(values.length, body.length, body.length), body }],
  };
}

/** The columns of a row group of the given places, with `replace` putting crafted columns in place of some. */
export function placeColumns(
  places: readonly CraftPlace[],
  replace: Record<string, CraftColumn> = {},
): CraftColumn[] {
  return PLACE_LEAVES.map(
    ({ path, field }) =>
      replace[path.join(".")] ??
      plainColumn(
        path,
        places.map((p) => p[field]),
      ),
  );
}

/**
 * A whole Parquet file: `PAR1`, the pages of every column chunk of every row group, the footer. `rows` gives each
 * row group's declared rows (what a test may make lie); the file's rows are their sum unless `fileRows` says.
 */
export function craftParquet(
  groups: readonly { rows: number | bigint; columns: readonly CraftColumn[] }[],
  options: { schema?: SchemaElement[]; fileRows?: bigint } = {},
): Uint8Array {
  const w = new ByteWriter();
  w.appendBytes(utf8.encode("PAR1"));
  const rowGroups: RowGroup[] = groups.map((g) => {
    let groupBytes = 0n;
    const columns: ColumnChunk[] = g.columns.map((c) => {
      const start = BigInt(w.offset);
      let uncompressed = 0;
      for (const page of c.pages) {
        const before = w.offset;
        writePageHeader(w, page.header);
        uncompressed += w.offset - before + page.header.uncompressed_page_size;
        w.appendBytes(page.body);
      }
      const compressed = BigInt(w.offset) - start;
      groupBytes += compressed;
      return {
        file_offset: start,
        meta_data: {
          type: c.type,
          encodings: ["PLAIN", "RLE"],
          path_in_schema: c.path,
          codec: c.codec,
          num_values: BigInt(c.numValues),
          total_uncompressed_size: BigInt(uncompressed),
          total_compressed_size: compressed,
          data_page_offset: start,
        },
      };
    });
    return { columns, total_byte_size: groupBytes, num_rows: BigInt(g.rows) };
  });
  const metadata: FileMetaData = {
    version: 2,
    schema: options.schema ?? PLACES_SCHEMA,
    num_rows: options.fileRows ?? groups.reduce((n, g) => n + BigInt(g.rows), 0n),
    row_groups: rowGroups,
    metadata_length: 0,
  };
  const footerStart = w.offset;
  writeMetadata(w, metadata);
  w.appendUint32(w.offset - footerStart);
  w.appendBytes(utf8.encode("PAR1"));
  return new Uint8Array(w.getBuffer());
}

/** WKB, little-endian: a point. */
export function wkbPoint(x: number, y: number): Uint8Array {
  const out = new Uint8Array(21);
  const v = new DataView(out.buffer);
  v.setUint8(0, 1);
  v.setUint32(1, 1, true);
  v.setFloat64(5, x, true);
  v.setFloat64(13, y, true);
  return out;
}

/** WKB: a line through the given points (type 2), or a polygon of one ring (type 3). */
export function wkbLine(points: readonly [number, number][], polygon = false): Uint8Array {
  const head = polygon ? 13 : 9;
  const out = new Uint8Array(head + points.length * 16);
  const v = new DataView(out.buffer);
  v.setUint8(0, 1);
  v.setUint32(1, polygon ? 3 : 2, true);
  if (polygon) v.setUint32(5, 1, true);
  v.setUint32(head - 4, points.length, true);
  points.forEach(([x, y], i) => {
    v.setFloat64(head + i * 16, x, true);
    v.setFloat64(head + i * 16 + 8, y, true);
  });
  return out;
}

/** WKB: a collection of the given geometries (type 7). */
export function wkbCollection(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(9 + parts.reduce((n, p) => n + p.length, 0));
  const v = new DataView(out.buffer);
  v.setUint8(0, 1);
  v.setUint32(1, 7, true);
  v.setUint32(5, parts.length, true);
  let at = 9;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A Parquet file of no row group with the given schema, its footer written field by field (hyparquet-writer's
 * `writeMetadata` walks the schema as a tree, and a schema 100,000 deep overflows its stack).
 */
export function craftSchemaOnly(schema: readonly SchemaElement[]): Uint8Array {
  const w = new ByteWriter();
  w.appendBytes(utf8.encode("PAR1"));
  const footerStart = w.offset;
  serializeTCompactProtocol(w, {
    field_1: 2,
    field_2: schema.map((e) => ({
      field_1: e.type === undefined ? undefined : 6, // BYTE_ARRAY
      field_3: e.repetition_type === undefined ? undefined : 1, // OPTIONAL
      field_4: e.name,
      field_5: e.num_children,
    })),
    field_3: 0n,
    field_4: [],
  });
  w.appendUint32(w.offset - footerStart);
  w.appendBytes(utf8.encode("PAR1"));
  return new Uint8Array(w.getBuffer());
}
