/** The words of a text and of a query, and how a query word matches a clinic's words (no network). */
import { asciiSlug } from "./slug.js";

/**
 * The words of a text as the index keys them: accents folded, lowercase, `&` spelled `and`, apostrophes dropped,
 * every other run of characters outside a-z and 0-9 a separator (the same rule as the build's).
 * @example searchWords("Smith & Jones Walk-In"); // ["smith", "and", "jones", "walk", "in"]
 */
export function searchWords(text: string): string[] {
  return asciiSlug(text)
    .split("-")
    .filter((w) => w.length > 0);
}

/** A query's words, and whether the last one may be unfinished (the text does not end with a separator). */
export interface ParsedQuery {
  words: string[];
  open: boolean;
}

/**
 * Splits a query as typed: the last word counts as a prefix unless the text ends with a space or punctuation.
 * @example parseQuery("bluepine aus"); // { words: ["bluepine", "aus"], open: true }
 */
export function parseQuery(text: string): ParsedQuery {
  const words = searchWords(text);
  return {
    words,
    open: words.length > 0 && /[a-z0-9]$/i.test(text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")),
  };
}

/**
 * Edit distance (insertions, deletions, substitutions, adjacent swaps) of two short words, or `max + 1` as soon
 * as it must exceed `max`.
 * @example editDistance("carenwo", "carenow", 2); // 1
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

/** Typos allowed in a word: none under 4 letters or with a digit (a ZIP code is exact), 1 up to 7, 2 from 8. */
export const typos = (word: string) => (word.length < 4 || /\d/.test(word) ? 0 : word.length < 8 ? 1 : 2);

/** How one query word matches a list of words: 0 exact, 1 prefix, 2 fuzzy, 3 not at all. */
export function matchWord(q: string, words: readonly string[], open: boolean): number {
  let best = 3;
  const allowed = typos(q);
  for (const w of words) {
    if (w === q) return 0;
    if (w.startsWith(q)) best = Math.min(best, 1);
    else if (best > 2 && allowed > 0) {
      const d = editDistance(q, open && w.length > q.length ? w.slice(0, q.length) : w, allowed);
      if (d <= allowed) best = 2;
    }
  }
  return best;
}
