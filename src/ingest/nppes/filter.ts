import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { MAIN_REQUIRED, URGENT_CARE_TAXONOMY } from "./columns.js";
import { mainRow } from "./main-row.js";
import { scanFile } from "./scan-file.js";

/** What filtering an NPPES main file found. */
export interface FilterCounts {
  /** Lines of the file, the header included. */
  lines: number;
  /** Lines that held a wanted taxonomy code somewhere, and were parsed. */
  candidates: number;
  /** Active organisations with a wanted taxonomy in one of their slots: urgent-care rows. */
  matched: number;
  bytes: number;
}

/**
 * The first step of the NPPES reader on its own, for the benchmark: scans an extracted main file for the lines
 * that hold a wanted taxonomy code, parses those, and counts the active organisations among them (what DuckDB's
 * `read_csv` with the same filter counts). Nothing is normalised or kept.
 * @example await filterNppes("npidata_pfile_20050523-20261109.csv") // { lines: 8500001, candidates: 17210, matched: 16998, bytes: … }
 */
export async function filterNppes(
  path: string,
  options: { taxonomies?: readonly string[] } = {},
): Promise<FilterCounts> {
  const taxonomies = new Set((options.taxonomies ?? [URGENT_CARE_TAXONOMY]).map((t) => t.toUpperCase()));
  const size = (await stat(path)).size;
  const file = { label: path, size, open: async () => createReadStream(path, { highWaterMark: 4 << 20 }) };
  let candidates = 0;
  let matched = 0;
  const totals = await scanFile(
    file,
    { needles: [...taxonomies] },
    MAIN_REQUIRED,
    ({ line, fields }, at) => {
      candidates++;
      if (mainRow(fields, at, line, taxonomies, false).kind === "clinic") matched++;
    },
    () => {},
  );
  return { lines: totals.lines, candidates, matched, bytes: totals.bytes };
}
