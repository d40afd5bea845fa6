import { html } from "../../../util/html.js";
import type { StateGroup } from "../../group.js";
import { cityPage, networkPage, statePage, statePath } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { homeCrumb, page } from "../layout.js";
import { stateMap } from "../maps/maps.js";
import { nearMeBlock } from "../near-me.js";
import type { SiteContext } from "../site.js";

/** A state: near me, its cities with clinic counts, a map with its clinics as dots, the networks present. */
export function statePageHtml(site: SiteContext, summary: Summary, group: StateGroup): string {
  const { t } = site;
  const s = t.state;
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
      ? html`<h1>${s.title(state.name)}</h1><p class="lead">${s.none(state.name)}</p>`
      : html`<h1>${s.title(state.name)}</h1>
<p class="lead">${s.lead(clinics, group.cities.length, listed.length)}</p>
${nearMeBlock(site)}
<h2>${s.cities}</h2>
<ul class="columns">${group.cities.map(
          (c) =>
            html`<li><a href="${site.href(cityPage(state.slug, c.city.slug))}">${c.city.name}</a> <span class="count">(${t.clinics(c.city.clinics)})</span></li>`,
        )}</ul>
${stateMap(group, s.mapTitle(state.name, clinics))}
${
  listed.length
    ? html`<h2>${s.networksIn(state.name)}</h2>
<ul class="columns">${listed.map(
        (l) =>
          html`<li>${l.network ? html`<a href="${site.href(networkPage(l.network.slug))}">${l.name}</a>` : l.name} <span class="count">${s.here(l.n)}</span></li>`,
      )}</ul>`
    : ""
}`;
  return page(site, {
    title: s.title(state.name),
    description: s.description(clinics, state.name),
    path: statePage(state.slug),
    scripts: [site.assets.near],
    crumbs: [homeCrumb(site)],
    main: html`${main}
<h2>${t.developers}</h2>
<p>${s.json} <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
  });
}
