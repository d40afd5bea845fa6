import { type FileHandle, open } from "node:fs/promises";
import {
  type ColumnChunk,
  type FileMetaData,
  parquetMetadata,
  type RowGroup,
  type SchemaElement,
} from "hyparquet";
import { FatalInputError } from "../problems.js";
import { PARQUET_CODECS, PARQUET_CODECS_ASYNC } from "../readers/codecs.js";
import {
  type Cell,
  type Leaf,
  LeafChunk,
  PARQUET_DAMAGED,
  parquetFatal,
  schemaLeaves,
} from "../readers/parquet-leaf.js";
import {
  checkSchema,
  MAX_GROUP_BYTES,
  MAX_GROUP_ROWS,
  ParquetLimitError,
  ReadBudget,
} from "../readers/parquet-limits.js";
import { PLACE_FIELDS, PLACES_MARKERS, type PlaceField, REQUIRED_FIELDS } from "./columns.js";

/** An Overture places file, open: its metadata and the leaves of the fields the reader takes. */
export interface PlacesFile {
  path: string;
  metadata: FileMetaData;
  /** The leaf of each field; null when the file has no such field (an older release: no `operating_status`). */
  leaves: Record<PlaceField, Leaf | null>;
  /**
   * Starts a pass over a row group (by its index): the columns read in it share one budget of memory
   * (`MAX_GROUP_BYTES`), which the pass's own arrays are charged to as well.
   */
  group(index: number): GroupRead;
  close(): Promise<void>;
}

/** One pass over a row group: its columns, read within one budget of memory. */
export interface GroupRead {
  index: number;
  group: RowGroup;
  /** Its rows, as its metadata declares them (checked against the columns as they are read). */
  rows: number;
  /** The column chunk of a field, read; null when the file has no such field. */
  chunk(field: PlaceField): Promise<LeafChunk | null>;
  /** Charges an allocation of the pass to the budget, or fails naming the file and row group. */
  charge(bytes: number, what: string): void;
}

/**
 * Whether the top-level columns of a Parquet file are an Overture places file's.
 * @example isPlacesSchema(metadata.schema) // true for a release's places files and the extracts of them
 */
export function isPlacesSchema(schema: readonly SchemaElement[]): boolean {
  const top = topLevel(schema);
  return PLACES_MARKERS.every((c) => top.has(c)) && (top.has("categories") || top.has("taxonomy"));
}

/** The top-level column names of a flat schema. */
function topLevel(schema: readonly SchemaElement[]): Set<string> {
  const names = new Set<string>();
  const root = schema[0]?.num_children ?? 0;
  let i = 1;
  for (let c = 0; c < root && i < schema.length; c++) {
    names.add((schema[i] as SchemaElement).name);
    i = skip(schema, i);
  }
  return names;
}
const skip = (schema: readonly SchemaElement[], i: number): number => {
  let j = i + 1;
  for (let c = 0; c < ((schema[i] as SchemaElement).num_children ?? 0); c++) j = skip(schema, j);
  return j;
};

/**
 * Reads the metadata of a Parquet file (its footer only), or throws a fatal input error naming the file.
 * @example const { metadata, handle } = await parquetFooter("places.parquet")
 */
export async function parquetFooter(
  path: string,
): Promise<{ metadata: FileMetaData; handle: FileHandle; size: number }> {
  const fail = (code: string, message: string, next?: string): never => {
    throw new FatalInputError({ file: path, row: 0, field: "", code, message, ...(next ? { next } : {}) });
  };
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (e) {
    return fail("file_unreadable", `cannot read the file: ${(e as Error).message}`);
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) fail("file_empty", "the file is empty");
    if (size < 12) fail("file_unreadable", "not a readable Parquet file: too short");
    const tail = await readAt(handle, size - 8, 8);
    const length = new DataView(tail.buffer, tail.byteOffset, 8).getUint32(0, true);
    if (String.fromCharCode(...tail.subarray(4)) !== "PAR1" || length + 8 > size)
      fail("file_unreadable", "not a readable Parquet file: no Parquet footer");
    const footer = await readAt(handle, size - 8 - length, length + 8);
    const copy = new Uint8Array(footer.byteLength);
    copy.set(footer);
    const metadata = parquetMetadata(copy.buffer);
    // Before anything walks the schema as a tree (recursively).
    checkSchema(metadata.schema);
    return { metadata, handle, size };
  } catch (e) {
    await handle.close();
    if (e instanceof FatalInputError) throw e;
    if (e instanceof ParquetLimitError) throw parquetFatal(path, null, "", e);
    return fail("file_unreadable", `not a readable Parquet file: ${(e as Error).message}`, PARQUET_DAMAGED);
  }
}

