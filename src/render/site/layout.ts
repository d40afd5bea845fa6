import { LICENSE, SERVICE_NAME } from "../context.js";
import { escapeHtml, type Fragment, type Html, html, jsonForScript } from "./html.js";
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
  /** The page's site path (`/clinics/texas/`), for its canonical address; null for the 404 page. */
  path: string | null;
  /** Breadcrumbs above the heading, home first (the current page is not listed). */
  crumbs?: Crumb[];
  /** Browser scripts of the page (module scripts: deferred, no inline code). */
  scripts?: Asset[];
  /** schema.org objects, each written as a JSON-LD block. */
  jsonLd?: unknown[];
  /** Keep the page out of search engines (a removed clinic's page). */
  noindex?: boolean;
  main: Fragment;
}

/**
 * A whole page: header with skip link and navigation, the synthetic-data banner and the freshness notice when
 * they apply, breadcrumbs, the main content, and the footer with the credit line and the licence.
 * @example page(site, { title: "Texas", description: "…", path: "/clinics/texas/", main: html`<h1>Texas</h1>` })
 */
export function page(site: SiteContext, o: PageOptions): string {
  const { ctx } = site;
  // Search engines show about 70 characters of a title: the service's name goes only where it fits.
  const candidates = [`${o.title} – ${SERVICE_NAME}`, o.title, o.shortTitle ?? o.title];
  const title =
    o.path === "/"
      ? SERVICE_NAME
      : (candidates.find((t) => escapeHtml(t).length <= 70) ?? (candidates[2] as string));
  const crumbs = o.crumbs?.length
    ? html`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${o.crumbs.map(
        (c) => html`<li><a href="${site.href(c.path)}">${c.label}</a></li>`,
      )}</ol></nav>`
    : "";
  const banner = site.synthetic
    ? html`<section class="banner" aria-label="Sample data"><p><strong>Synthetic sample data.</strong> Every clinic, network, address, phone number and web site on this site is fictional. Do not use it to find care.</p></section>`
    : "";
  const stale = site.staleNotice
    ? html`<section class="notice" aria-label="How old the data is"><p>${site.staleNotice}</p></section>`
    : "";
  const doc: Html = html`<!DOCTYPE html>
<html lang="en" data-api="${site.apiHref("")}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${o.description}">
${o.noindex ? html`<meta name="robots" content="noindex">\n` : ""}<link rel="alternate" type="application/atom+xml" title="Data releases" href="${site.href("/releases.atom")}">
${o.path !== null ? html`<link rel="canonical" href="${ctx.page(o.path)}">\n` : ""}<link rel="icon" href="${site.href("/favicon.svg")}" type="image/svg+xml">
<link rel="icon" href="${site.href("/favicon.ico")}" sizes="32x32">
<link rel="stylesheet" href="${site.href(`/${site.assets.css.file}`)}">
${(o.scripts ?? []).map((s) => html`<script type="module" src="${site.href(`/${s.file}`)}"></script>\n`)}${(o.jsonLd ?? []).map((j) => html`<script type="application/ld+json">${jsonForScript(j)}</script>\n`)}</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="header"><div class="width"><a class="service" href="${site.href("/")}">${SERVICE_NAME}</a>
<nav class="nav" aria-label="Site"><ul><li><a href="${site.href("/")}">Find a clinic</a></li><li><a href="${site.href("/about/")}">About the data</a></li><li><a href="${site.href("/docs/")}">API</a></li></ul></nav></div></header>
<div class="width">
${banner}${stale}${crumbs}
<main id="main">
${o.main}
</main>
</div>
<footer class="footer"><div class="width">
<p>Data: ${SERVICE_NAME}, release ${ctx.dataset.dataVersion}, licensed <a href="${LICENSE.url}" rel="license">${LICENSE.name} (${LICENSE.id})</a>. Code: MIT.</p>
<p>Credit line: ${ctx.attribution}</p>
<ul><li><a href="${site.href("/about/")}">About the data</a></li><li><a href="${site.href("/docs/")}">API reference</a></li><li><a href="${site.href("/about/#downloads")}">Downloads</a></li><li><a href="${site.href("/llms.txt")}">llms.txt</a></li><li><a href="${site.href("/releases.atom")}">Releases (Atom feed)</a></li></ul>
</div></footer>
</body>
</html>
`;
  return doc.value;
}
