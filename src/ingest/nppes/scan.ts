import { MAX_RECORD_LINES } from "../readers/csv-records.js";
import { MAX_LINE_BYTES } from "../readers/line-guard.js";

/** A line the scanner keeps: its number (the header is line 1) and its text (a record over several lines joined by "\n"). */
export interface ScannedLine {
  line: number;
  text: string;
}

/** What to keep besides the header: lines holding one of the needles, and lines of watched NPIs. */
export interface ScanOptions {
  /** Byte strings (taxonomy codes): a line holding one is a candidate. */
  needles: readonly string[];
  /** NPIs (as numbers) whose lines are kept whatever they hold (read from the first cell, `"1234567890",`). */
  watch?: ReadonlySet<number>;
  /** Keep every line (a small file whose every record counts). */
  all?: boolean;
  /**
   * The most records kept (the header aside) before the file is refused (`too_many_rows`): what is kept is held
   * until the input is read, so it bounds the reader's memory whatever the file (`MAX_KEPT_RECORDS`).
   */
  maxKept?: number;
}

/**
 * The most records of one NPPES file the reader keeps: the monthly file has ~20,000 lines of urgent-care
 * organisations (and a release lists about as many NPIs to watch); a file in which five times as many lines hold a
 * wanted code is not one CMS writes for this taxonomy. A 2 MB ZIP of 300,000 copies of one urgent-care line took
 * 1.9 GB before this bound; it is now refused at a peak of 160 MiB (see docs/ingest.md, `nppes`).
 */
export const MAX_KEPT_RECORDS = 100_000;

const NL = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const DOT = 0x2e;

/**
 * Finds the few lines of a huge NPPES file that can matter without parsing the others: a line that holds none of
 * the needles (the urgent-care taxonomy code, `261QU0200X`) and whose NPI is not watched cannot be an urgent-care
 * record, so it is only counted. Bytes are searched as they come (no line is decoded unless kept), every line is
 * counted so that kept lines carry their true numbers, and memory holds one partial line between chunks.
 * A kept line whose quotes are still open at its end takes the next lines until they close (at most
 * MAX_RECORD_LINES), the way the CSV reader joins a record. A line longer than MAX_LINE_BYTES is not held: it is
 * passed to `onTooLong` with its number and skipped.
 * @example
 * const scan = new LineScanner({ needles: ["261QU0200X"] }, (l) => kept.push(l), (n) => report(n));
 * for await (const chunk of createReadStream(file)) scan.push(chunk);
 * scan.end();
 */
export class LineScanner {
  /** Lines seen so far (complete ones, and the last one once `end` is called). */
  lines = 0;
  bytes = 0;
  private readonly needles: Buffer[];
  private readonly watch: ReadonlySet<number> | undefined;
  private readonly all: boolean;
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private dropping = false;
  /** The line being dropped holds a CR that ends no CRLF: the file's lines end with CR alone. */
  private droppedCr = false;
  /** A kept record whose quotes are open: its lines so far, each with whether it would be kept on its own. */
  private open: { lines: { line: number; text: string; own: boolean }[]; quotes: number } | null = null;

  constructor(
    options: ScanOptions,
    private readonly onLine: (line: ScannedLine) => void,
    private readonly onTooLong: (line: number, bytes: number, crOnly: boolean) => void = () => {},
  ) {
    this.needles = options.needles.map((n) => Buffer.from(n, "latin1"));
    this.watch = options.watch && options.watch.size > 0 ? options.watch : undefined;
    this.all = options.all === true;
  }

