/**
 * Place names as the near-me box compares them, the same in the build (which cuts the gazetteer into files by
 * these keys) and in the page (which looks names up): free of DOM and Node APIs.
 */

/** Words written in two ways, each folded to one ("Saint Louis" and "St. Louis" are one name). */
const SAME_WORD: Record<string, string> = {
  saint: "st",
  sainte: "ste",
  mount: "mt",
  fort: "ft",
  point: "pt",
};

/**
 * A place name folded for comparison: lower case, without accents or punctuation, one space between words, and
 * the words written in two ways made one.
 * @example foldPlace("St. Louis") // "st louis"
 * @example foldPlace("Saint-Louis") // "st louis"
 * @example foldPlace("  Cañon City ") // "canon city"
 */
export function foldPlace(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .map((w) => SAME_WORD[w] ?? w)
    .join(" ");
}

/** The folder of the gazetteer's files under the site's root. */
export const PLACES_DIR = "assets/places";

/** The folder of the ZIP codes' files under the site's root. */
export const ZIP_DIR = "assets/zips";

/**
 * The key a folded name is found under in the gazetteer's files: its first three characters, a space as `_` (`pfl`
 * holds "Pflugerville"; a name of two characters has a key of its own). Null for a single character.
 * @example placeShard("st louis") // "st_"
 * @example placeShard("pt") // "pt"
 * @example placeShard("y") // null
 */
export function placeShard(folded: string): string | null {
  if (folded.length < 2) return null;
  return folded.slice(0, 3).replace(/ /g, "_");
}

/** One place as the files hold it: name, state code, latitude, longitude (4 decimals). */
export type PlaceRow = [name: string, state: string, lat: number, lng: number];
