import { stat } from "node:fs/promises";
import { openPlaces } from "./places-file.js";
import { type OvertureReadOptions, placeFilter } from "./reader.js";
import { verdicts, wantedRows } from "./scan.js";

/** What a filter pass over a places file found. */
export interface OvertureFilterResult {
  /** Places in the file. */
  places: number;
  /** Places of a wanted category (urgent care). */
  wanted: number;
  /** Of those, the ones the importer reads as clinics. */
  kept: number;
  /** Of those, the ones it rejects, by their first reason. */
  rejected: Record<string, number>;
  bytes: number;
}

/**
 * The filter of the `overture` reader alone, as the benchmark measures it against DuckDB: the places of a wanted
 * category that the importer keeps (not closed, confident enough, in the US, compatibly licensed), counted, without
 * reading their other fields.
 * @example (await filterOverture("places.parquet")).kept
 */
export async function filterOverture(
  path: string,
  options: OvertureReadOptions = {},
): Promise<OvertureFilterResult> {
  const filter = placeFilter(options);
  const file = await openPlaces(path);
  const out: OvertureFilterResult = {
    places: 0,
    wanted: 0,
    kept: 0,
    rejected: {},
    bytes: (await stat(path)).size,
  };
  try {
    for (const [index, group] of file.metadata.row_groups.entries()) {
      const rows = await wantedRows(file, index, filter);
      out.places += Number(group.num_rows);
      out.wanted += rows.length;
      for (const v of await verdicts(file, index, rows, filter)) {
        const code = v.reasons[0]?.code;
        if (code === undefined) out.kept++;
        else out.rejected[code] = (out.rejected[code] ?? 0) + 1;
      }
    }
  } finally {
    await file.close();
  }
  return out;
}
