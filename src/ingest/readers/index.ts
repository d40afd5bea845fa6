import { extname } from "node:path";
import { readCsv } from "./csv.js";
import type { TextOptions } from "./encoding.js";
import { readJsonArray } from "./json-array.js";
import { readNdjson } from "./ndjson.js";
import { readParquet } from "./parquet.js";
import type { InputFormat, ReaderEvent, RowProblem } from "./types.js";

export type { TextOptions } from "./encoding.js";
export type { InputFormat, ReaderEvent, RowProblem } from "./types.js";

const BY_EXTENSION: Record<string, InputFormat> = {
  ".csv": "csv",
  ".txt": "csv",
  ".json": "json",
  ".ndjson": "ndjson",
  ".jsonl": "ndjson",
  ".parquet": "parquet",
  ".pq": "parquet",
};

/**
 * The format of an input file from its extension (`.csv`, `.json`, `.ndjson`/`.jsonl`, `.parquet`); undefined when unknown.
 * @example formatOf("export/clinics.jsonl") // "ndjson"
 */
export function formatOf(path: string): InputFormat | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}

/** Streams the records of a file in the given format; `text` says how to read text that is not UTF-8. */
export function readRecords(
  path: string,
  format: InputFormat,
  onRowProblem: RowProblem,
  text: TextOptions = {},
): AsyncGenerator<ReaderEvent> {
  switch (format) {
    case "csv":
      return readCsv(path, onRowProblem, text);
    case "json":
      return readJsonArray(path, onRowProblem, text);
    case "ndjson":
      return readNdjson(path, onRowProblem, text);
    case "parquet":
      return readParquet(path, text);
  }
}
