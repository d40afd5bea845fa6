/**
 * Turns any cell value into clean text or null: control characters and non-breaking spaces become spaces,
 * runs of whitespace one space, the ends trimmed; empty, whitespace-only (HIFLD writes blanks as " ") and the
 * profile's blank markers (e.g. "NOT AVAILABLE") become null. Numbers and dates are written out.
 * @example cleanText("  ACME   URGENT\u00a0CARE ") // "ACME URGENT CARE"
 * @example cleanText(" ") // null
 */
export function cleanText(value: unknown, blanks: ReadonlySet<string> = NO_BLANKS): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "bigint" || typeof value === "boolean") text = String(value);
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : value.toISOString();
  else return null;
  const clean = text.normalize("NFC").replace(SPACE_LIKE, " ").replace(/ {2,}/g, " ").trim();
  if (clean === "" || blanks.has(clean.toUpperCase())) return null;
  return clean;
}

// Control characters (tabs, stray line breaks in cells) and Unicode spaces all read as one space.
const SPACE_LIKE = /[\p{Cc}\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/gu;

const NO_BLANKS: ReadonlySet<string> = new Set();

/** The blank markers of a profile, upper-cased for comparison. */
export function blankSet(blanks: readonly string[]): ReadonlySet<string> {
  return new Set(blanks.map((b) => b.trim().toUpperCase()));
}
