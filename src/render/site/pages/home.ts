import { freshness } from "../../documents/freshness.js";
import { statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { plural } from "../format.js";
import { html } from "../html.js";
import { page } from "../layout.js";
import { usMap } from "../maps/maps.js";
import type { SiteContext } from "../site.js";

/** The home page: the search box, the map of the states, the list of states, the data's date. */
export function homePageHtml(site: SiteContext, summary: Summary): string {
  const { ctx } = site;
  const withClinics = summary.states.filter((s) => s.clinics > 0).length;
  const fresh = freshness(ctx.dataset, ctx.generatedAt);
  return page(site, {
    title: "Find an urgent care clinic",
    description: `A directory of ${plural(summary.clinics, "urgent care clinic")} in the United States, with addresses, phone numbers and opening hours. Free open data and API.`,
    path: "/",
    scripts: [site.assets.home],
    main: html`<h1>Find an urgent care clinic</h1>
<p class="lead">${plural(summary.clinics, "clinic")} in ${plural(summary.cities.length, "city", "cities")} across ${plural(withClinics, "state")}, with addresses, phone numbers and opening hours.</p>
<p>Data release ${ctx.dataset.dataVersion}. ${fresh.notice}</p>
<form class="search" role="search" data-search hidden action="${site.href("/")}">
<label for="q">Search by clinic name, network, city or ZIP code</label>
<div class="search-row"><input type="search" id="q" name="q" autocomplete="off" spellcheck="false" aria-describedby="q-status"> <button type="submit">Search</button></div>
<p class="status-line" id="q-status" role="status" aria-live="polite" data-search-status></p>
<ul data-search-results></ul>
</form>
<h2>Browse by state</h2>
${usMap(summary.states, (s) => site.href(statePage(s.state.slug)))}
<ul class="columns">${summary.states.map(
      (s) =>
        html`<li><a href="${site.href(statePage(s.state.slug))}">${s.state.name}</a> <span class="count">(${plural(s.clinics, "clinic")})</span></li>`,
    )}</ul>
<h2>Browse by network</h2>
<p><a href="${site.href("/networks/")}">All ${plural(summary.networks.length, "network")} and brands</a></p>
<h2>Use the data</h2>
<p>The directory is open data (CC BY 4.0): read <a href="${site.href("/about/")}">about the data and its downloads</a>, or use the free <a href="${site.href("/docs/")}">JSON API</a>.</p>`,
  });
}
