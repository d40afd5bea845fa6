import { createInterface } from "node:readline";
import { FatalInputError } from "../problems.js";
import { openText, type TextOptions } from "./encoding.js";
import { tooLongLinesReported } from "./line-guard.js";
import type { ReaderEvent, RowProblem } from "./types.js";

/**
 * Streams newline-delimited JSON, one object per line (blank lines ignored). A line that is not a JSON object
 * is reported and skipped. The columns are the keys of the first object.
 * @example for await (const e of readNdjson("clinics.ndjson", report)) …
 */
export async function* readNdjson(
  path: string,
  onRowProblem: RowProblem,
  text: TextOptions = {},
): AsyncGenerator<ReaderEvent> {
  const input = openText(path, text);
  const guard = tooLongLinesReported(onRowProblem);
  input.on("error", (e) => guard.destroy(e));
  const lines = createInterface({ input: input.pipe(guard), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  let columnsSent = false;
  try {
    for await (const raw of lines) {
      line++;
      const text = line === 1 ? raw.replace(/^\uFEFF/, "") : raw;
      if (text.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        onRowProblem(line, "json_syntax", `not valid JSON: ${(e as Error).message}`);
        continue;
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        onRowProblem(line, "not_an_object", "each line must be one JSON object");
        continue;
      }
      if (!columnsSent) {
        columnsSent = true;
        yield { type: "columns", columns: Object.keys(value) };
      }
      yield { type: "row", row: line, values: value as Record<string, unknown> };
    }
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_unreadable",
      message: err.message,
    });
  } finally {
    input.destroy();
  }
  if (!columnsSent)
    throw new FatalInputError({
      file: path,
      row: 0,
      field: "",
      code: "file_empty",
      message: "no JSON object in the file",
    });
}
