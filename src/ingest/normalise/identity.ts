import { slugify } from "../../util/slug.js";

/**
 * Identity keys: the reduced forms under which spellings of one clinic, one street or one city meet. They are
 * used for de-duplication, ids and city grouping, and never published.
 */

/** Name reduced for identity: lower-case words, no punctuation, no company suffix. */
export function identityName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(?:llc|pllc|inc|pc|pa|ltd|corp)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const STREET_WORDS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  drive: "dr",
  boulevard: "blvd",
  highway: "hwy",
  lane: "ln",
  parkway: "pkwy",
  court: "ct",
  place: "pl",
  suite: "ste",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
  circle: "cir",
  terrace: "ter",
  square: "sq",
  freeway: "fwy",
  expressway: "expy",
  trail: "trl",
  building: "bldg",
  floor: "fl",
  unit: "ste",
  number: "",
};

/** Street reduced for identity: lower case, common words abbreviated the USPS way, "#" and "Suite" alike. */
export function identityStreet(street: string): string {
  return street
    .toLowerCase()
    .replace(/#/g, " ste ")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .map((w) => STREET_WORDS[w] ?? w)
    .filter(Boolean)
    .join(" ");
}

/**
 * Key under which spellings of one city meet: the slug without hyphens, with Saint/St, Sainte/Ste, Fort/Ft and
 * Mount/Mt alike — "ST. LOUIS", "Saint Louis" and "St Louis" are one city; so are "Mc Allen" and "McAllen".
 * @example cityKey("Saint Louis") === cityKey("ST. LOUIS") // true
 */
export function cityKey(name: string): string {
  return slugify(name)
    .split("-")
    .map((w) => CITY_WORDS[w] ?? w)
    .join("");
}

const CITY_WORDS: Record<string, string> = {
  saint: "st",
  sainte: "ste",
  fort: "ft",
  mount: "mt",
  township: "twp",
  village: "vlg",
};
