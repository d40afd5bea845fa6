import type {
  ColumnMetaData,
  Compressors,
  DataReader,
  DecodedArray,
  PageHeader,
  ParquetType,
  SchemaElement,
} from "hyparquet";
import { parquetHeader } from "hyparquet/src/column.js";
import { decompressPage } from "hyparquet/src/datapage.js";
import { deltaByteArray, deltaLengthByteArray } from "hyparquet/src/delta.js";
import { byteStreamSplit } from "hyparquet/src/encoding.js";
import { readPlain } from "hyparquet/src/plain.js";
import { FatalInputError } from "../problems.js";
import { checkDeclaredSize } from "./codecs.js";
import { MAX_VALUE_BYTES, ParquetLimitError, type ReadBudget } from "./parquet-limits.js";
import { decodeHybrid, hybridCount } from "./rle.js";

/**
 * One leaf column of a Parquet file with what its levels mean: its path in the schema (`addresses`, `list`,
 * `element`, `country`), its path without the wrappers of lists (`addresses.country`: how one names a field
 * whatever the writer called the wrappers — Spark, DuckDB and pyarrow do not agree), the highest definition and
 * repetition levels, and the definition level at which an element of its list exists (a null element, a struct
 * whose field is null and a value all count as an element; below it the list is empty or null).
 */
export interface Leaf {
  path: string[];
  /** The path without list wrappers, joined with dots. */
  name: string;
  type: ParquetType;
  typeLength: number | undefined;
  maxDef: number;
  maxRep: number;
  elementDef: number;
}

/** A value of a leaf as stored: bytes for text and binaries, numbers, bigints for INT64. */
export type Cell = Uint8Array | number | bigint | boolean;

/** A value longer than MAX_VALUE_BYTES, in place of its bytes: its record is rejected (`row_too_large`). */
export class OversizedValue {
  constructor(readonly bytes: number) {}
}

/** A value of a row as `pick` gives it. */
export type Picked = Cell | OversizedValue | null;

/** Where a column chunk is, for messages, and what reading it may take. */
export interface ChunkContext {
  file: string;
  /** The row group's index in the file (from 0). */
  group: number;
  /** The row group's rows, as its metadata declares them (already charged to the budget). */
  rows: number;
  budget: ReadBudget;
}

/**
 * Every leaf of a schema (the flat list of a file's metadata), by its name without list wrappers.
 * @example schemaLeaves(metadata.schema).get("addresses.country") // { path: ["addresses", "list", "element", "country"], maxDef: 4, … }
 */
export function schemaLeaves(schema: readonly SchemaElement[]): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const walk = (
    i: number,
    path: string[],
    names: string[],
    def: number,
    rep: number,
    elementDef: number,
    inList: boolean,
  ): number => {
    const e = schema[i] as SchemaElement;
    const d = e.repetition_type === "REQUIRED" || e.repetition_type === undefined ? def : def + 1;
    const r = e.repetition_type === "REPEATED" ? rep + 1 : rep;
    const ed = e.repetition_type === "REPEATED" ? d : elementDef;
    const here = [...path, e.name];
    // The wrappers of a list are not named: the repeated child of a LIST, and its only child (three levels).
    const wrapper = inList || (e.repetition_type === "REPEATED" && path.length > 0 && isList(schema, i));
    const named = wrapper ? names : [...names, e.name];
    const children = e.num_children ?? 0;
    if (children === 0) {
      if (e.type)
        out.set(named.join("."), {
          path: here,
          name: named.join("."),
          type: e.type,
          typeLength: e.type_length,
          maxDef: d,
          maxRep: r,
          elementDef: ed,
        });
      return i + 1;
    }
    let j = i + 1;
    const threeLevel = e.repetition_type === "REPEATED" && wrapper && children === 1;
    for (let c = 0; c < children; c++) j = walk(j, here, named, d, r, ed, threeLevel && !inList);
    return j;
  };
  const isList = (flat: readonly SchemaElement[], child: number): boolean => {
    // The parent of `child` is the nearest group before it whose subtree holds it; lists are annotated LIST.
    for (let p = child - 1; p >= 1; p--) {
      const e = flat[p] as SchemaElement;
      if (!e.num_children) continue;
      if (p + subtreeSize(flat, p) > child)
        return e.converted_type === "LIST" || e.logical_type?.type === "LIST";
    }
    return false;
  };
  let i = 1;
  while (i < schema.length) i = walk(i, [], [], 0, 0, 0, false);
  return out;
}

