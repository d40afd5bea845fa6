import { FatalInputError } from "../problems.js";
import { parseFields } from "../readers/csv-records.js";
import { type TextOptions, utf8Text } from "../readers/encoding.js";
import type { NppesFile } from "./bundle.js";
import { columnIndex } from "./columns.js";
import { LineScanner, type ScanOptions } from "./scan.js";

/** A kept record of an NPPES file: its line, its cells, and how to find a column among them. */
export interface ScannedRecord {
  line: number;
  fields: string[];
}

/** What scanning a whole file found besides its kept records. */
export interface ScanTotals {
  lines: number;
  bytes: number;
  header: string[];
}

/**
 * Streams one NPPES file through the line scanner: the header (line 1) is parsed and checked (`required` columns,
 * else a fatal `missing_columns`), then every kept line is parsed and passed on with its true line number; a line
 * whose cells do not match the header is reported (`row_malformed`) with its line, as is a line over 1 MiB. The
 * bytes are checked as UTF-8 as they stream (`readers/encoding.ts`): a file that is not is refused at its first bad
 * byte, unless `--encoding` says how to read it. `onRecord` returning false stops the scan there (the totals count the
 * lines up to it).
 * @example const totals = await scanFile(file, { needles: ["261QU0200X"] }, MAIN_REQUIRED, (r, at) => …, report);
 */
export async function scanFile(
  file: NppesFile,
  options: ScanOptions,
  required: readonly string[],
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing goes on.
  onRecord: (record: ScannedRecord, at: (name: string) => number) => boolean | void,
  onProblem: (line: number, code: string, message: string) => void,
  onProgress?: (bytes: number) => void,
  text: TextOptions = {},
): Promise<ScanTotals> {
  let header: string[] | null = null;
  let at: (name: string) => number = () => -1;
  let failure: FatalInputError | null = null;
  let kept = 0;
  let stopped = false;
  const scanner = new LineScanner(
    options,
    ({ line, text }) => {
      if (failure) return;
      if (header !== null && options.maxKept !== undefined && ++kept > options.maxKept) {
        failure = new FatalInputError({
          file: file.label,
          row: line,
          field: "",
          code: "too_many_rows",
          message: `more than ${options.maxKept.toLocaleString("en-US")} records of the file are of the organisations asked for (a wanted taxonomy code, an NPI of the release); the reader holds them until the input is read, and NPPES lists about 20,000 urgent-care organisations: this is not an NPPES file as CMS writes it, or --taxonomy asks for too much. Check the file, or narrow --taxonomy`,
        });
        return;
      }
      const { fields, open } = parseFields(text);
      if (header === null) {
        if (text.includes("\r")) {
          failure = crOnlyLines(file.label, line);
          return;
        }
        header = fields.map((f) => f.replace(/^\uFEFF/, "").trim());
        at = columnIndex(header);
        const missing = required.filter((name) => at(name) < 0);
        if (missing.length > 0)
          failure = new FatalInputError({
            file: file.label,
            row: 1,
            field: "",
            code: "missing_columns",
            message: `not an NPPES file of this kind: column(s) missing: ${missing.map((m) => `"${m}"`).join(", ")}. Give CMS's file as published (docs/ingest.md, "Where the files come from"), or drop --profile nppes for another CSV file`,
          });
        return;
      }
      if (open || fields.length !== header.length) {
        onProblem(
          line,
          "row_malformed",
          open
            ? "a quote opened on this line is never closed; the line is skipped"
            : `wrong number of columns: ${fields.length} instead of ${header.length}`,
        );
        return;
      }
      if (!stopped && onRecord({ line, fields }, at) === false) stopped = true;
    },
    (line, bytes, crOnly) => {
      if (crOnly && !failure) failure = crOnlyLines(file.label, line);
      else onProblem(line, "row_too_large", `the line is ${bytes} bytes long (over 1 MiB); skipped`);
    },
  );
  let input: AsyncIterable<Buffer>;
  try {
    // Checked as UTF-8 (or decoded, `--encoding`) as it streams: nothing is ever read as U+FFFD.
    // A notice about the encoding names the file it concerns (a companion of the input, a member of the bundle).
    const named: TextOptions = {
      ...text,
      ...(text.notice
        ? { notice: (row, code, message) => text.notice?.(row, code, `${file.label}: ${message}`) }
        : {}),
    };
    input = utf8Text(await file.open(), file.label, named) as AsyncIterable<Buffer>;
  } catch (e) {
    throw new FatalInputError({
      file: file.label,
      row: 0,
      field: "",
      code: "file_unreadable",
      message: `cannot read the file: ${(e as Error).message}`,
    });
  }
  let next = 64 << 20;
  try {
    for await (const chunk of input) {
      scanner.push(chunk);
      if (failure || stopped) break;
      if (onProgress && scanner.bytes >= next) {
        onProgress(scanner.bytes);
        next = scanner.bytes + (64 << 20);
      }
    }
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    throw new FatalInputError({
      file: file.label,
      row: scanner.lines,
      field: "",
      code: "file_unreadable",
      message: `reading stopped: ${(e as Error).message}`,
    });
  } finally {
    (input as { destroy?: () => void }).destroy?.();
  }
  if (failure) throw failure;
  if (stopped) return { lines: scanner.lines, bytes: scanner.bytes, header: header ?? [] };
  scanner.end();
  if (failure) throw failure;
  if (header === null)
    throw new FatalInputError({
      file: file.label,
      row: 0,
      field: "",
      code: "file_empty",
      message: "the file is empty: no header row",
    });
  return { lines: scanner.lines, bytes: scanner.bytes, header };
}

/**
 * A file whose lines end with CR alone (classic Mac OS): the scanner finds NPPES lines by their LF (CMS writes
 * CRLF), so it would see one line. Refused, saying so, rather than read as one line over the limit and then as a
 * file without a header.
 */
function crOnlyLines(label: string, line: number): FatalInputError {
  return new FatalInputError({
    file: label,
    row: line,
    field: "",
    code: "file_unreadable",
    message:
      "the lines of the file end with a CR alone (classic Mac OS line ends), not with CRLF as CMS writes NPPES files",
    next: "Save it again with CRLF or LF line ends (for example `tr '\\r' '\\n' < in.csv > out.csv`)",
  });
}
