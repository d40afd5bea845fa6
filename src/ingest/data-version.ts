/**
 * The data version (YYYY-MM-DD) of an import, deterministic for the same inputs and never the clock:
 * 1. `--data-version` when given;
 * 2. else the newest record date in the inputs (HIFLD: CONTDATE/GEODATE; a mapped `date` column);
 * 3. else the newest input file date (modification time, UTC).
 * @example dataVersion(undefined, ["2023-04-01", null], ["2024-01-02"]) // "2023-04-01"
 */
export function dataVersion(
  option: string | undefined,
  recordDates: readonly (string | null)[],
  fileDates: readonly string[],
): string {
  if (option !== undefined) return option;
  const newest = (dates: readonly (string | null)[]) =>
    dates.reduce<string | null>((a, d) => (d !== null && (a === null || d > a) ? d : a), null);
  const version = newest(recordDates) ?? newest(fileDates);
  if (version === null) throw new Error("no date to version the data with: pass --data-version YYYY-MM-DD");
  return version;
}