/** Number of schema elements of the subtree at `i` (itself and its descendants). */
function subtreeSize(schema: readonly SchemaElement[], i: number): number {
  let size = 1;
  const children = (schema[i] as SchemaElement).num_children ?? 0;
  for (let c = 0; c < children; c++) size += subtreeSize(schema, i + size);
  return size;
}

/** The values of one data page, decoded as far as cheap: dictionary indices, or where plain values start. */
type PageValues =
  | { kind: "dictionary"; indices: Int32Array }
  | { kind: "plain"; view: DataView; offset: number }
  | { kind: "decoded"; values: DecodedArray };

interface Page {
  /** Level entries of the page. */
  count: number;
  def: Uint8Array | null;
  rep: Uint8Array | null;
  values: PageValues;
}

/** What a decoded value costs beyond its bytes: a typed-array view (V8: about 100 bytes), charged to the budget. */
const VIEW_COST = 100;

/**
 * A column chunk of one leaf in one row group, read page by page without turning its values into JavaScript
 * values: levels are decoded into byte arrays, dictionary indices into an integer array, plain values are walked
 * in place. Only the values asked for become values (`pick`), and a test over every value runs once per
 * dictionary entry (`markRows`). This is what makes a scan of millions of nested rows cheap where decoding every
 * value (hyparquet's row assembly) is not.
 *
 * Nothing the file says is taken on trust: every size and count is checked against the bytes that must hold it
 * (a page within its chunk, levels and values within their page, a dictionary's entries within its bytes and its
 * column's values, a page's data within its codec's largest ratio and exactly its declared size decompressed, the
 * rows of the row group), and every allocation is charged to the row group's budget (`ReadBudget`) first. Any
 * failure is fatal, naming the file, the row group and the column.
 */
export class LeafChunk {
  private dictionary: DecodedArray | null = null;
  /** Pages decompressed ahead (`inflate`), by the offset of their compressed bytes in the chunk. */
  private readonly inflated = new Map<number, Uint8Array>();

  constructor(
    readonly leaf: Leaf,
    private readonly bytes: Uint8Array,
    private readonly meta: ColumnMetaData,
    private readonly compressors: Compressors,
    private readonly where: ChunkContext,
  ) {}

  /** Marks (sets to 1) each row of `rows` (one byte per row of the group) that has a value passing `test`. */
  markRows(rows: Uint8Array, test: (value: Cell) => boolean): void {
    this.guard(() => {
      const { maxDef } = this.leaf;
      let row = -1;
      for (const page of this.pages()) {
        const table = page.values.kind === "dictionary" ? this.dictionaryTable(test) : null;
        const cursor = table ? null : new ValueCursor(this.leaf, page.values);
        let v = 0;
        for (let e = 0; e < page.count; e++) {
          if (!page.rep || page.rep[e] === 0) row++;
          if (page.def && page.def[e] !== maxDef) continue;
          const hit = table
            ? table[(page.values as { indices: Int32Array }).indices[v] as number] === 1
            : test((cursor as ValueCursor).at(v));
          v++;
          if (hit) rows[row] = 1;
        }
        if (row >= rows.length) break;
      }
      if (row + 1 > rows.length)
        throw new ParquetLimitError(
          `the column holds more rows than the ${rows.length} the row group declares`,
        );
      if (row + 1 < rows.length)
        throw new ParquetLimitError(
          `the column holds ${row + 1} rows where the row group declares ${rows.length}`,
        );
    });
  }

