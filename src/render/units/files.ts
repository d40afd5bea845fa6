import { LANG_PREFIX, LANGS } from "../../i18n/lang.js";
import { pageFile } from "../paths.js";
import { pagedPath } from "../site/paged.js";

/**
 * The file of a page in every language (`/clinics/texas/` → `clinics/texas/index.html`, `es/clinics/texas/index.html`).
 * @example pageFiles("/clinics/texas/") // ["clinics/texas/index.html", "es/clinics/texas/index.html"]
 */
export const pageFiles = (path: string): string[] => LANGS.map((l) => pageFile(`${LANG_PREFIX[l]}${path}`));

/** The files of a list cut into `pages` pages (`src/render/site/paged.ts`), in every language. */
export const pagedFiles = (base: string, pages: number): string[] =>
  Array.from({ length: Math.max(1, pages) }, (_, i) => pageFiles(pagedPath(base, i + 1))).flat();

/** A path of the site in either language: the same pattern with or without the `es/` prefix. */
export const inEveryLanguage = (pattern: string): RegExp => new RegExp(`^(?:es/)?${pattern}$`);