  /** Scans the next bytes of the file. */
  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    let start = 0;
    if (this.partial.length > 0 || this.dropping) {
      const nl = chunk.indexOf(NL);
      if (nl === -1) {
        this.hold(chunk);
        return;
      }
      this.hold(chunk.subarray(0, nl));
      this.finishPartial();
      start = nl + 1;
    }
    const ahead = this.needles.map((n) => chunk.indexOf(n, start));
    let p = start;
    for (;;) {
      const nl = chunk.indexOf(NL, p);
      if (nl === -1) break;
      this.lines++;
      if (nl - p > MAX_LINE_BYTES) {
        // A line over the limit within one chunk is refused as one across chunks is.
        const cr = chunk.indexOf(CR, p);
        this.onTooLong(this.lines, nl - p, cr !== -1 && cr < nl - 1);
        if (this.open !== null) this.flushOpen();
        for (let i = 0; i < ahead.length; i++)
          if ((ahead[i] as number) !== -1 && (ahead[i] as number) < nl)
            ahead[i] = chunk.indexOf(this.needles[i] as Buffer, nl + 1);
        p = nl + 1;
        continue;
      }
      let own = this.lines === 1 || this.all;
      for (let i = 0; i < ahead.length; i++) {
        const at = ahead[i] as number;
        if (at !== -1 && at < nl) {
          own = true;
          ahead[i] = chunk.indexOf(this.needles[i] as Buffer, nl + 1);
        }
      }
      if (!own && this.watch !== undefined) own = this.watch.has(npiAt(chunk, p));
      if (own || this.open !== null) this.take(chunk, p, nl, own);
      p = nl + 1;
    }
    if (p < chunk.length) this.hold(chunk.subarray(p));
  }

  /** Ends the file: its last line (without a line break) is scanned too; a record left open is kept as it is. */
  end(): void {
    if (this.partial.length > 0 || this.dropping) this.finishPartial();
    if (this.open !== null) this.flushOpen();
  }

  private hold(piece: Buffer): void {
    if (this.dropping || this.partialBytes + piece.length > MAX_LINE_BYTES) {
      const cr = piece.indexOf(CR);
      this.droppedCr ||= cr !== -1 && cr < piece.length - 1;
    }
    if (this.dropping) {
      this.partialBytes += piece.length;
      return;
    }
    if (this.partialBytes + piece.length > MAX_LINE_BYTES) {
      for (const held of this.partial) {
        const cr = held.indexOf(CR);
        this.droppedCr ||= cr !== -1 && cr < held.length - 1;
      }
      this.dropping = true;
      this.partial = [];
      this.partialBytes += piece.length;
      return;
    }
    // A copy: the chunk itself must not stay pinned in memory by a few bytes of it.
    this.partial.push(Buffer.from(piece));
    this.partialBytes += piece.length;
  }

  /** The line held across chunks is complete: scan it like any other. */
  private finishPartial(): void {
    this.lines++;
    if (this.dropping) {
      this.onTooLong(this.lines, this.partialBytes, this.droppedCr);
      this.dropping = false;
      this.droppedCr = false;
      this.partial = [];
      this.partialBytes = 0;
      if (this.open !== null) this.flushOpen();
      return;
    }
    const line = this.partial.length === 1 ? (this.partial[0] as Buffer) : Buffer.concat(this.partial);
    this.partial = [];
    this.partialBytes = 0;
    let own = this.lines === 1 || this.all || this.needles.some((n) => line.includes(n));
    if (!own && this.watch !== undefined) own = this.watch.has(npiAt(line, 0));
    if (own || this.open !== null) this.take(line, 0, line.length, own);
  }

  private take(buf: Buffer, start: number, end: number, own: boolean): void {
    const stop = end > start && buf[end - 1] === 0x0d ? end - 1 : end;
    const text = buf.toString("utf8", start, stop);
    let quotes = 0;
    for (let i = start; i < stop; i++) if (buf[i] === QUOTE) quotes++;
    const line = { line: this.lines, text, own };
    if (this.open !== null) {
      this.open.lines.push(line);
      this.open.quotes += quotes;
      if (this.open.quotes % 2 === 0 || this.open.lines.length >= MAX_RECORD_LINES) this.flushOpen();
      return;
    }
    if (quotes % 2 === 1) {
      this.open = { lines: [line], quotes };
      return;
    }
    this.onLine({ line: line.line, text });
  }

  /**
   * A kept record whose quotes closed within MAX_RECORD_LINES is one record; otherwise its opening quote was a stray
   * one: its first line goes on alone (the parser reports it) and the lines after it are scanned on their own.
   */
  private flushOpen(): void {
    const { lines, quotes } = this.open as NonNullable<LineScanner["open"]>;
    this.open = null;
    const first = lines[0] as { line: number; text: string };
    if (quotes % 2 === 0) {
      this.onLine({ line: first.line, text: lines.map((l) => l.text).join("\n") });
      return;
    }
    this.onLine({ line: first.line, text: first.text });
    for (const l of lines.slice(1)) if (l.own) this.onLine({ line: l.line, text: l.text });
  }
}

/**
 * The NPI in the first cell of the line starting at `p` (`"1234567890",…`, NPPES quotes every cell; a spreadsheet's
 * or pandas' re-save does not: `1234567890,…`, `1234567890.0,…`), as a number; -1 when the line does not start so.
 */
export function npiAt(buf: Buffer, p: number): number {
  const quoted = buf[p] === QUOTE;
  const start = quoted ? p + 1 : p;
  const after = buf[start + 10];
  if (quoted ? after !== QUOTE : after !== COMMA && after !== DOT) return -1;
  let n = 0;
  for (let i = start; i < start + 10; i++) {
    const d = (buf[i] as number) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