  /**
   * The values of the given rows (row numbers within the group, ascending): for each row, one entry per element of
   * its list (one entry for a leaf outside lists), null where the element has no value; [] for an empty or null
   * list. A value longer than MAX_VALUE_BYTES is given as an `OversizedValue`.
   */
  pick(rows: readonly number[]): Picked[][] {
    return this.guard(() => {
      const out: Picked[][] = rows.map(() => []);
      const { maxDef, maxRep, elementDef } = this.leaf;
      // `row` is the last row started; rows are found by their first entry (repetition level 0), values counted by
      // the definition level — in tight loops, since most rows of a chunk are skipped.
      let row = -1;
      let next = 0;
      for (const page of this.pages()) {
        if (next >= rows.length) break;
        const { count, def, rep } = page;
        const cursor = new ValueCursor(this.leaf, page.values, this.dictionary);
        let e = 0;
        let v = 0;
        while (next < rows.length) {
          const target = rows[next] as number;
          if (rep === null) {
            const to = e + (target - row - 1);
            if (to >= count) {
              v += valuesIn(def, maxDef, e, count);
              row += count - e;
              e = count;
              break;
            }
            v += valuesIn(def, maxDef, e, to);
            e = to;
          } else {
            while (e < count && !(rep[e] === 0 && row + 1 === target)) {
              if (rep[e] === 0) row++;
              if (def === null || def[e] === maxDef) v++;
              e++;
            }
            if (e >= count) break;
          }
          row = target;
          const cells = out[next] as Picked[];
          do {
            const d = def === null ? maxDef : (def[e] as number);
            if (d === maxDef) cells.push(sized(cursor.at(v++)));
            else if (maxRep === 0 || d >= elementDef) cells.push(null);
            e++;
          } while (rep !== null && e < count && rep[e] !== 0);
          next++;
        }
        // The rows of the page after the last one taken.
        if (rep === null) row += count - e;
        else for (; e < count; e++) if (rep[e] === 0) row++;
      }
      return out;
    });
  }

  /**
   * Decompresses every page of the chunk ahead, with a decompressor that runs off the main thread (Node's thread
   * pool), so that several chunks' pages are decompressed side by side; without one, pages are decompressed as they
   * are read.
   */
  async inflate(codecs: Partial<Record<string, (input: Uint8Array, length: number) => Promise<Uint8Array>>>) {
    const codec = codecs[this.meta.codec];
    if (!codec) return;
    const jobs: Promise<void>[] = [];
    try {
      const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
      const reader: DataReader = { view, offset: 0 };
      while (reader.offset < view.byteLength) {
        const header = this.header(reader);
        let start = reader.offset;
        reader.offset += header.compressed_page_size;
        let size = header.uncompressed_page_size;
        if (header.type === "DICTIONARY_PAGE") this.dictionaryEntries(header);
        const v2 = header.data_page_header_v2;
        if (v2) {
          if (v2.is_compressed === false) continue;
          const levelBytes = v2.repetition_levels_byte_length + v2.definition_levels_byte_length;
          if (levelBytes < 0 || levelBytes > header.compressed_page_size || levelBytes > size)
            throw new ParquetLimitError("a page's levels run past the page");
          start += levelBytes;
          size -= levelBytes;
        }
        const body = this.bytes.subarray(start, reader.offset);
        checkDeclaredSize(this.meta.codec, body, size);
        this.where.budget.charge(size, "a page");
        jobs.push(codec(body, size).then((out) => void this.inflated.set(body.byteOffset, out)));
      }
    } catch (e) {
      await Promise.allSettled(jobs);
      throw this.fatal(e);
    }
    const results = await Promise.allSettled(jobs);
    for (const r of results) if (r.status === "rejected") throw this.fatal(r.reason);
  }

