/**
 * Long lists of clinics in pages with plain links, so that no page a patient opens on a phone weighs much more
 * than a city page: a list of more than `LIST_PAGE_SIZE` clinics is cut into pages of nearly equal length, the
 * first at the list's own address, the others at `page-2/`, `page-3/`, … below it. The list names the API
 * documents that hold all its clinics, so that the open-now filter and near-me sorting can work across every page.
 */
import { type Html, html } from "../../util/html.js";
import type { SiteContext } from "./site.js";

/** A page of the site: its path (without the language) and its HTML. */
export interface SitePage {
  path: string;
  body: string;
}

/** Most clinics on one page of a list (the sample's largest city lists 80). */
export const LIST_PAGE_SIZE = 100;

/**
 * A list split into pages of nearly equal length (sizes differ by one at most), at least one page.
 * @example splitPages([1, 2, 3], 2) // [[1, 2], [3]]
 */
export function splitPages<T>(items: readonly T[], size = LIST_PAGE_SIZE): T[][] {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const out: T[][] = [];
  for (let p = 0, from = 0; p < pages; p++) {
    const to = from + Math.ceil((items.length - from) / (pages - p));
    out.push(items.slice(from, to));
    from = to;
  }
  return out;
}

/**
 * The site path of page `n` of the list at `base`.
 * @example pagedPath("/networks/carenow/", 2) // "/networks/carenow/page-2/"
 */
export function pagedPath(base: string, n: number): string {
  return n === 1 ? base : `${base}page-${n}/`;
}

/** Previous, numbered and next links between the pages of a list; nothing for a one-page list. */
export function pager(site: SiteContext, base: string, n: number, of: number): Html {
  if (of <= 1) return html``;
  const { list } = site.t;
  const link = (k: number, text: string, rel = "") =>
    html`<a href="${site.href(pagedPath(base, k))}"${rel ? html` rel="${rel}"` : ""}>${text}</a>`;
  const numbers = Array.from({ length: of }, (_, i) => i + 1).map((k) =>
    k === n
      ? html`<li><span aria-current="page">${list.page(k)}</span></li>`
      : html`<li>${link(k, list.page(k))}</li>`,
  );
  return html`<nav class="pager" aria-label="${list.pager}"><ul>${n > 1 ? html`<li>${link(n - 1, list.previous, "prev")}</li>` : ""}${numbers}${n < of ? html`<li>${link(n + 1, list.next, "next")}</li>` : ""}</ul></nav>`;
}

/**
 * The open-now filter of a list (shown by the script) and the list element. `docs` are the API documents holding
 * every clinic of the list, all pages together: the script reads them only when the list has more than one page.
 */
export function listTools(site: SiteContext, docs: readonly string[], pages: number): Html {
  return html`<div class="list-tools" data-list-tools data-docs="${docs.map((d) => site.apiHref(d)).join(" ")}" data-pages="${pages}" data-js>
<p class="filter"><input type="checkbox" id="open-only" data-open-only> <label for="open-only">${site.w.filter.label}</label></p>
<p class="status-line" role="status" aria-live="polite" data-filter-status></p>
</div>`;
}
