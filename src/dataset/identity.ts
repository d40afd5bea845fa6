import { slugify } from "../util/slug.js";

/**
 * Identity keys: the reduced forms under which spellings of one clinic, one street or one city meet. They are
 * used for de-duplication, ids and city grouping, and never published.
 */

/** Name reduced for identity: lower-case words, no punctuation, no company suffix. */
export function identityName(name: string): string {
  // The words of `[a-z0-9]+` runs of the lower-cased name, company suffixes left out: what replacing every other
  // character by a space, then the suffixes, then trimming gave, in one pass (ids are made from it: the same text).
  const lower = name.toLowerCase();
  let out = "";
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const word = lower.slice(start, i);
    start = -1;
    if (COMPANY_SUFFIXES.has(word)) continue;
    out = out === "" ? word : `${out} ${word}`;
  }
  return out;
}

const COMPANY_SUFFIXES = new Set(["llc", "pllc", "inc", "pc", "pa", "ltd", "corp"]);

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
  // The `[a-z0-9]+` runs of the lower-cased street, "#" a word "ste" of its own, each word abbreviated: what
  // replacing "#" by " ste " and every other character by a space, then splitting, gave, in one pass.
  const lower = street.toLowerCase();
  let out = "";
  let start = -1;
  const add = (word: string) => {
    // As `join` wrote it: text (even what a word like "constructor" finds on the object's prototype).
    const w = STREET_WORDS[word] ?? word;
    if (w) out = out === "" ? `${w}` : `${out} ${w}`;
  };
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) add(lower.slice(start, i));
    start = -1;
    if (c === 0x23) add("ste");
  }
  return out;
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
