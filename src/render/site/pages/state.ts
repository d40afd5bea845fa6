import type { StateGroup } from "../../group.js";
import { cityPage, networkPage, statePage, statePath } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { count, plural } from "../format.js";
import { html } from "../html.js";
import { page } from "../layout.js";
import { stateMap } from "../maps/maps.js";
import type { SiteContext } from "../site.js";

/** A state: its cities with clinic counts, a map with its clinics as dots, the networks present. */
export function statePageHtml(site: SiteContext, summary: Summary, group: StateGroup): string {
  const { state } = group.state;
  const networks = new Map<string, number>();
  for (const city of group.cities)
    for (const { clinic } of city.clinics)
      if (clinic.network !== null) networks.set(clinic.network, (networks.get(clinic.network) ?? 0) + 1);
  const listed = [...networks]
    .map(([name, n]) => ({ name, n, network: summary.networkByName.get(name) }))
    .sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : 1));
  const apiPath = statePath(state.slug);
  const clinics = group.state.clinics;
  const main =
    clinics === 0
      ? html`<h1>Urgent care clinics in ${state.name}</h1><p class="lead">No clinics in ${state.name} are listed in this release.</p>`
      : html`<h1>Urgent care clinics in ${state.name}</h1>
<p class="lead">${plural(clinics, "clinic")} in ${plural(group.cities.length, "city", "cities")}${listed.length ? `, from ${plural(listed.length, "network")}` : ""}.</p>
${stateMap(group)}
<h2>Cities</h2>
<ul class="columns">${group.cities.map(
          (c) =>
            html`<li><a href="${site.href(cityPage(state.slug, c.city.slug))}">${c.city.name}</a> <span class="count">(${plural(c.city.clinics, "clinic")})</span></li>`,
        )}</ul>
${
  listed.length
    ? html`<h2>Networks in ${state.name}</h2>
<ul class="columns">${listed.map(
        (l) =>
          html`<li>${l.network ? html`<a href="${site.href(networkPage(l.network.slug))}">${l.name}</a>` : l.name} <span class="count">(${count(l.n)} here)</span></li>`,
      )}</ul>`
    : ""
}`;
  return page(site, {
    title: `Urgent care clinics in ${state.name}`,
    description: `${plural(clinics, "urgent care clinic")} in ${state.name}, by city, with addresses, phone numbers and opening hours.`,
    path: statePage(state.slug),
    crumbs: [{ path: "/", label: "Home" }],
    main: html`${main}
<h2>For developers</h2>
<p>This state's cities as JSON: <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
  });
}
