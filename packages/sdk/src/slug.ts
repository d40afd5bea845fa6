/** The folded text of a name: accents folded, lowercase, `&` spelled out, apostrophes dropped. */
function fold(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "");
}

/**
 * The ASCII words of a name joined by hyphens (what search keys are made of).
 * @example asciiSlug("St. Louis"); // "st-louis"
 */
export function asciiSlug(name: string): string {
  return fold(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A letter or digit left after folding that ASCII does not spell (another script, `ß`, `ø`). */
const UNSPELLED = /[^\P{L}a-z]|[^\P{N}0-9]/u;

/**
 * The API's slug of a state, city or network name, the way the directory builds them: accents folded, `&` spelled
 * out, apostrophes dropped, every other run of non-alphanumerics one hyphen. A name with letters that ASCII does not
 * spell (`急诊中心`), or with no letter at all, ends with an 8-character tag of the whole name, as the directory
 * gives it. Slugs pass through unchanged.
 * @example toSlug("St. Louis"); // "st-louis"   toSlug("District of Columbia"); // "district-of-columbia"
 */
export function toSlug(name: string): string {
  const folded = fold(name);
  const ascii = asciiSlug(name);
  if (ascii !== "" && !UNSPELLED.test(folded)) return ascii;
  const whole = folded.replace(/\s+/g, " ").trim();
  if (whole === "") return "";
  return ascii === "" ? tag(whole) : `${ascii}-${tag(whole)}`;
}

/** The cyrb53 hash of a text in base 36, 8 characters (the directory's `slugTag`). */
function tag(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return (hash % 36 ** 8).toString(36).padStart(8, "0");
}
