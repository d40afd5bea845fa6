/** The site's languages: English at the site's root, Spanish under `/es/`. */
export type Lang = "en" | "es";

/** Every language, the default first. */
export const LANGS: readonly Lang[] = ["en", "es"];

/** The path prefix of a language's pages: "" for English, "/es" for Spanish. */
export const LANG_PREFIX: Readonly<Record<Lang, string>> = { en: "", es: "/es" };

/**
 * The language of the page at a path below the site's root (after any `--site-url` prefix).
 * @example langOfPath("/es/clinics/texas/") // "es"
 */
export function langOfPath(path: string): Lang {
  return path === "/es" || path.startsWith("/es/") ? "es" : "en";
}
