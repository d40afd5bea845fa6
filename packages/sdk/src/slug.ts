/**
 * The API's slug of a state or city name, the way the directory builds them: accents folded, `&` spelled out,
 * apostrophes dropped, every other run of non-alphanumerics one hyphen. Slugs pass through unchanged.
 * @example toSlug("St. Louis"); // "st-louis"   toSlug("District of Columbia"); // "district-of-columbia"
 */
export function toSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
