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

/**
 * Lowercase ASCII slug: `foldText`, then every run of non-alphanumerics one hyphen.
 * @example slugify("Coeur d'Alene") // "coeur-dalene"
 */
export function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
