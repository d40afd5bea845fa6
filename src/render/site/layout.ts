import { LANGS } from "../../i18n/lang.js";
import { MESSAGES } from "../../i18n/messages.js";
import { escapeHtml, type Fragment, type Html, html, jsonForScript } from "../../util/html.js";
import { LICENSE } from "../context.js";
import { manifestFile } from "./manifest.js";
import type { Asset, SiteContext } from "./site.js";

/** One step of the breadcrumbs: a site path and its label. */
export interface Crumb {
  path: string;
  label: string;
}

export interface PageOptions {
  /** The page's own name (the `<title>` adds the service's). */
  title: string;
  /** A shorter name for the `<title>` when `title` is too long for it (a clinic's name alone). */
  shortTitle?: string;
  description: string;
  /**
   * The page's site path without the language (`/clinics/texas/`), for its canonical address, its other
   * languages and the language switch; null for pages served at any address (404, offline).
   */
  path: string | null;
  /** Breadcrumbs above the heading, home first (the current page is not listed). */
  crumbs?: Crumb[];
  /** Scripts of the page besides the site's own (module scripts: deferred, no inline code). */
  scripts?: Asset[];
  /** schema.org objects, each written as a JSON-LD block. */
  jsonLd?: unknown[];
  /** Keep the page out of search engines (a removed clinic's page). */
  noindex?: boolean;
  main: Fragment;
}

/** The home page's crumb, in the page's language. */
export const homeCrumb = (site: SiteContext): Crumb => ({ path: "/", label: site.t.layout.home });

/**
 * A whole page in the site's language: header with skip link, navigation and language switch, the
 * synthetic-data banner and the freshness notice when they apply, breadcrumbs, the main content, and the footer
 * with the credit line and the licence. The head names the page in every language (`hreflang`), the web app
 * manifest and the icons; the site's one script (deferred) adds what needs JavaScript.
 * @example page(site, { title: "Texas", description: "…", path: "/clinics/texas/", main: html`<h1>Texas</h1>` })
 */
export function page(site: SiteContext, o: PageOptions): string {
  const { ctx, t } = site;
  const l = t.layout;
  // Search engines show about 70 characters of a title: the service's name goes only where it fits.
  const candidates = [`${o.title} – ${t.service}`, o.title, o.shortTitle ?? o.title];
  const title =
    o.path === "/"
      ? t.service
      : (candidates.find((c) => escapeHtml(c).length <= 70) ?? (candidates[2] as string));
  const crumbs = o.crumbs?.length
    ? html`<nav class="breadcrumbs" aria-label="${l.breadcrumb}"><ol>${o.crumbs.map(
        (c) => html`<li><a href="${site.href(c.path)}">${c.label}</a></li>`,
      )}</ol></nav>`
    : "";
  const banner = site.synthetic
    ? html`<section class="banner" aria-label="${l.sampleLabel}"><p>${l.sample}</p></section>`
    : "";
  const stale = site.staleNotice
    ? html`<section class="notice" aria-label="${l.staleLabel}"><p>${site.staleNotice}</p></section>`
    : "";
  const path = o.path;
  const alternates =
    path === null
      ? ""
      : html`${LANGS.map((lang) => html`<link rel="alternate" hreflang="${lang}" href="${site.canonicalIn(lang, path)}">\n`)}<link rel="alternate" hreflang="x-default" href="${site.canonicalIn("en", path)}">\n`;
  const others = LANGS.filter((lang) => lang !== site.lang);
  const switcher = others.map((lang) => {
    const other = site.hrefIn(lang, path ?? "/");
    return html`<li><a href="${other}" hreflang="${lang}" lang="${lang}">${MESSAGES[lang].name}</a></li>`;
  });
  const doc: Html = html`<!DOCTYPE html>
<html lang="${site.lang}" data-api="${site.apiHref("")}" data-root="${site.hrefIn("en", "/")}" data-home="${site.href("/")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${o.description}">
<meta name="theme-color" content="#0b0c0c">
${o.noindex ? html`<meta name="robots" content="noindex">\n` : ""}<link rel="alternate" type="application/atom+xml" title="${l.feed}" href="${site.href("/releases.atom")}">
${path !== null ? html`<link rel="canonical" href="${site.canonical(path)}">\n` : ""}${alternates}<link rel="manifest" href="${site.href(`/${manifestFile(site.lang)}`)}">
<link rel="icon" href="${site.href("/favicon.svg")}" type="image/svg+xml">
<link rel="icon" href="${site.href("/favicon.ico")}" sizes="32x32">
<link rel="apple-touch-icon" href="${site.href("/icons/apple-touch-icon.png")}">
<link rel="stylesheet" href="${site.href(`/${site.assets.css.file}`)}">
<noscript><link rel="stylesheet" href="${site.href(`/${site.assets.noscript.file}`)}"></noscript>
${[site.assets.script, ...(o.scripts ?? [])].map((s) => html`<script type="module" src="${site.href(`/${s.file}`)}"></script>\n`)}${(o.jsonLd ?? []).map((j) => html`<script type="application/ld+json">${jsonForScript(j)}</script>\n`)}</head>
<body>
<a class="skip-link" href="#main">${l.skip}</a>
<header class="header"><div class="width"><a class="service" href="${site.href("/")}">${t.service}</a>
<nav class="nav" aria-label="${l.site}"><ul><li><a href="${site.href("/near-me/")}">${l.nav.near}</a></li><li><a href="${site.href("/")}">${l.nav.find}</a></li><li><a href="${site.href("/about/")}">${l.nav.about}</a></li><li><a href="${site.href("/docs/")}">${l.nav.api}</a></li>${switcher}</ul></nav></div></header>
<div class="width">
${banner}${stale}${crumbs}
<main id="main">
${o.main}
</main>
</div>
<footer class="footer"><div class="width">
<p>${l.footer(t.service, ctx.dataset.dataVersion, html`<a href="${LICENSE.url}" rel="license">${LICENSE.name} (${LICENSE.id})</a>`)}</p>
<p>${l.credit} ${ctx.attribution}</p>
<ul><li><a href="${site.href("/about/")}">${l.links.about}</a></li><li><a href="${site.href("/docs/")}">${l.links.api}</a></li><li><a href="${site.href("/about/#downloads")}">${l.links.downloads}</a></li><li><a href="${site.href("/llms.txt")}">${l.links.llms}</a></li><li><a href="${site.href("/releases.atom")}">${l.links.feed}</a></li></ul>
</div></footer>
</body>
</html>
`;
  return doc.value;
}