  /** 1 for each dictionary entry that passes the test. */
  private dictionaryTable(test: (value: Cell) => boolean): Uint8Array {
    const dict = this.dictionary ?? [];
    const table = new Uint8Array(dict.length);
    for (let k = 0; k < dict.length; k++) table[k] = test(dict[k] as Cell) ? 1 : 0;
    return table;
  }

  /** The data pages of the chunk, in order; the dictionary page, if any, is kept for the values. */
  private *pages(): Generator<Page> {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const reader: DataReader = { view, offset: 0 };
    const total = Number(this.meta.num_values);
    let seen = 0;
    while (seen < total && reader.offset < view.byteLength) {
      const header = this.header(reader);
      const start = reader.offset;
      reader.offset += header.compressed_page_size;
      const body = this.bytes.subarray(start, start + header.compressed_page_size);
      if (header.type === "DICTIONARY_PAGE") {
        const count = this.dictionaryEntries(header);
        const page = this.decompress(body, header.uncompressed_page_size);
        this.where.budget.charge(count * VIEW_COST, `a dictionary of ${count} entries`);
        const r = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
        this.dictionary = readPlain(r, this.leaf.type, count, this.leaf.typeLength);
        if (r.offset > page.length)
          throw new ParquetLimitError("the dictionary's values run past the end of its page");
      } else if (header.type === "DATA_PAGE") {
        const page = this.dataPageV1(body, header, seen);
        seen += page.count;
        yield page;
      } else if (header.type === "DATA_PAGE_V2") {
        const page = this.dataPageV2(body, header, seen);
        seen += page.count;
        yield page;
      }
    }
  }

  /**
   * The entries of a dictionary page: no more than the column's values (a dictionary holds each value of the column
   * once), and no more than its declared bytes can hold (4 bytes at least for a byte array's length).
   */
  private dictionaryEntries(header: PageHeader): number {
    const count = header.dictionary_page_header?.num_values ?? 0;
    const total = Number(this.meta.num_values);
    if (!Number.isSafeInteger(count) || count < 0 || count > total)
      throw new ParquetLimitError(
        `the dictionary declares ${count} entries where the column holds ${total} values`,
      );
    const least = this.leaf.type === "BYTE_ARRAY" ? 4 : (fixedWidth(this.leaf) ?? 0);
    if (count * least > header.uncompressed_page_size)
      throw new ParquetLimitError(
        `the dictionary declares ${count} entries, more than its ${header.uncompressed_page_size} bytes can hold`,
      );
    return count;
  }

  /** A page header, whose page must lie within the chunk. */
  private header(reader: DataReader): PageHeader {
    const header = parquetHeader(reader);
    const size = header.compressed_page_size;
    if (!Number.isSafeInteger(size) || size < 0 || reader.offset + size > reader.view.byteLength)
      throw new ParquetLimitError(
        `a page of ${size} bytes runs past the end of its column chunk (${reader.view.byteLength} bytes)`,
      );
    return header;
  }

  /**
   * The level entries of a page: at least 0, and for a leaf outside lists (one entry per row) no more than the rows
   * of the group left; their decoded levels are charged to the budget.
   */
  private entries(count: number, seen: number): number {
    const { maxRep, maxDef } = this.leaf;
    if (!Number.isSafeInteger(count) || count < 0)
      throw new ParquetLimitError(`a page declares ${count} values, which cannot be`);
    if (maxRep === 0 && seen + count > this.where.rows)
      throw new ParquetLimitError(
        `a page declares ${count} values after ${seen}, more than the ${this.where.rows} rows of the row group`,
      );
    this.where.budget.charge(
      count * ((maxRep > 0 ? 1 : 0) + (maxDef > 0 ? 1 : 0)),
      `the levels of ${count} values`,
    );
    return count;
  }

