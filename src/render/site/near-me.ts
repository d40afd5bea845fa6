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

/**
 * When to call 911 instead: a short notice above near me (and so on the home and near-me pages and above every
 * near-me list), shown without JavaScript too. Its wording follows MedlinePlus' "When to use the emergency room" and
 * ACEP's warning signs of a medical emergency (docs/site.md).
 */
export function emergencyNotice(site: SiteContext): Html {
  return html`<aside class="emergency" aria-label="${site.t.near.emergencyLabel}"><p>${site.t.near.emergency}</p></aside>`;
}

/** The near-me block, after the emergency notice. */
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
  return html`${emergencyNotice(site)}
<section class="near" data-near-me${own}${network ? html` data-docs="${docs.join(" ")}"` : ""} aria-label="${title}" data-js>
${o.heading === false ? "" : html`<h2>${title}</h2>\n`}<p class="locate"><button type="button" class="button" data-locate>${t.near.use}</button> <span class="hint">${t.near.privacy}</span></p>
<form class="search" data-place action="${site.href("/near-me/")}" role="search">
<label for="near-place">${t.near.place}</label>
<div class="search-row"><input type="search" id="near-place" name="q" autocomplete="off" spellcheck="false" enterkeyhint="search" aria-describedby="near-suggest-status"> <button type="submit">${t.near.find}</button></div>
<p class="visually-hidden" id="near-suggest-status" role="status" data-suggest-status></p>
<ul class="suggest" data-suggest hidden></ul>
</form>
<p class="status-line" role="status" aria-live="polite" data-near-status></p>
<div data-near-results></div>
<figure class="near-map-figure" data-near-map hidden></figure>
</section>`;
}
