import { type Fragment, type Html, html } from "../../../util/html.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

/** What one language says on a page served whatever the language: its title and paragraphs. */
interface Said {
  title: string;
  description: string;
  paragraphs: Fragment[];
}

/**
 * A page in every language, one after the other (the first as the page's own, the others marked with their
 * `lang`): for pages served at any address, whose language the server cannot know. Every link is root-relative.
 */
function everyLanguage(
  sites: readonly SiteContext[],
  say: (site: SiteContext) => Said,
  noindex = false,
): string {
  const [first] = sites as [SiteContext];
  const parts: Html[] = sites.map((site, i) => {
    const s = say(site);
    return html`<div${i === 0 ? "" : html` lang="${site.lang}"`}>
${i === 0 ? html`<h1>${s.title}</h1>` : html`<h2>${s.title}</h2>`}
${s.paragraphs.map((p) => html`<p>${p}</p>\n`)}</div>`;
  });
  const own = say(first);
  return page(first, {
    title: own.title,
    description: own.description,
    path: null,
    noindex,
    main: html`${parts}`,
  });
}

/**
 * The HTML 404 page, served for any unknown non-API path whatever its language: it says it in English, then in
 * Spanish, each with a link to its home page.
 * @example notFoundHtml(siteContexts(ctx))
 */
export function notFoundHtml(sites: readonly SiteContext[]): string {
  return everyLanguage(sites, (site) => {
    const n = site.t.notFound;
    return { title: n.title, description: n.description, paragraphs: [n.typed, n.moved(site.href("/"))] };
  });
}

/**
 * The page the service worker answers with when a page was never saved and there is no connection, in every
 * language like the 404 page. Kept out of search engines.
 * @example offlineHtml(siteContexts(ctx))
 */
export function offlineHtml(sites: readonly SiteContext[]): string {
  return everyLanguage(
    sites,
    (site) => {
      const o = site.t.offline;
      return {
        title: o.title,
        description: o.text,
        paragraphs: [o.text, html`<a href="${site.href("/")}">${o.home}</a>`],
      };
    },
    true,
  );
}
