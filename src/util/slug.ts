/**
 * The folding that slugs and search keys share: accents folded, lowercase, `&` spelled out, apostrophes dropped.
 * @example foldText("Coeur d'Alene & Co") // "coeur dalene  and  co"
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "");
}

/** A letter or digit left after folding that ASCII does not spell (another script, `ß`, `ø`). */
const UNSPELLED = /[^\P{L}a-z]|[^\P{N}0-9]/u;

/**
 * Lowercase ASCII slug: `foldText`, then every run of non-alphanumerics one hyphen. A name with letters or digits
 * that ASCII does not spell (`急诊中心`, `مركز`, `Straße`), or with none at all (`+++`), gets a tag made from the
 * whole name instead of losing them: 8 characters of base 36 (`slugTag`), after the ASCII words if there are any.
 * So every name has a slug, and names that differ only in such letters keep different slugs. The SDK's `toSlug`
 * is the same function (a test holds the two together).
 * @example slugify("Coeur d'Alene") // "coeur-dalene"
 * @example slugify("急诊中心 Urgent Care") // "urgent-care-" followed by the name's tag
 */
export function slugify(text: string): string {
  const folded = foldText(text);
  const ascii = folded.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (ascii !== "" && !UNSPELLED.test(folded)) return ascii;
  const whole = folded.replace(/\s+/g, " ").trim();
  if (whole === "") return "";
  return ascii === "" ? slugTag(whole) : `${ascii}-${slugTag(whole)}`;
}

/**
 * A stable tag of a text: its 53-bit cyrb53 hash (over UTF-16 code units) in base 36, 8 characters. Deterministic
 * everywhere JavaScript runs, with no table to keep in step: what lets the SDK compute the same slug from a name.
 * @example slugTag("急诊中心").length // 8
 */
export function slugTag(text: string): string {
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
