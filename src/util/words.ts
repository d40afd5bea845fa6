/**
 * Lower-case words of a name, punctuation dropped: what names are compared by (networks, kinds of place).
 * @example words("CARE-NOW, Frisco") // "care now frisco"
 */
export function words(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
