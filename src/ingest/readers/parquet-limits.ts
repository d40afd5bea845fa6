import type { SchemaElement } from "hyparquet";

/**
 * What reading one row group of a Parquet file may hold in memory at once: its pages decompressed, their levels and
 * dictionary indices decoded, its dictionaries, one mark per row. Every size and count in a Parquet file is the
 * writer's word; a crafted file of a kilobyte can claim pages of 2 GiB, 2^31 rows or a dictionary of 40 million
 * entries. Each claim is charged here before anything is allocated, and a row group that would need more is
 * refused. Charged per pass over a row group (the category scan, the verdicts, the kept places' fields), the
 * budget is what one pass may hold. A real row group needs far less: one of 300,000 generated places rewritten by
 * DuckDB (zstd) took at most 85 MiB in a pass, ~300 bytes a place (docs/ingest.md, Limits), so the budget reads row
 * groups of about 3.5 million places; DuckDB writes 122,880 by default.
 */
export const MAX_GROUP_BYTES = 1 << 30;

/**
 * The most rows a row group of a places file may declare: a real one could not be read within MAX_GROUP_BYTES
 * anyway (its ids, points and names alone take over 64 bytes a place), and 2^31 rows claimed by a file of a
 * kilobyte would take 2 GiB of marks.
 */
export const MAX_GROUP_ROWS = 1 << 24;

/** The deepest schema read: the places theme nests 5 levels; a schema 100,000 deep would overflow the stack. */
export const MAX_SCHEMA_DEPTH = 64;

/**
 * A value longer than this (a name, a street) is not read into text: its record is rejected as `row_too_large`,
 * the limit of a line or JSON element of the text formats.
 */
export const MAX_VALUE_BYTES = 1 << 20;

/**
 * A size or count of a Parquet file that cannot be (or that would take more memory than any real file needs): the
 * reason, without the file, row group and column, which the reader adds.
 */
export class ParquetLimitError extends Error {
  override readonly name = "ParquetLimitError";
}

/**
 * The memory one row group may take while it is read (`MAX_GROUP_BYTES`), charged claim by claim before the
 * allocation it asks for.
 * @example const budget = new ReadBudget(); budget.charge(header.uncompressed_page_size, "a page");
 */
export class ReadBudget {
  private used = 0;
  constructor(readonly limit = MAX_GROUP_BYTES) {}

  /** Takes `bytes` from the budget, or throws naming `what` asked for them. */
  charge(bytes: number, what: string): void {
    if (!Number.isSafeInteger(bytes) || bytes < 0)
      throw new ParquetLimitError(`${what} declares a size of ${bytes} bytes, which cannot be`);
    if (this.used + bytes > this.limit)
      throw new ParquetLimitError(
        `${what} would take ${mib(bytes)} of memory where reading one row group may take ${mib(this.limit)} in all (${mib(this.used)} taken already): no real places file needs that`,
      );
    this.used += bytes;
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * Checks the flat schema of a file's footer before anything walks it as a tree: every group's children are in the
 * list, and it nests at most MAX_SCHEMA_DEPTH levels. Throws ParquetLimitError otherwise.
 * @example checkSchema(metadata.schema)
 */
export function checkSchema(schema: readonly SchemaElement[]): void {
  // Children left to see at each open group, walked without recursion.
  const open: number[] = [];
  for (let i = 0; i < schema.length; i++) {
    const children = (schema[i] as SchemaElement).num_children ?? 0;
    if (!Number.isSafeInteger(children) || children < 0 || children > schema.length)
      throw new ParquetLimitError(`the schema's element ${i} declares ${children} children, which cannot be`);
    if (i > 0) {
      if (open.length === 0)
        throw new ParquetLimitError(`the schema's element ${i} is outside its root, which cannot be`);
      open[open.length - 1] = (open.at(-1) as number) - 1;
    }
    if (children > 0) {
      open.push(children);
      if (open.length > MAX_SCHEMA_DEPTH + 1)
        throw new ParquetLimitError(
          `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels (a places file nests 5)`,
        );
    }
    while (open.length > 0 && open.at(-1) === 0) open.pop();
  }
  if (open.length > 0)
    throw new ParquetLimitError("the schema ends before the children its groups declare, which cannot be");
}
