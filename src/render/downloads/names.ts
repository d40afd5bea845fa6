/** Folder of the bulk downloads inside the output tree (outside the versioned API). */
export const DOWNLOADS_DIR = "downloads";
/** Stem of every data file name. */
export const FILE_STEM = "urgent-care-clinics";
export const MANIFEST_NAME = "manifest.json";
export const LICENSE_NAME = "LICENSE.txt";

/**
 * File name of one release of a format: the data version (a date) makes it permanent and citable.
 * @example datedName("2026-05-01", "csv") // "urgent-care-clinics-2026-05-01.csv"
 */
export function datedName(dataVersion: string, extension: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dataVersion))
    throw new Error(`data version is not a date (YYYY-MM-DD): ${dataVersion}`);
  return `${FILE_STEM}-${dataVersion}.${extension}`;
}

/**
 * Stable alias of the newest release: a byte-identical copy of the dated file (static hosts have no links).
 * @example latestName("parquet") // "urgent-care-clinics-latest.parquet"
 */
export function latestName(extension: string): string {
  return `${FILE_STEM}-latest.${extension}`;
}
