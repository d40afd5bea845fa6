// @ts-check
// Dates as day numbers (days since 1970-01-01, UTC), written as NPPES writes them (MM/DD/YYYY) from a cache:
// the main loop formats three or four dates per row.

const MS_PER_DAY = 86_400_000;

/**
 * @param {string} iso YYYY-MM-DD
 * @example dayOf("1970-01-02") // 1
 */
export function dayOf(iso) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`"${iso}" is not a date (YYYY-MM-DD)`);
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`"${iso}" is not a date (YYYY-MM-DD)`);
  return Math.round(ms / MS_PER_DAY);
}

/** @param {number} day */
export const isoOf = (day) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** @type {Map<number, string>} */
const written = new Map();

/**
 * The day as NPPES writes dates.
 * @param {number} day
 * @example nppesDate(dayOf("2025-02-09")) // "02/09/2025"
 */
export function nppesDate(day) {
  let s = written.get(day);
  if (s === undefined) {
    const iso = isoOf(day);
    s = `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    written.set(day, s);
  }
  return s;
}

/**
 * The date in a weekly file's name: MMDDYY.
 * @param {number} day
 */
export const mmddyy = (day) => {
  const iso = isoOf(day);
  return `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(2, 4)}`;
};

/** @param {number} day @example compact(dayOf("2025-02-09")) // "20250209" */
export const compact = (day) => isoOf(day).replaceAll("-", "");

const MONTHS = "January February March April May June July August September October November December".split(
  " ",
);

/** @param {number} day @example monthYear(dayOf("2025-02-09")) // "February_2025" */
export const monthYear = (day) => {
  const d = new Date(day * MS_PER_DAY);
  return `${MONTHS[d.getUTCMonth()]}_${d.getUTCFullYear()}`;
};

/** The first day of NPPES (every monthly file starts from it). */
export const NPPES_START = dayOf("2005-05-23");