  private dataPageV1(body: Uint8Array, header: PageHeader, seen: number): Page {
    const h = header.data_page_header;
    if (!h) throw new ParquetLimitError("a data page without its header");
    const count = this.entries(h.num_values, seen);
    const bytes = this.decompress(body, header.uncompressed_page_size);
    const reader: DataReader = {
      view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      offset: 0,
    };
    // V1: each level section is its length (4 bytes, little-endian), then the levels.
    const section = (max: number): Uint8Array => {
      if (reader.offset + 4 > bytes.length) throw new ParquetLimitError("a page ends before its levels");
      const length = reader.view.getUint32(reader.offset, true);
      const end = reader.offset + 4 + length;
      if (end > bytes.length) throw new ParquetLimitError("a page's levels run past the end of the page");
      const out = levels(bytes, reader.offset + 4, end, max, count);
      reader.offset = end;
      return out;
    };
    const rep = this.leaf.maxRep > 0 ? section(this.leaf.maxRep) : null;
    const def = this.leaf.maxDef > 0 ? section(this.leaf.maxDef) : null;
    return {
      count,
      rep,
      def,
      values: this.values(reader, h.encoding, present(def, this.leaf.maxDef, count)),
    };
  }

  private dataPageV2(body: Uint8Array, header: PageHeader, seen: number): Page {
    const h = header.data_page_header_v2;
    if (!h) throw new ParquetLimitError("a data page without its header");
    const count = this.entries(h.num_values, seen);
    const repEnd = h.repetition_levels_byte_length;
    const levelBytes = repEnd + h.definition_levels_byte_length;
    if (repEnd < 0 || levelBytes < repEnd || levelBytes > body.length)
      throw new ParquetLimitError("a page's levels run past the end of the page");
    const nulls = h.num_nulls;
    if (!Number.isSafeInteger(nulls) || nulls < 0 || nulls > count)
      throw new ParquetLimitError(`a page declares ${nulls} nulls among ${count} values, which cannot be`);
    const rep = this.leaf.maxRep > 0 ? levels(body, 0, repEnd, this.leaf.maxRep, count) : null;
    const def = this.leaf.maxDef > 0 ? levels(body, repEnd, levelBytes, this.leaf.maxDef, count) : null;
    let data = body.subarray(levelBytes);
    if (h.is_compressed !== false) data = this.decompress(data, header.uncompressed_page_size - levelBytes);
    const reader: DataReader = {
      view: new DataView(data.buffer, data.byteOffset, data.byteLength),
      offset: 0,
    };
    return { count, rep, def, values: this.values(reader, h.encoding, count - nulls) };
  }

  private values(reader: DataReader, encoding: string, n: number): PageValues {
    const { type, typeLength } = this.leaf;
    const left = reader.view.byteLength - reader.offset;
    const width = fixedWidth(this.leaf);
    if (encoding === "PLAIN" && type !== "BOOLEAN") {
      if (width !== undefined && n * width > left)
        throw new ParquetLimitError(`a page declares ${n} values, more than its ${left} bytes can hold`);
      return { kind: "plain", view: reader.view, offset: reader.offset };
    }
    if (encoding === "PLAIN_DICTIONARY" || encoding === "RLE_DICTIONARY") {
      if (this.dictionary === null)
        throw new ParquetLimitError("values point into a dictionary the column does not have");
      if (left < 1 && n > 0) throw new ParquetLimitError("a page ends before its dictionary indices");
      const bits = reader.view.getUint8(reader.offset++);
      if (bits > 32) throw new ParquetLimitError(`dictionary indices of ${bits} bits, which cannot be`);
      const { view } = reader;
      const page = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      if (hybridCount(page, reader.offset, view.byteLength, bits, n) < n)
        throw new ParquetLimitError(`a page declares ${n} values, more than its dictionary indices hold`);
      this.where.budget.charge(n * 4, `the dictionary indices of ${n} values`);
      const indices = new Int32Array(n);
      decodeHybrid(page, reader.offset, view.byteLength, bits, indices);
      const size = this.dictionary.length;
      for (let i = 0; i < n; i++)
        if ((indices[i] as number) >= size || (indices[i] as number) < 0)
          throw new ParquetLimitError(
            `a value points to entry ${indices[i]} of a dictionary of ${size} entries`,
          );
      return { kind: "dictionary", indices };
    }
    // The encodings decoded whole: each value charged.
    this.where.budget.charge(n * VIEW_COST, `${n} values`);
    if (encoding === "DELTA_LENGTH_BYTE_ARRAY" || encoding === "DELTA_BYTE_ARRAY") {
      const values: Uint8Array[] = new Array(n);
      if (encoding === "DELTA_LENGTH_BYTE_ARRAY") deltaLengthByteArray(reader, n, values);
      else deltaByteArray(reader, n, values);
      return { kind: "decoded", values: values as unknown as DecodedArray };
    }
    if (encoding === "BYTE_STREAM_SPLIT")
      return { kind: "decoded", values: byteStreamSplit(reader, n, type, typeLength) };
    if (encoding === "PLAIN") {
      if (n > left * 8)
        throw new ParquetLimitError(`a page declares ${n} values, more than its ${left} bytes can hold`);
      return { kind: "decoded", values: readPlain(reader, type, n, typeLength) };
    }
    throw new ParquetLimitError(`values encoded as ${encoding}, which this reader does not read`);
  }

