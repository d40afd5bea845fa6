import type { CityGroup } from "../../group.js";
import { cityPage, cityPath, statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { clinicItem } from "../clinic-item.js";
import { plural, zoneName } from "../format.js";
import { html } from "../html.js";
import { page } from "../layout.js";
import { cityMap } from "../maps/maps.js";
import type { SiteContext } from "../site.js";

/** A city: a map and every clinic with address, phone, network, hours and an "open now" badge. */
export function cityPageHtml(site: SiteContext, summary: Summary, group: CityGroup): string {
  const { city } = group;
  const { state } = city;
  const place = `${city.name}, ${state.name}`;
  const dots = group.clinics.flatMap(({ record }) =>
    record.latitude === null || record.longitude === null
      ? []
      : [{ latitude: record.latitude, longitude: record.longitude, label: record.name }],
  );
  const apiPath = cityPath(state.slug, city.slug);
  return page(site, {
    title: `Urgent care clinics in ${place}`,
    description: `${plural(group.clinics.length, "urgent care clinic")} in ${place}: addresses, phone numbers, opening hours and which are open now.`,
    path: cityPage(state.slug, city.slug),
    crumbs: [
      { path: "/", label: "Home" },
      { path: statePage(state.slug), label: state.name },
    ],
    scripts: [site.assets.openNow],
    main: html`<h1>Urgent care clinics in ${place}</h1>
<p class="lead">${plural(group.clinics.length, "clinic")}. Opening hours are in ${zoneName(city.timezone)}.</p>
${cityMap(place, city, city.radiusKm, dots)}
<h2>Clinics</h2>
<ul class="clinics">
${group.clinics.map((c) =>
  clinicItem(site, c, {
    state: state.slug,
    city: city.slug,
    networkOf: (name) => summary.networkByName.get(name),
  }),
)}</ul>
<h2>For developers</h2>
<p>This city's clinics as JSON: <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
  });
}
