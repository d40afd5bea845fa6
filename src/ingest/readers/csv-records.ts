/** Lines a quoted field may span before its opening quote is taken for a stray one. */
export const MAX_RECORD_LINES = 20;

/** One physical line of a file with its number (from 1). */
export interface Line {
  number: number;
  text: string;
}

/** What the record splitter makes of the lines: a record, or a line it cannot read. */
export type CsvItem =
  | { type: "record"; line: number; fields: string[] }
  | { type: "broken"; line: number; message: string };

/**
 * Splits physical lines into CSV records (RFC 4180: quoted fields with commas, doubled quotes and line breaks),
 * accounting for every line. A record with the wrong number of fields is `broken` at its first line. When that
 * record ran over several lines, or a quote is still open after MAX_RECORD_LINES lines or at the end of the file,
 * the opening quote was a stray one: only its own line is broken, and the lines it swallowed are read again as
 * records of their own, with their true line numbers. Blank lines are skipped. `width` is the header's field
 * count (undefined while reading the header).
 * @example const split = new CsvSplitter(); split.push({ number: 2, text: 'a,"b' }); split.push({ number: 3, text: 'c",d' })
 */
export class CsvSplitter {
  private pending: Line[] = [];
  width: number | undefined;
  /** The field separator: `,` unless the file uses another (see `detectDelimiter`). */
  delimiter = ",";

  /** Adds a line; returns the items it completes. */
  push(line: Line): CsvItem[] {
    const out: CsvItem[] = [];
    this.pending.push(line);
    this.drain(out, false);
    return out;
  }

  /** Ends the input; returns the items left. */
  end(): CsvItem[] {
    const out: CsvItem[] = [];
    this.drain(out, true);
    return out;
  }

  private drain(out: CsvItem[], final: boolean): void {
    while (this.pending.length > 0) {
      const first = this.pending[0] as Line;
      if (this.pending.length === 1 && first.text.trim() === "") {
        this.pending.shift();
        continue;
      }
      // The record opening at the first line ends at the first line that closes its quotes.
      let span = 0;
      let parsed: ReturnType<typeof parseFields> = { fields: [], open: true, strayQuote: false };
      let text = "";
      while (parsed.open && span < this.pending.length && span < MAX_RECORD_LINES) {
        text = span === 0 ? first.text : `${text}\n${(this.pending[span] as Line).text}`;
        parsed = parseFields(text, this.delimiter);
        span++;
      }
      if (parsed.open) {
        if (!final && span < MAX_RECORD_LINES) return;
        out.push({
          type: "broken",
          line: first.number,
          message:
            "a quote opened on this line is never closed; the line is skipped and the lines after it are read on their own",
        });
        this.pending.shift();
        continue;
      }
      if (
        span > 1 &&
        ((this.width !== undefined && parsed.fields.length !== this.width) || parsed.strayQuote)
      ) {
        out.push({
          type: "broken",
          line: first.number,
          message: `a stray quote on this line runs over ${span} lines; the line is skipped and the lines after it are read on their own`,
        });
        this.pending.shift();
        continue;
      }
      this.pending.splice(0, span);
      if (this.width !== undefined && parsed.fields.length !== this.width) {
        out.push({
          type: "broken",
          line: first.number,
          message: `wrong number of columns: ${parsed.fields.length} instead of ${this.width}`,
        });
      } else out.push({ type: "record", line: first.number, fields: parsed.fields });
    }
  }
}

/**
 * The fields of a record's text; `open` when a quoted field is not closed by the end. A quote inside an unquoted
 * field is kept as a character; characters after a closing quote are kept too, but mark a `strayQuote` (the
 * quotes do not pair the RFC 4180 way).
 * `delimiter` separates fields (`,` by default; `|`, `;`, a tab).
 * @example parseFields('a,"b,c",d') // { fields: ["a", "b,c", "d"], open: false, strayQuote: false }
 */
export function parseFields(
  text: string,
  delimiter = ",",
): { fields: string[]; open: boolean; strayQuote: boolean } {
  if (!text.includes('"')) return { fields: text.split(delimiter), open: false, strayQuote: false };
  let strayQuote = false;
  let closed = false;
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          closed = true;
        }
      } else field += ch;
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = "";
      atStart = true;
      closed = false;
      continue;
    }
    if (closed) strayQuote = true;
    if (ch === '"' && atStart) quoted = true;
    else field += ch;
    atStart = false;
  }
  fields.push(field);
  return { fields, open: quoted, strayQuote };
}

/** The delimiters a CSV file is read with when none is given: the comma, the pipe, the semicolon and the tab. */
export const DELIMITERS = [",", "|", ";", "\t"] as const;

/**
 * The delimiter of a file from its header line: of the comma, pipe, semicolon and tab, the one that splits it into
 * the most fields (the comma on a tie, and when none splits it).
 * @example detectDelimiter("OBJECTID|ID|NAME|ADDRESS") // "|"
 */
export function detectDelimiter(header: string): string {
  let best = ",";
  let most = 1;
  for (const d of DELIMITERS) {
    const n = parseFields(header, d).fields.length;
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}

/** How a delimiter is written in messages: `,`, `|`, `;`, `tab`. */
export const delimiterName = (d: string) => (d === "\t" ? "tab" : d);
