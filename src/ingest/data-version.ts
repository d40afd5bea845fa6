/** The data version of an import and, when it had to fall back on a file's date, which file. */
export interface DataVersion {
  version: string;
  /** Set when no record is dated: the input whose modification date was used (reported as a notice). */
  fromFile: string | null;
}

/**
 * The data version (YYYY-MM-DD) of an import, deterministic for the same inputs and never the clock:
 * 1. `--data-version` when given;
 * 2. else the newest of the records' own dates (HIFLD: CONTDATE/GEODATE; a mapped `date` column);
 * 3. else the newest input file's modification date — never silently: the caller reports it.
 * @example dataVersion(undefined, "2009-01-20", [["a.csv", "2024-01-02"]]) // { version: "2009-01-20", fromFile: null }
 */
export function dataVersion(
  option: string | undefined,
  newestRecord: string | null,
  fileDates: readonly [file: string, date: string | null][],
): DataVersion {
  if (option !== undefined) return { version: option, fromFile: null };
  if (newestRecord !== null) return { version: newestRecord, fromFile: null };
  let best: [string, string] | undefined;
  for (const [file, date] of fileDates) if (date !== null && (!best || date > best[1])) best = [file, date];
  if (!best) throw new Error("no date to version the data with: pass --data-version YYYY-MM-DD");
  return { version: best[1], fromFile: best[0] };
}
