/**
 * Lowercase ASCII slug: accents folded, `&` spelled out, every other run of non-alphanumerics one hyphen.
 * @example slugify("Coeur d'Alene") // "coeur-d-alene"
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
