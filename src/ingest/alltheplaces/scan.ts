import { FatalInputError } from "../problems.js";
import type { SpiderFile } from "./run.js";

/** What a spider's file holds besides its features: its `dataset_attributes` (`@spider`, `spider:collection_time`…). */
export type DatasetAttributes = Record<string, unknown>;

/** What scanning a spider's file yields: the lines worth parsing, then the file's counts. */
export type ScanEvent =
  | { type: "attributes"; attributes: DatasetAttributes | null }
  | { type: "feature"; line: number; text: string }
  | { type: "end"; features: number; attributes: DatasetAttributes | null; bytes: number };

/** Which features of a file to parse: all of them (a listed spider's), or those the bytes say may be urgent care. */
export interface ScanTarget {
  every: boolean;
  /** Wikidata items (their numbers) whose brand or operator makes a feature urgent care. */
  brands: ReadonlySet<number>;
}

const NL = 0x0a;
const OPEN_BRACE = 0x7b;
/** Bytes that mark a feature as perhaps urgent care: the category's value, or a listed brand's or operator's id. */
const URGENT = Buffer.from("urgent");
const BRAND = Buffer.from('"brand:wikidata":"Q');
const OPERATOR = Buffer.from('"operator:wikidata":"Q');
/** A line longer than this is not a feature of a store locator: the file is not in All The Places' layout. */
const MAX_LINE = 16 << 20;

/**
 * Scans one spider's GeoJSON as All The Places writes it (`GeoJsonExporter`: a first line
 * `{"type":"FeatureCollection","dataset_attributes":{…},"features":[`, then one feature per line, then `]}`),
 * streamed chunk by chunk. Every feature line is counted; only those that may be urgent care are decoded and
 * yielded with their line number: all of a listed spider's, else those whose bytes hold `urgent` (the
 * `healthcare:speciality` value) or a listed brand's or operator's Wikidata id — nearly every feature of a run is
 * only counted, never parsed (the NPPES reader's way with its taxonomy codes).
 * @example for await (const e of scanSpider(file, { every: false, brands })) if (e.type === "feature") JSON.parse(e.text)
 */
export async function* scanSpider(file: SpiderFile, target: ScanTarget): AsyncGenerator<ScanEvent> {
  const stream = await file.open();
  let line = 0;
  let features = 0;
  let attributes: DatasetAttributes | null = null;
  let bytes = 0;
  let carry: Buffer | null = null;
  const out: { line: number; text: string }[] = [];
  let told = false;

  /** One whole line (without its newline): counted, and kept when wanted. */
  const single = (buf: Buffer, wanted: boolean) => {
    line++;
    if (line === 1) attributes = attributesOf(buf.toString("utf8"));
    else if (buf[0] === OPEN_BRACE) {
      features++;
      if (wanted) out.push({ line, text: buf.toString("utf8", 0, trimmedEnd(buf, 0, buf.length)) });
    }
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      let start = 0;
      if (carry !== null) {
        const nl = chunk.indexOf(NL);
        if (nl < 0) {
          carry = Buffer.concat([carry, chunk]);
          if (carry.length > MAX_LINE) throw notLayout(file, line + 1);
          continue;
        }
        const whole = Buffer.concat([carry, chunk.subarray(0, nl)]);
        carry = null;
        single(whole, target.every || mayBeUrgent(whole, 0, whole.length, target.brands));
        start = nl + 1;
      }
      const end = chunk.lastIndexOf(NL) + 1;
      if (end > start) region(chunk, start, end);
      if (end < chunk.length) carry = Buffer.from(chunk.subarray(Math.max(end, start)));
      // The first line (the file's attributes) is told before any feature.
      if (!told && line >= 1) {
        told = true;
        yield { type: "attributes", attributes };
      }
      for (const f of out) yield { type: "feature", ...f };
      out.length = 0;
    }
    if (carry !== null && carry.length > 0)
      single(carry, target.every || mayBeUrgent(carry, 0, carry.length, target.brands));
    if (!told) yield { type: "attributes", attributes };
    for (const f of out) yield { type: "feature", ...f };
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    throw new FatalInputError({
      file: file.label,
      row: line,
      field: "",
      code: "file_unreadable",
      message: `cannot read it: ${(e as Error).message}`,
    });
  } finally {
    stream.destroy();
  }
  yield { type: "end", features, attributes, bytes };

  /** The whole lines of `chunk[start, end)`: every one counted, those with a mark (or all) kept. */
  function region(chunk: Buffer, start: number, end: number): void {
    const hits = target.every ? null : marks(chunk, start, end, target.brands);
    let h = 0;
    let pos = start;
    while (pos < end) {
      const nl = chunk.indexOf(NL, pos);
      const stop = nl < 0 || nl >= end ? end : nl;
      line++;
      if (line === 1) attributes = attributesOf(chunk.toString("utf8", pos, stop));
      else if (chunk[pos] === OPEN_BRACE) {
        features++;
        let wanted = hits === null;
        if (hits !== null) {
          while (h < hits.length && (hits[h] as number) < pos) h++;
          wanted = h < hits.length && (hits[h] as number) < stop;
        }
        if (wanted) out.push({ line, text: chunk.toString("utf8", pos, trimmedEnd(chunk, pos, stop)) });
      }
      pos = stop + 1;
    }
  }
}

