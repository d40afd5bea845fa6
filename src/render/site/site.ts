import { createHash } from "node:crypto";
import { freshness } from "../../dataset/freshness.js";
import { LANG_PREFIX, LANGS, type Lang } from "../../i18n/lang.js";
import { MESSAGES, type Messages } from "../../i18n/messages.js";
import { WORDS, type Words } from "../../i18n/words.js";
import type { BuildContext } from "../context.js";
import { API_DIR } from "../paths.js";
import { BROWSER_BUNDLES } from "./browser-bundles.generated.js";
import { NOSCRIPT_CSS, SITE_CSS } from "./styles.js";

/** A file of the site's assets folder, named after its content (the server serves `assets/*-<hex>.*` immutable). */
export interface Asset {
  /** Path inside the output folder: `assets/site-3f2a9c0d1e.css`. */
  file: string;
  body: string;
}

/** What every page template reads: the language, addresses resolved for this build, the assets, the notices. */
export interface SiteContext {
  ctx: BuildContext;
  lang: Lang;
  /** The page strings of `lang`. */
  t: Messages;
  /** The words pages share with the browser scripts (statuses, times, distances), in `lang`. */
  w: Words;
  /**
   * Where a site path is linked from a page: the site address's own path prefix, then the language's prefix for
   * a page (a path ending in `/` or `.html`, before any `#`), then the path (`/clinics/texas/` → `/ucd/es/clinics/texas/`
   * for `--site-url https://example.org/ucd` in Spanish). Files (`/favicon.svg`, `/llms.txt`) are shared by the
   * languages. Root-relative, so the pages work on any host that serves the folder under the site's path.
   */
  href(path: string): string;
  /** `href` of the same page in another language (the language switch, `hreflang` links). */
  hrefIn(lang: Lang, path: string): string;
  /** The canonical absolute address of a page of this language. */
  canonical(path: string): string;
  /** The canonical absolute address of a page in `lang` (`hreflang` alternates). */
  canonicalIn(lang: Lang, path: string): string;
  /** The page's path inside the site, with the language's prefix: what names its file. */
  pagePath(path: string): string;
  /** The local `href` of an absolute address of this site (pages, API documents, downloads); others unchanged. */
  local(url: string): string;
  /** Local `href` of an API document (`/states.json` → `/api/v1/states.json`): the copy in this very folder. */
  apiHref(path: string): string;
  assets: SiteAssets;
  synthetic: boolean;
  /** The freshness notice in `lang` when the data is old; null otherwise. */
  staleNotice: string | null;
}

/** The fingerprinted files every page may load. */
export interface SiteAssets {
  css: Asset;
  /** The script of every page (statuses, the open-now filter, offline), a module. */
  script: Asset;
  /** Near me, its one box (places, ZIP codes, clinics' names) and its map: the pages that have the block. */
  near: Asset;
  /** The stylesheet of browsers without JavaScript. */
  noscript: Asset;
}

function asset(name: string, extension: string, body: string): Asset {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
  return { file: `assets/${name}-${hash}.${extension}`, body };
}

/** The site's CSS and script (the same for every language). */
export function siteAssets(): SiteAssets {
  return {
    css: asset("site", "css", SITE_CSS),
    script: asset("site", "js", BROWSER_BUNDLES.site),
    near: asset("near", "js", BROWSER_BUNDLES.near),
    noscript: asset("noscript", "css", NOSCRIPT_CSS),
  };
}

/**
 * A page's path ends in `/` (a folder's `index.html`) or `.html` (a clinic's page) before any `#` (called for every
 * link of every page: no allocation).
 */
function isPage(path: string): boolean {
  const hash = path.indexOf("#");
  const end = hash < 0 ? path.length : hash;
  return path.charCodeAt(end - 1) === 47 || path.endsWith(".html", end);
}

/**
 * The site's view of a build, in one language.
 * @example const site = siteContext(ctx, "es"); site.href("/clinics/texas/") // "/es/clinics/texas/"
 */
export function siteContext(ctx: BuildContext, lang: Lang = "en", assets = siteAssets()): SiteContext {
  const prefix = new URL(ctx.siteUrl).pathname.replace(/\/+$/, "");
  const inLang = (l: Lang, path: string) => (isPage(path) ? `${LANG_PREFIX[l]}${path}` : path);
  const href = (path: string) => `${prefix}${inLang(lang, path)}`;
  const fresh = freshness(ctx.dataset, ctx.generatedAt);
  const t = MESSAGES[lang];
  return {
    ctx,
    lang,
    t,
    w: WORDS[lang],
    href,
    hrefIn: (l, path) => `${prefix}${inLang(l, path)}`,
    canonical: (path) => ctx.page(inLang(lang, path)),
    canonicalIn: (l, path) => ctx.page(inLang(l, path)),
    pagePath: (path) => inLang(lang, path),
    local: (url) => (url.startsWith(`${ctx.siteUrl}/`) ? href(url.slice(ctx.siteUrl.length)) : url),
    apiHref: (path) => `${prefix}/${API_DIR}${path}`,
    assets,
    synthetic: ctx.dataset.source.synthetic,
    staleNotice: fresh.stale ? t.freshness(fresh, ctx.dataset.source.synthetic) : null,
  };
}

/**
 * One context per language, sharing the assets.
 * @example for (const site of siteContexts(ctx)) await write(site.pagePath("/"), homePageHtml(site, summary));
 */
export function siteContexts(ctx: BuildContext): SiteContext[] {
  const assets = siteAssets();
  return LANGS.map((l) => siteContext(ctx, l, assets));
}
