import type { Normalised } from "./phone.js";

/** A decimal numeral: digits with an optional sign, fraction and exponent (what spreadsheets and exports write). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The number a decimal numeral writes, NaN for anything else: unlike `Number()`, hexadecimal (`0x1F`), binary and
 * octal literals, `Infinity` and blanks are not numbers here.
 * @example decimalNumber("-97.74") // -97.74
 * @example decimalNumber("0x1F") // NaN
 */
export function decimalNumber(text: string): number {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : Number.NaN;
}

/**
 * A rating between 0 and 5; anything else is dropped and reported.
 * @example normaliseRating("4.5") // { value: 4.5 }
 */
export function normaliseRating(text: string): Normalised<number | null> {
  const n = decimalNumber(splitRating(text).rating);
  if (!Number.isFinite(n) || n < 0 || n > 5)
    return {
      value: null,
      problem: { code: "invalid_rating", message: `"${text}" is not a rating from 0 to 5; dropped` },
    };
  return { value: n };
}

/**
 * A count of reviews: a non-negative integer; anything else is dropped and reported.
 * @example normaliseReviewsCount("1,204") // { value: 1204 }
 */
export function normaliseReviewsCount(text: string): Normalised<number | null> {
  const n = decimalNumber(text.replace(/,/g, ""));
  if (!Number.isInteger(n) || n < 0)
    return {
      value: null,
      problem: { code: "invalid_reviews_count", message: `"${text}" is not a count; dropped` },
    };
  return { value: n };
}

/**
 * A rating cell of directory exports, which often carries its review count: `4.5 (123)`, `4.5 (1,204 reviews)`,
 * `4.5 stars, 123 reviews`, `4.5/5`. Returns the rating text and the count text when there is one.
 * @example splitRating("4.6 (1,204 reviews)") // { rating: "4.6", reviews: "1,204" }
 */
export function splitRating(text: string): { rating: string; reviews: string | null } {
  const m =
    /^(\d+(?:\.\d+)?)\s*(?:\/\s*5|stars?|out of 5)?\s*(?:[(,;·-]\s*([\d,]+)\s*(?:reviews?|ratings?|votes?)?\s*\)?)?$/i.exec(
      text.trim(),
    );
  if (!m) return { rating: text, reviews: null };
  return { rating: m[1] as string, reviews: m[2] ?? null };
}
