import { html } from "../html.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

/**
 * The HTML 404 page, served for any unknown non-API path whatever its language: it says it in English, then in
 * Spanish (marked `lang="es"`), each with a link to its home page. Every link in it is root-relative.
 * @example notFoundHtml(siteContexts(ctx))
 */
export function notFoundHtml(sites: readonly SiteContext[]): string {
  const [first] = sites as [SiteContext];
  const parts = sites.map((site, i) => {
    const n = site.t.notFound;
    const lang = i === 0 ? "" : html` lang="${site.lang}"`;
    return html`<div${lang}>
${i === 0 ? html`<h1>${n.title}</h1>` : html`<h2>${n.title}</h2>`}
<p>${n.typed}</p>
<p>${n.moved(site.href("/"))}</p>
</div>`;
  });
  return page(first, {
    title: first.t.notFound.title,
    description: first.t.notFound.description,
    path: null,
    main: html`${parts}`,
  });
}

/**
 * The page the service worker answers with when a page was never saved and there is no connection, in every
 * language like the 404 page. Kept out of search engines.
 */
export function offlineHtml(sites: readonly SiteContext[]): string {
  const [first] = sites as [SiteContext];
  const parts = sites.map((site, i) => {
    const o = site.t.offline;
    const lang = i === 0 ? "" : html` lang="${site.lang}"`;
    return html`<div${lang}>
${i === 0 ? html`<h1>${o.title}</h1>` : html`<h2>${o.title}</h2>`}
<p>${o.text}</p>
<p><a href="${site.href("/")}">${o.home}</a></p>
</div>`;
  });
  return page(first, {
    title: first.t.offline.title,
    description: first.t.offline.text,
    path: null,
    noindex: true,
    main: html`${parts}`,
  });
}