/** The positions of every mark in `buf[start, end)`, in order. */
function marks(buf: Buffer, start: number, end: number, brands: ReadonlySet<number>): number[] {
  const found: number[] = [];
  for (let i = buf.indexOf(URGENT, start); i >= 0 && i < end; i = buf.indexOf(URGENT, i + 1)) found.push(i);
  for (const key of [BRAND, OPERATOR])
    for (let i = buf.indexOf(key, start); i >= 0 && i < end; i = buf.indexOf(key, i + key.length)) {
      if (brands.has(itemNumber(buf, i + key.length, end))) found.push(i);
    }
  return found.length > 1 ? found.sort((a, b) => a - b) : found;
}

function mayBeUrgent(buf: Buffer, start: number, end: number, brands: ReadonlySet<number>): boolean {
  return marks(buf, start, end, brands).length > 0;
}

/** The number of a Wikidata item whose digits start at `at` (`Q123` → 123); -1 when none. */
function itemNumber(buf: Buffer, at: number, end: number): number {
  let n = 0;
  let i = at;
  for (; i < end && i < at + 15; i++) {
    const c = buf[i] as number;
    if (c < 0x30 || c > 0x39) break;
    n = n * 10 + (c - 0x30);
  }
  return i === at ? -1 : n;
}

/** The end of a feature line without its `,` separator and a `\r`. */
function trimmedEnd(buf: Buffer, start: number, end: number): number {
  let e = end;
  while (e > start && (buf[e - 1] === 0x2c || buf[e - 1] === 0x0d || buf[e - 1] === 0x20)) e--;
  return e;
}

/** The `dataset_attributes` of a file's first line; null when it has none. */
function attributesOf(first: string): DatasetAttributes | null {
  const at = first.indexOf('"dataset_attributes":');
  const end = first.lastIndexOf(',"features":[');
  if (at < 0 || end < at) return null;
  try {
    const value = JSON.parse(first.slice(at + '"dataset_attributes":'.length, end)) as unknown;
    return value !== null && typeof value === "object" ? (value as DatasetAttributes) : null;
  } catch {
    return null;
  }
}

function notLayout(file: SpiderFile, line: number): FatalInputError {
  return new FatalInputError({
    file: file.label,
    row: line,
    field: "",
    code: "unknown_format",
    message:
      "a line of more than 16 MiB: not All The Places' layout (one feature per line after a FeatureCollection header); a GeoJSON file written otherwise is not read",
  });
}