  /** A page's data decompressed (ahead, by `inflate`, or now), charged to the budget first. */
  private decompress(bytes: Uint8Array, size: number): Uint8Array {
    const ahead = this.inflated.get(bytes.byteOffset);
    if (ahead) return ahead;
    if (this.meta.codec === "UNCOMPRESSED") {
      if (size !== bytes.length)
        throw new ParquetLimitError(`an uncompressed page of ${bytes.length} bytes declares ${size} bytes`);
      return bytes;
    }
    // Whether the bytes can hold the size before the budget is asked for it: a page that claims 2 GiB in 9 bytes
    // is refused as one that cannot be, not as one too large to read.
    checkDeclaredSize(this.meta.codec, bytes, size);
    this.where.budget.charge(size, "a page");
    return decompressPage(bytes, size, this.meta.codec, this.compressors);
  }

  private guard<T>(read: () => T): T {
    try {
      return read();
    } catch (e) {
      throw this.fatal(e);
    }
  }

  /**
   * Any failure while reading the chunk, as a fatal problem naming the file, the row group and the column: a size
   * that cannot be, or whatever the decoders met (`Offset is outside the bounds of the DataView`, a codec's `missing
   * eof marker`).
   */
  private fatal(e: unknown): FatalInputError {
    if (e instanceof FatalInputError) return e;
    return parquetFatal(this.where.file, this.where.group, this.leaf.name, e);
  }
}

/**
 * A failure inside a Parquet file as a fatal problem: the file, the row group and (when known) the column, what
 * is wrong, and what to try.
 * @example throw parquetFatal("places.parquet", 3, "names.primary", new Error("missing eof marker"))
 */
export function parquetFatal(
  file: string,
  group: number | null,
  column: string,
  e: unknown,
): FatalInputError {
  const where = [group === null ? "" : `row group ${group}`, column ? `column ${column}` : ""]
    .filter(Boolean)
    .join(", ");
  const what =
    e instanceof ParquetLimitError
      ? e.message
      : where
        ? `cannot be read: ${(e as Error).message}`
        : `not a readable Parquet file: ${(e as Error).message}`;
  return new FatalInputError({
    file,
    row: 0,
    field: column,
    code: "file_unreadable",
    message: `${where ? `${where}: ` : ""}${what}`,
    next: PARQUET_DAMAGED,
  });
}

/** What to try with a Parquet file that is damaged or not as Parquet writers write it. */
export const PARQUET_DAMAGED =
  "The file is damaged or not as Parquet writers write it: download it again, or write it again (DuckDB: COPY … TO 'file.parquet' (FORMAT parquet))";

