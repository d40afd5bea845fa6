/**
 * "Near me": a button that asks the browser for the position (which never leaves the device), and a ZIP code or
 * city box for when the position is refused or unavailable; the site's script lists the nearest clinics with their
 * distance, status, Call and Directions. Hidden without JavaScript, which it needs (by the layout's `<noscript>`
 * stylesheet: with JavaScript it is there from the first paint, so nothing below it moves).
 */

import { type Html, html } from "../../util/html.js";
import { networkPagePath } from "../paths.js";
import type { NetworkSummary } from "../summary.js";
import type { SiteContext } from "./site.js";

export interface NearMeOptions {
  /** Sort this network's clinics (from its API documents) instead of searching the whole directory. */
  network?: { summary: NetworkSummary; documents: number };
  /**
   * Whether the block has its own heading: not on the near-me page, whose heading is the page's (and where the
   * block reads `#zip=…`/`#q=…` from the address).
   */
  heading?: boolean;
}

/** The near-me block. */
export function nearMeBlock(site: SiteContext, o: NearMeOptions = {}): Html {
  const { t } = site;
  const network = o.network;
  const docs = network
    ? Array.from({ length: network.documents }, (_, i) =>
        site.apiHref(networkPagePath(network.summary.slug, i + 1)),
      )
    : [];
  const title = network ? t.near.networkHeading(network.summary.name) : t.near.heading;
  const own = o.heading === false ? html` data-page="near-me"` : "";
  return html`<section class="near" data-near-me${own}${network ? html` data-docs="${docs.join(" ")}"` : ""} aria-label="${title}" data-js>
${o.heading === false ? "" : html`<h2>${title}</h2>\n`}<p><button type="button" class="button" data-locate>${t.near.use}</button></p>
<p class="hint">${t.near.privacy}</p>
<form class="search" data-place action="${site.href("/near-me/")}">
<label for="near-place">${t.near.place}</label>
<div class="search-row"><input type="text" id="near-place" name="q" autocomplete="postal-code" spellcheck="false" enterkeyhint="search"> <button type="submit">${t.near.find}</button></div>
</form>
<p class="filter"><input type="checkbox" id="near-open" data-open-only> <label for="near-open">${site.w.filter.label}</label></p>
<p class="status-line" role="status" aria-live="polite" data-near-status></p>
<div data-near-results></div>
</section>`;
}