/**
 * Opens a places file: its footer, and the leaves of the fields the reader takes. A Parquet file that lacks a
 * field the reader needs (an id, a point, a name, the address's town, region and country, and a category field)
 * is refused (`missing_columns`), naming them.
 */
export async function openPlaces(path: string): Promise<PlacesFile> {
  const { metadata, handle, size } = await parquetFooter(path);
  try {
    checkRows(metadata);
  } catch (e) {
    await handle.close();
    throw parquetFatal(path, null, "", e);
  }
  const all = schemaLeaves(metadata.schema);
  const leaves = Object.fromEntries(
    Object.entries(PLACE_FIELDS).map(([field, name]) => [field, all.get(name) ?? null]),
  ) as Record<PlaceField, Leaf | null>;
  const missing: string[] = REQUIRED_FIELDS.filter((f) => leaves[f] === null).map((f) => PLACE_FIELDS[f]);
  if (leaves.category === null && leaves.taxonomy === null)
    missing.push("categories.primary (or taxonomy.primary)");
  if (missing.length) {
    await handle.close();
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "missing_columns",
      message: `not an Overture places file this importer reads: no ${missing.join(", ")}. Give a file of Overture's places theme (docs/ingest.md, "Getting the file"), or drop --profile overture for another Parquet file`,
    });
  }
  return {
    path,
    metadata,
    leaves,
    group(index) {
      const group = metadata.row_groups[index] as RowGroup;
      const rows = Number(group.num_rows);
      const budget = new ReadBudget();
      const charge = (bytes: number, what: string) => {
        try {
          budget.charge(bytes, what);
        } catch (e) {
          throw parquetFatal(path, index, "", e);
        }
      };
      return {
        index,
        group,
        rows,
        charge,
        async chunk(field) {
          const leaf = leaves[field];
          if (!leaf) return null;
          const column = group.columns.find((c) => samePath(c, leaf.path));
          if (!column?.meta_data) return null;
          const meta = column.meta_data;
          const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
          const length = Number(meta.total_compressed_size);
          // The chunk's bytes are read whole: they must lie in the file, before its footer.
          if (!(start >= 4 && length >= 0 && start + length <= size - 8))
            throw parquetFatal(
              path,
              index,
              leaf.name,
              new ParquetLimitError(
                `the column's ${length} bytes at byte ${start} lie outside the file's ${size} bytes`,
              ),
            );
          try {
            budget.charge(length, "the column's bytes");
          } catch (e) {
            throw parquetFatal(path, index, leaf.name, e);
          }
          const bytes = await readAt(handle, start, length);
          const chunk = new LeafChunk(leaf, bytes, meta, PARQUET_CODECS, {
            file: path,
            group: index,
            rows,
            budget,
          });
          await chunk.inflate(PARQUET_CODECS_ASYNC);
          return chunk;
        },
      };
    },
    close: () => handle.close(),
  };
}

/**
 * Checks the row groups' row counts before anything is allocated for them: whole numbers, each at most
 * MAX_GROUP_ROWS, adding up to the file's.
 */
function checkRows(metadata: FileMetaData): void {
  let total = 0;
  metadata.row_groups.forEach((g, i) => {
    const rows = Number(g.num_rows);
    if (!Number.isSafeInteger(rows) || rows < 0)
      throw new ParquetLimitError(`row group ${i} declares ${g.num_rows} rows, which cannot be`);
    if (rows > MAX_GROUP_ROWS)
      throw new ParquetLimitError(
        `row group ${i} declares ${rows} rows, more than the ${MAX_GROUP_ROWS} a places row group can have to be read within ${MAX_GROUP_BYTES / 2 ** 20} MiB`,
      );
    total += rows;
  });
  if (total !== Number(metadata.num_rows))
    throw new ParquetLimitError(
      `the row groups hold ${total} rows where the file declares ${metadata.num_rows}`,
    );
}

const samePath = (c: ColumnChunk, path: readonly string[]) => {
  const p = c.meta_data?.path_in_schema ?? [];
  return p.length === path.length && p.every((x, i) => x === path[i]);
};

async function readAt(handle: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await handle.read(buf, got, length - got, position + got);
    if (bytesRead === 0)
      throw new Error(`the file ends at byte ${position + got}, before the column it lists`);
    got += bytesRead;
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, length);
}

/** Text of a stored value (bytes as UTF-8), for comparisons; null for anything else. */
export function cellText(c: Cell | null | undefined, decode: (b: Uint8Array) => string): string | null {
  return c instanceof Uint8Array ? decode(c) : null;
}
