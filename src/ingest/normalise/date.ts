/** The outcome of reading a record date. */
export type DateReading = { date: string } | { unreadable: true } | { outOfRange: string };

/** Years a record date may fall in; others are reported (`date_out_of_range`). */
export const DATE_YEARS = { min: 1990, max: 2100 } as const;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[ap]\.?m\.?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT))?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`, "i");
const US = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})${TIME}$`, "i");
const NAMED_MDY = new RegExp(String.raw`^([a-z]{3,9})\.?[ -](\d{1,2}),?[ -](\d{4}|\d{2})${TIME}$`, "i");
const NAMED_DMY = new RegExp(String.raw`^(\d{1,2})[ -]([a-z]{3,9})\.?,?[ -](\d{4}|\d{2})${TIME}$`, "i");
/** Day first with dots, as spreadsheets in European locales write dates: `20.01.2009`. */
const DOTTED_DMY = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`, "i");
/** A weekday before a long date: `Tuesday, January 20, 2009`. */
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;
/** Day 0 of spreadsheet serial dates (Excel and LibreOffice, 1900 system, after its 1900-02-29 bug). */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * Reads a record date in the forms real exports and spreadsheets write, to YYYY-MM-DD:
 * ISO dates and timestamps (`2009-01-20`, `2009/01/20 00:00:00`, `2009-01-20T00:00:00Z`), US dates with or
 * without a time (`1/20/2009`, `1/20/09 0:00`, `01-20-2009 12:00 AM`), `20090120`, month names
 * (`Jan 20, 2009`, `20 January 2009`, `Tuesday, January 20, 2009`, and spreadsheets' `20-Jan-09`), dotted
 * European dates (`20.01.2009`, day first), spreadsheet serial numbers (`39833`, `39833.5`) and epoch
 * milliseconds (ArcGIS, `1232409600000`). Two-digit years follow the spreadsheet rule: 00–29 → 2000s,
 * 30–99 → 1900s. Anything else is unreadable; dates outside 1990–2100 are out of range.
 * @example readDate("1/20/09 0:00") // { date: "2009-01-20" }
 * @example readDate("39833") // { date: "2009-01-20" }
 * @example readDate("soon") // { unreadable: true }
 */
export function readDate(text: string): DateReading {
  const t = text.trim();
  const ymd = readParts(t);
  if (!ymd) return { unreadable: true };
  const [y, mo, d] = ymd;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return { unreadable: true };
  const iso = `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  if (y < DATE_YEARS.min || y > DATE_YEARS.max) return { outOfRange: iso };
  return { date: iso };
}

/**
 * The date as YYYY-MM-DD, or null when it cannot be read or is out of range (see readDate).
 * @example normaliseDate("2019/06/04 00:00:00") // "2019-06-04"
 */
export function normaliseDate(text: string): string | null {
  const r = readDate(text);
  return "date" in r ? r.date : null;
}

function readParts(text: string): [number, number, number] | null {
  const t = text.replace(WEEKDAY, "");
  const iso = ISO.exec(t);
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const us = US.exec(t);
  if (us) return [fullYear(us[3] as string), Number(us[1]), Number(us[2])];
  const mdy = NAMED_MDY.exec(t);
  if (mdy) return named(mdy[3] as string, mdy[1] as string, mdy[2] as string);
  const dmy = NAMED_DMY.exec(t);
  if (dmy) return named(dmy[3] as string, dmy[2] as string, dmy[1] as string);
  const dotted = DOTTED_DMY.exec(t);
  if (dotted) return [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])];
  const compact = /^((?:19|20)\d{2})(\d{2})(\d{2})$/.exec(t);
  if (compact) return [Number(compact[1]), Number(compact[2]), Number(compact[3])];
  if (/^\d{12,13}$/.test(t)) return fromEpoch(Number(t));
  if (/^\d{4,5}(?:\.\d+)?$/.test(t)) return fromEpoch(SERIAL_EPOCH + Math.floor(Number(t)) * 86_400_000);
  return null;
}

function fullYear(y: string): number {
  if (y.length === 4) return Number(y);
  const n = Number(y);
  return n < 30 ? 2000 + n : 1900 + n;
}

function named(year: string, month: string, day: string): [number, number, number] | null {
  const i = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  return i === -1 ? null : [fullYear(year), i + 1, Number(day)];
}

function fromEpoch(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}
