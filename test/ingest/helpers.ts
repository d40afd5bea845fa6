import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReaderEvent, RowProblem } from "../../src/ingest/readers/index.js";

export const FIXTURES = new URL("../fixtures/ingest/", import.meta.url).pathname;
export const HIFLD_FIXTURE = join(FIXTURES, "hifld-sample.csv");

/** A temporary folder for files written by a test. */
export async function scratch(): Promise<{
  dir: string;
  file: (name: string, body: string | Buffer) => Promise<string>;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), "ucd-ingest-"));
  return {
    dir,
    file: async (name, body) => {
      const path = join(dir, name);
      await writeFile(path, body);
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Drains a reader into its columns, rows and row problems. */
export async function drain(reader: (onRowProblem: RowProblem) => AsyncGenerator<ReaderEvent>) {
  const problems: { row: number; code: string; message: string }[] = [];
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  let columns: string[] = [];
  for await (const e of reader((row, code, message) => problems.push({ row, code, message }))) {
    if (e.type === "columns") columns = e.columns;
    else if (e.type === "row") rows.push({ row: e.row, values: e.values });
  }
  return { columns, rows, problems };
}
