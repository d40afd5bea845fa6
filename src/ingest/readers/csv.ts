import { createInterface } from "node:readline";
import { FatalInputError } from "../problems.js";
import { uniqueColumns } from "./columns.js";
import { CsvSplitter, DELIMITERS, delimiterName, detectDelimiter } from "./csv-records.js";
import { openText, type TextOptions } from "./encoding.js";
import { tooLongLinesReported } from "./line-guard.js";
import type { ReaderEvent, RowProblem } from "./types.js";

/**
 * Streams a CSV file (RFC 4180: quoted fields, embedded commas and line breaks, UTF-8 BOM, CRLF or LF) as records
 * keyed by the header, each with the number of its first line. Every line is accounted for: broken records (wrong
 * column count, a stray or unclosed quote, an over-long line) are reported at their own line and skipped, and the
 * lines a stray quote would have swallowed are read as records of their own. Duplicated column names are kept
 * apart (`X`, `X#2`) and listed in the `columns` event. A file without a header is fatal. Fields are separated by
 * `delimiter` when given (`--delimiter`), else by the comma, pipe, semicolon or tab, whichever splits the header
 * most (reported when not the comma); a header that still reads as one column is fatal, naming the likely cause.
 * @example for await (const e of readCsv("clinics.csv", report)) if (e.type === "row") use(e.values);
 */
export async function* readCsv(
  path: string,
  onRowProblem: RowProblem,
  text: TextOptions = {},
  delimiter?: string,
): AsyncGenerator<ReaderEvent> {
  const input = openText(path, text);
  const notice = text.notice;
  const guard = tooLongLinesReported(onRowProblem);
  input.on("error", (e) => guard.destroy(e));
  const lines = createInterface({ input: input.pipe(guard), crlfDelay: Number.POSITIVE_INFINITY });
  const splitter = new CsvSplitter();
  let header: string[] | undefined;
  let number = 0;
  function* emit(items: ReturnType<CsvSplitter["push"]>): Generator<ReaderEvent> {
    for (const item of items) {
      if (item.type === "broken") {
        onRowProblem(item.line, "row_malformed", item.message);
        continue;
      }
      if (!header) {
        if (item.fields.length === 1) throw oneColumn(path, item.fields[0] ?? "", delimiter);
        const { columns, duplicates } = uniqueColumns(item.fields.map((h) => h.trim()));
        header = columns;
        splitter.width = columns.length;
        yield { type: "columns", columns, duplicates };
        continue;
      }
      const values: Record<string, unknown> = {};
      for (let i = 0; i < header.length; i++) values[header[i] as string] = item.fields[i];
      yield { type: "row", row: item.line, values };
    }
  }
  try {
    for await (const raw of lines) {
      number++;
      const text = number === 1 ? raw.replace(/^\uFEFF/, "") : raw;
      if (number === 1) {
        splitter.delimiter = delimiter ?? detectDelimiter(text);
        if (delimiter === undefined && splitter.delimiter !== ",")
          notice?.(
            1,
            "delimiter_detected",
            `fields are separated by ${delimiterName(splitter.delimiter)}, read from the header (pass --delimiter to say otherwise)`,
          );
      }
      yield* emit(splitter.push({ number, text }));
    }
    yield* emit(splitter.end());
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_unreadable",
      message: (e as Error).message,
    });
  } finally {
    input.destroy();
  }
  if (!header)
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_empty",
      message: "the file is empty: no header row",
    });
}

/** A header that reads as one column: the delimiter is the likely cause, not the profile. */
function oneColumn(path: string, header: string, given: string | undefined): FatalInputError {
  const shown = header.length > 80 ? `${header.slice(0, 80)}…` : header;
  const tried =
    given === undefined
      ? `with any of ${DELIMITERS.map((d) => `"${delimiterName(d)}"`).join(", ")} as delimiter`
      : `with --delimiter "${delimiterName(given)}"`;
  return new FatalInputError({
    file: path,
    row: 1,
    field: "",
    code: "one_column",
    message: `the header reads as one column ("${shown}") ${tried}: the fields are likely separated by another character. Pass --delimiter with the one the file uses (e.g. --delimiter ":"), or check that this is a CSV file`,
  });
}
