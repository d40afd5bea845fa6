import type { Normalised } from "./phone.js";

/**
 * A rating between 0 and 5; anything else is dropped and reported.
 * @example normaliseRating("4.5") // { value: 4.5 }
 */
export function normaliseRating(text: string): Normalised<number | null> {
  const n = Number(text);
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
  const n = Number(text.replace(/,/g, ""));
  if (!Number.isInteger(n) || n < 0)
    return {
      value: null,
      problem: { code: "invalid_reviews_count", message: `"${text}" is not a count; dropped` },
    };
  return { value: n };
}
