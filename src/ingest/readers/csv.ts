import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { FatalInputError } from "../problems.js";
import { tooLongLinesReported } from "./line-guard.js";
import type { ReaderEvent, RowProblem } from "./types.js";

/**
 * Streams a CSV file (RFC 4180: quoted fields, embedded commas and line breaks, UTF-8 BOM, CRLF) as records
 * keyed by the header. Broken records (wrong column count, stray quotes, over-long lines) are reported and
 * skipped; an unterminated quote or a file without a header is fatal.
 * @example for await (const e of readCsv("clinics.csv", report)) if (e.type === "row") use(e.values);
 */
export async function* readCsv(path: string, onRowProblem: RowProblem): AsyncGenerator<ReaderEvent> {
  const fatal: { error?: FatalInputError } = {};
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err: (Error & { code?: string; lines?: number }) | undefined) => {
      if (!err) return;
      const line = err.lines ?? 0;
      if (err.code === "CSV_QUOTE_NOT_CLOSED") {
        fatal.error = new FatalInputError({
          file: path,
          row: line,
          field: "",
          code: "csv_syntax",
          message: `a quoted field is never closed (the file ends inside quotes at line ${line}); the rest of the file cannot be read`,
        });
        return;
      }
      onRowProblem(
        line,
        "row_malformed",
        err.message.replace(/^Invalid Record Length: /, "wrong number of columns: "),
      );
    },
  });
  const input = createReadStream(path);
  const guard = tooLongLinesReported(onRowProblem);
  input.on("error", (e) => parser.destroy(e));
  input.pipe(guard).pipe(parser);

  let header: string[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!header) {
        header = record.map((h) => h.trim());
        yield { type: "columns", columns: header };
        continue;
      }
      const values: Record<string, unknown> = {};
      for (let i = 0; i < header.length; i++) values[header[i] as string] = record[i];
      yield { type: "row", row: info.lines - newlinesIn(record), values };
    }
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: err.code?.startsWith("E") ? "file_unreadable" : "csv_syntax",
      message: err.message,
    });
  } finally {
    input.destroy();
  }
  if (fatal.error) throw fatal.error;
  if (!header)
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_empty",
      message: "the file is empty: no header row",
    });
}

function newlinesIn(record: readonly string[]): number {
  let n = 0;
  for (const field of record) for (let i = field.indexOf("\n"); i !== -1; i = field.indexOf("\n", i + 1)) n++;
  return n;
}