/** A value as `pick` gives it: bytes over MAX_VALUE_BYTES become an `OversizedValue`. */
const sized = (c: Cell): Picked =>
  c instanceof Uint8Array && c.length > MAX_VALUE_BYTES ? new OversizedValue(c.length) : c;

/** Levels of a page (RLE / bit-packed hybrid, in `bytes[start..end]`), one byte each; all `count` of them. */
function levels(bytes: Uint8Array, start: number, end: number, max: number, count: number): Uint8Array {
  const width = 32 - Math.clz32(max);
  if (hybridCount(bytes, start, end, width, count) < count)
    throw new ParquetLimitError(`a page declares ${count} values, more than its levels hold`);
  const out = new Uint8Array(count);
  decodeHybrid(bytes, start, end, width, out);
  return out;
}
/** Values among the level entries `from`–`to` of a page: those at the highest definition level. */
function valuesIn(def: Uint8Array | null, maxDef: number, from: number, to: number): number {
  if (def === null) return to - from;
  let n = 0;
  for (let e = from; e < to; e++) if (def[e] === maxDef) n++;
  return n;
}

/** Values present in a V1 page: level entries at the highest definition level. */
function present(def: Uint8Array | null, maxDef: number, count: number): number {
  if (!def) return count;
  let n = 0;
  for (let e = 0; e < count; e++) if (def[e] === maxDef) n++;
  return n;
}

const FIXED_WIDTH: Partial<Record<ParquetType, number>> = {
  INT32: 4,
  FLOAT: 4,
  INT64: 8,
  DOUBLE: 8,
  INT96: 12,
};

/** The width of a fixed-width leaf's values in bytes; undefined for byte arrays and booleans. */
function fixedWidth(leaf: Leaf): number | undefined {
  return leaf.type === "FIXED_LEN_BYTE_ARRAY" ? (leaf.typeLength ?? 0) : FIXED_WIDTH[leaf.type];
}

/**
 * Reads the values of one page by their index (ascending), without decoding the ones in between: plain byte
 * arrays are skipped by their length prefix, fixed-width values addressed directly, dictionary indices looked up.
 */
class ValueCursor {
  private index = 0;
  private pos = 0;

  constructor(
    private readonly leaf: Leaf,
    private readonly values: PageValues,
    private readonly dictionary: DecodedArray | null = null,
  ) {
    if (values.kind === "plain") this.pos = values.offset;
  }

  at(v: number): Cell {
    const values = this.values;
    if (values.kind === "dictionary")
      return (this.dictionary as DecodedArray)[values.indices[v] as number] as Cell;
    if (values.kind === "decoded") return values.values[v] as Cell;
    const { view } = values;
    const { type, typeLength } = this.leaf;
    if (type === "BYTE_ARRAY") {
      const end = view.byteLength - 4;
      while (this.index < v) {
        if (this.pos > end) throw new ParquetLimitError("a page ends before its values");
        this.pos += 4 + view.getUint32(this.pos, true);
        this.index++;
      }
      if (this.pos > end) throw new ParquetLimitError("a page ends before its values");
      const length = view.getUint32(this.pos, true);
      if (this.pos + 4 + length > view.byteLength)
        throw new ParquetLimitError(`a value of ${length} bytes runs past the end of its page`);
      return new Uint8Array(view.buffer, view.byteOffset + this.pos + 4, length);
    }
    const width = type === "FIXED_LEN_BYTE_ARRAY" ? (typeLength ?? 0) : (FIXED_WIDTH[type] ?? 0);
    const at = values.offset + v * width;
    switch (type) {
      case "DOUBLE":
        return view.getFloat64(at, true);
      case "FLOAT":
        return view.getFloat32(at, true);
      case "INT32":
        return view.getInt32(at, true);
      case "INT64":
        return view.getBigInt64(at, true);
      default:
        return new Uint8Array(view.buffer, view.byteOffset + at, width);
    }
  }
}
