import type { Dataset } from "./types.js";

/** A release whose newest record is older than this, at build time, is called old. */
export const STALE_AFTER_DAYS = 365;

/** How fresh the data is, in figures and in plain words (index.json `freshness`, the site's notices). */
export interface Freshness {
  data_version: string;
  oldest_record: string | null;
  newest_record: string | null;
  /** Whole days from the newest record's date to the build; null when the records are not dated. */
  age_days: number | null;
  stale: boolean;
  notice: string;
}

const DAY_MS = 86_400_000;

/**
 * Freshness of a data set at build time `generatedAt`.
 * @example freshness(dataset, "2026-11-22T00:00:00Z").notice
 * // "This data is old: its newest record is dated 2009-01-20, 17 years before this release was built. …"
 */
export function freshness(dataset: Dataset, generatedAt: string): Freshness {
  const { oldest, newest } = dataset.recordDates;
  const base = { data_version: dataset.dataVersion, oldest_record: oldest, newest_record: newest };
  if (dataset.source.synthetic)
    return {
      ...base,
      age_days: null,
      stale: false,
      notice:
        "This is the built-in synthetic sample: the clinics are fictional and carry no dates of their own.",
    };
  if (newest === null)
    return {
      ...base,
      age_days: null,
      stale: false,
      notice: `The source does not date its records; this release is dated ${dataset.dataVersion}. Check with a clinic before relying on its details.`,
    };
  const age = Math.max(0, Math.floor((Date.parse(generatedAt) - Date.parse(`${newest}T00:00:00Z`)) / DAY_MS));
  const range = oldest !== null && oldest !== newest ? `between ${oldest} and ${newest}` : `on ${newest}`;
  if (age > STALE_AFTER_DAYS) {
    const years = Math.floor(age / 365.25);
    const span = years >= 2 ? `${years} years` : `${Math.floor(age / 30.44)} months`;
    return {
      ...base,
      age_days: age,
      stale: true,
      notice: `This data is old: its newest record is dated ${newest}, ${span} before this release was built (records are dated ${range}). Clinics open, close and change; check with a clinic before relying on its details.`,
    };
  }
  return {
    ...base,
    age_days: age,
    stale: false,
    notice: `Records are dated ${range}: the day each source last updated or checked them, not a sign that the clinic is open. Check with a clinic before relying on its details.`,
  };
}
