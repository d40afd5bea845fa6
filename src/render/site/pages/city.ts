import { html } from "../../../util/html.js";
import type { CityGroup } from "../../group.js";
import { cityPage, cityPath, statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { clinicItem } from "../clinic-item.js";
import { homeCrumb, page } from "../layout.js";
import { cityMap } from "../maps/maps.js";
import { nearMeBlock } from "../near-me.js";
import { listTools, pagedPath, pager, type SitePage, splitPages } from "../paged.js";
import type { SiteContext } from "../site.js";

/**
 * A city: near me, a map, and its clinics with address, phone, network, hours and status, with the open-now
 * filter; in pages of at most `LIST_PAGE_SIZE` clinics when it has more (the map and near me on the first).
 */
export function cityPagesHtml(site: SiteContext, summary: Summary, group: CityGroup): SitePage[] {
  const { t } = site;
  const c = t.city;
  const { city } = group;
  const { state } = city;
  const place = `${city.name}, ${state.name}`;
  const base = cityPage(state.slug, city.slug);
  const apiPath = cityPath(state.slug, city.slug);
  const pages = splitPages(group.clinics);
  const dots = group.clinics.flatMap(({ record }) =>
    record.latitude === null || record.longitude === null
      ? []
      : [{ latitude: record.latitude, longitude: record.longitude, label: record.name }],
  );
  let first = 0;
  return pages.map((clinics, i) => {
    const n = i + 1;
    const from = first + 1;
    first += clinics.length;
    const title = n === 1 ? c.title(place) : `${c.title(place)} – ${t.list.page(n)}`;
    return {
      path: pagedPath(base, n),
      body: page(site, {
        title,
        description: c.description(group.clinics.length, place),
        path: pagedPath(base, n),
        crumbs: [homeCrumb(site), { path: statePage(state.slug), label: state.name }],
        ...(n === 1 && { scripts: [site.assets.near] }),
        main: html`<h1>${c.title(place)}</h1>
<p class="lead">${c.lead(group.clinics.length, t.zone(city.timezone))}</p>
${n === 1 ? html`${nearMeBlock(site)}\n${cityMap(c.mapTitle(place, dots.length), city, city.radiusKm, dots)}\n` : ""}<h2>${pages.length > 1 ? `${c.clinics} – ${t.list.pageOf(n, pages.length)}` : c.clinics}</h2>
${pages.length > 1 ? html`<p>${t.list.range(from, first, group.clinics.length)}</p>\n` : ""}${listTools(site, [apiPath], pages.length)}
<ul class="clinics" data-list>
${clinics.map((clinic) =>
  clinicItem(site, clinic, {
    state: state.slug,
    city: city.slug,
    networkOf: (name) => summary.networkByName.get(name),
  }),
)}</ul>
${pager(site, base, n, pages.length)}
<h2>${t.developers}</h2>
<p>${c.json} <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
      }),
    };
  });
}
