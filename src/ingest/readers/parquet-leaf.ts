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
import { decodeHybrid } from "./rle.js";

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

/**
 * A column chunk of one leaf in one row group, read page by page without turning its values into JavaScript
 * values: levels are decoded into byte arrays, dictionary indices into an integer array, plain values are walked
 * in place. Only the values asked for become values (`pick`), and a test over every value runs once per
 * dictionary entry (`markRows`). This is what makes a scan of millions of nested rows cheap where decoding every
 * value (hyparquet's row assembly) is not.
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
  ) {}

  /** Marks (sets to 1) each row of `rows` (one byte per row of the group) that has a value passing `test`. */
  markRows(rows: Uint8Array, test: (value: Cell) => boolean): void {
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
    }
  }

  /**
   * The values of the given rows (row numbers within the group, ascending): for each row, one entry per element of
   * its list (one entry for a leaf outside lists), null where the element has no value; [] for an empty or null
   * list.
   */
  pick(rows: readonly number[]): (Cell | null)[][] {
    const out: (Cell | null)[][] = rows.map(() => []);
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
        const cells = out[next] as (Cell | null)[];
        do {
          const d = def === null ? maxDef : (def[e] as number);
          if (d === maxDef) cells.push(cursor.at(v++));
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
  }

  /**
   * Decompresses every page of the chunk ahead, with a decompressor that runs off the main thread (Node's thread
   * pool), so that several chunks' pages are decompressed side by side; without one, pages are decompressed as they
   * are read.
   */
  async inflate(codecs: Partial<Record<string, (input: Uint8Array, length: number) => Promise<Uint8Array>>>) {
    const codec = codecs[this.meta.codec];
    if (!codec) return;
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const reader: DataReader = { view, offset: 0 };
    const jobs: Promise<void>[] = [];
    while (reader.offset < view.byteLength) {
      const header = parquetHeader(reader);
      let start = reader.offset;
      reader.offset += header.compressed_page_size;
      let size = header.uncompressed_page_size;
      const v2 = header.data_page_header_v2;
      if (v2) {
        if (v2.is_compressed === false) continue;
        const levelBytes = v2.repetition_levels_byte_length + v2.definition_levels_byte_length;
        start += levelBytes;
        size -= levelBytes;
      }
      const body = this.bytes.subarray(start, reader.offset);
      jobs.push(codec(body, size).then((out) => void this.inflated.set(body.byteOffset, out)));
    }
    await Promise.all(jobs);
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
      const header = parquetHeader(reader);
      const start = reader.offset;
      reader.offset += header.compressed_page_size;
      const body = this.bytes.subarray(start, start + header.compressed_page_size);
      if (header.type === "DICTIONARY_PAGE") {
        const page = this.decompress(body, header.uncompressed_page_size);
        const count = header.dictionary_page_header?.num_values ?? 0;
        const r = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
        this.dictionary = readPlain(r, this.leaf.type, count, this.leaf.typeLength);
      } else if (header.type === "DATA_PAGE") {
        const page = this.dataPageV1(body, header);
        seen += page.count;
        yield page;
      } else if (header.type === "DATA_PAGE_V2") {
        const page = this.dataPageV2(body, header);
        seen += page.count;
        yield page;
      }
    }
  }

  private dataPageV1(body: Uint8Array, header: PageHeader): Page {
    const h = header.data_page_header;
    if (!h) throw new Error(`${this.leaf.name}: a data page without its header`);
    const bytes = this.decompress(body, header.uncompressed_page_size);
    const reader: DataReader = {
      view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      offset: 0,
    };
    const count = h.num_values;
    // V1: each level section is its length (4 bytes, little-endian), then the levels.
    const section = (max: number): Uint8Array => {
      const length = reader.view.getUint32(reader.offset, true);
      const out = levels(bytes, reader.offset + 4, reader.offset + 4 + length, max, count);
      reader.offset += 4 + length;
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

  private dataPageV2(body: Uint8Array, header: PageHeader): Page {
    const h = header.data_page_header_v2;
    if (!h) throw new Error(`${this.leaf.name}: a data page without its header`);
    const count = h.num_values;
    const repEnd = h.repetition_levels_byte_length;
    const levelBytes = repEnd + h.definition_levels_byte_length;
    const rep = this.leaf.maxRep > 0 ? levels(body, 0, repEnd, this.leaf.maxRep, count) : null;
    const def = this.leaf.maxDef > 0 ? levels(body, repEnd, levelBytes, this.leaf.maxDef, count) : null;
    let data = body.subarray(levelBytes);
    if (h.is_compressed !== false) data = this.decompress(data, header.uncompressed_page_size - levelBytes);
    const reader: DataReader = {
      view: new DataView(data.buffer, data.byteOffset, data.byteLength),
      offset: 0,
    };
    return { count, rep, def, values: this.values(reader, h.encoding, count - h.num_nulls) };
  }

  private values(reader: DataReader, encoding: string, n: number): PageValues {
    const { type, typeLength } = this.leaf;
    if (encoding === "PLAIN" && type !== "BOOLEAN")
      return { kind: "plain", view: reader.view, offset: reader.offset };
    if (encoding === "PLAIN_DICTIONARY" || encoding === "RLE_DICTIONARY") {
      const width = reader.view.getUint8(reader.offset++);
      const indices = new Int32Array(n);
      const { view } = reader;
      const page = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      decodeHybrid(page, reader.offset, view.byteLength, width, indices);
      return { kind: "dictionary", indices };
    }
    if (encoding === "DELTA_LENGTH_BYTE_ARRAY" || encoding === "DELTA_BYTE_ARRAY") {
      const values: Uint8Array[] = new Array(n);
      if (encoding === "DELTA_LENGTH_BYTE_ARRAY") deltaLengthByteArray(reader, n, values);
      else deltaByteArray(reader, n, values);
      return { kind: "decoded", values: values as unknown as DecodedArray };
    }
    if (encoding === "BYTE_STREAM_SPLIT")
      return { kind: "decoded", values: byteStreamSplit(reader, n, type, typeLength) };
    if (encoding === "PLAIN") return { kind: "decoded", values: readPlain(reader, type, n, typeLength) };
    throw new Error(`${this.leaf.name}: values encoded as ${encoding}, which this reader does not read`);
  }

  private decompress(bytes: Uint8Array, size: number): Uint8Array {
    return (
      this.inflated.get(bytes.byteOffset) ?? decompressPage(bytes, size, this.meta.codec, this.compressors)
    );
  }
}

/** Levels of a page (RLE / bit-packed hybrid, in `bytes[start..end]`), one byte each. */
function levels(bytes: Uint8Array, start: number, end: number, max: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  decodeHybrid(bytes, start, end, 32 - Math.clz32(max), out);
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
      while (this.index < v) {
        this.pos += 4 + view.getUint32(this.pos, true);
        this.index++;
      }
      const length = view.getUint32(this.pos, true);
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
