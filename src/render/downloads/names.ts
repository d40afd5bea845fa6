/** Folder of the bulk downloads inside the output tree (outside the versioned API). */
export const DOWNLOADS_DIR = "downloads";
/** Stem of every data file name. */
export const FILE_STEM = "urgent-care-clinics";
export const MANIFEST_NAME = "manifest.json";
export const LICENSE_NAME = "LICENSE.txt";

/**
 * The formats an earlier release keeps under its dated name while it is one of the kept releases
 * (`--keep-releases`): Parquet alone, the archive format (typed, and a seventh of the text formats' size). The
 * text formats of a release are published while it is the newest, then go. Keeping every format of 12 releases made
 * the sample's store 2.5 times one release; this keeps it near 1.3 (issue 25; docs/downloads.md).
 */
export const ARCHIVED_FORMATS: ReadonlySet<string> = new Set(["parquet"]);

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
