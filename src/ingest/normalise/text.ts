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
  // Most cells are plain printable ASCII, one space between words: already clean.
  if (CLEAN_ASCII.test(text)) return blanks.size > 0 && blanks.has(text.toUpperCase()) ? null : text;
  const clean = text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(SPACE_LIKE, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  if (clean === "" || blanks.has(clean.toUpperCase())) return null;
  return clean;
}

/** Printable ASCII with no space at either end and none doubled: what cleaning would leave unchanged. */
const CLEAN_ASCII = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;
// Control characters (tabs, stray line breaks in cells) and Unicode spaces all read as one space.
const SPACE_LIKE = /[\p{Cc}\u00a0\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/gu;
/**
 * Characters that change how text is displayed without being part of it: bidirectional embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069), marks (U+200E, U+200F, U+061C), the zero-width space and the
 * byte-order mark. A name carrying them can render reversed ("Trojan Source"); they are removed.
 */
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\ufeff]/gu;

/** Longest value kept per field; longer text is cut at a word boundary and reported (`field_too_long`). */
export const MAX_LENGTH = {
  name: 200,
  street: 200,
  address: 300,
  city: 100,
  neighborhood: 100,
  network: 120,
  website: 2000,
  list_item: 100,
} as const;

/**
 * Cuts text to `max` characters (at the last space when there is one in the final fifth), or returns it as is.
 * @example capLength("A".repeat(300), 200).length // 200
 */
export function capLength(text: string, max: number): { value: string; cut: boolean } {
  // A string of no more UTF-16 units than `max` has no more characters either.
  if (text.length <= max) return { value: text, cut: false };
  const chars = [...text];
  if (chars.length <= max) return { value: text, cut: false };
  const head = chars.slice(0, max).join("");
  const space = head.lastIndexOf(" ");
  return { value: (space > max * 0.8 ? head.slice(0, space) : head).trim(), cut: true };
}

const NO_BLANKS: ReadonlySet<string> = new Set();

/** The blank markers of a profile, upper-cased for comparison. */
export function blankSet(blanks: readonly string[]): ReadonlySet<string> {
  return new Set(blanks.map((b) => b.trim().toUpperCase()));
}
