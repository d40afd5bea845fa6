/** What the page tells the scripts: its language, where the API, the site and the page's language start. */
import { type Lang, langOfPath } from "../i18n/lang.js";
import { WORDS, type Words } from "../i18n/words.js";

export interface PageInfo {
  lang: Lang;
  words: Words;
  /** The API's address in this folder, absolute (`http://host/ucd/api/v1`). */
  api: string;
  /** The site's root path (English): `/ucd/`. */
  root: string;
  /** The root of this page's language: `/ucd/es/`. */
  home: string;
}

/** Reads the `<html>` element's data attributes (written by the layout). */
export function pageInfo(doc: Document = document): PageInfo {
  const el = doc.documentElement;
  const root = el.dataset.root ?? "/";
  const lang: Lang = el.lang === "es" ? "es" : "en";
  return {
    lang,
    words: WORDS[lang],
    api: new URL(el.dataset.api ?? "/api/v1", location.href).href.replace(/\/+$/, ""),
    root,
    home: el.dataset.home ?? root,
  };
}

/**
 * The address in this page's language of a page of the site named by its canonical URL (which may name the
 * public host while the page is served elsewhere, and is always the English page).
 * @example localPage(info, "https://example.org/clinics/texas/austin/abc.html") // "/es/clinics/texas/austin/abc.html"
 */
export function localPage(info: PageInfo, url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return url;
  }
  const rest = path.startsWith(info.root) ? path.slice(info.root.length) : path.replace(/^\//, "");
  // A canonical URL is always the English page; a page path already in another language is kept as it is.
  return langOfPath(`/${rest}`) === "en" ? `${info.home}${rest}` : path;
}
