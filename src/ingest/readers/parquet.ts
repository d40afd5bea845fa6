import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from "hyparquet";
import { FatalInputError } from "../problems.js";
import { PARQUET_CODECS } from "./codecs.js";
import type { TextOptions } from "./encoding.js";
import { parquetFatal } from "./parquet-leaf.js";
import { checkSchema } from "./parquet-limits.js";
import { parquetText } from "./parquet-text.js";
import type { ReaderEvent } from "./types.js";

/**
 * Streams a Parquet file one row group at a time (hyparquet), so memory holds one group, not the file.
 * Rows are record numbers from 1.
 * @example for await (const e of readParquet("clinics.parquet")) …
 */
export async function* readParquet(path: string, text: TextOptions = {}): AsyncGenerator<ReaderEvent> {
  const fail = (e: unknown, group: number | null = null): never => {
    throw parquetFatal(path, group, "", e);
  };
  let file: Awaited<ReturnType<typeof asyncBufferFromFile>>;
  let metadata: Awaited<ReturnType<typeof parquetMetadataAsync>>;
  try {
    file = await asyncBufferFromFile(path);
    if (file.byteLength === 0)
      throw new FatalInputError({
        file: path,
        row: 0,
        field: "",
        code: "file_empty",
        message: "the file is empty",
      });
    metadata = await parquetMetadataAsync(file);
    // Before hyparquet walks the schema as a tree (recursively).
    checkSchema(metadata.schema);
  } catch (e) {
    if (e instanceof FatalInputError) throw e;
    return fail(e);
  }
  const columns = parquetSchema(metadata).children.map((c) => c.element.name);
  yield { type: "columns", columns };
  const parsers = parquetText(path, text);
  let rowStart = 0;
  for (const [index, group] of metadata.row_groups.entries()) {
    const rowEnd = rowStart + Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({
        file,
        metadata,
        rowStart,
        rowEnd,
        parsers,
        compressors: PARQUET_CODECS,
      });
    } catch (e) {
      if (e instanceof FatalInputError) throw e;
      return fail(e, index);
    }
    for (let i = 0; i < rows.length; i++)
      yield { type: "row", row: rowStart + i + 1, values: rows[i] as Record<string, unknown> };
    rowStart = rowEnd;
  }
}
