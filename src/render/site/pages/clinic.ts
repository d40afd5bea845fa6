import { appleMapsHref, directionsHref, telHref, unbreakablePhone } from "../../../browser/links.js";
import { type Html, html, safeHttpUrl } from "../../../util/html.js";
import type { CityGroup, RenderedClinic } from "../../group.js";
import { cityPage, clinicPage, clinicPath, networkPage, statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { networkLink, phoneLink } from "../clinic-item.js";
import { howWeKnow } from "../evidence.js";
import { hoursTable, statusBadge } from "../hours.js";
import { clinicJsonLd } from "../jsonld.js";
import { homeCrumb, page } from "../layout.js";
import type { SiteContext } from "../site.js";

function row(label: string, value: Html | string | null): Html {
  return value === null || value === "" ? html`` : html`<dt>${label}</dt><dd>${value}</dd>`;
}

/**
 * Call and Directions as big buttons, then other maps: plain links (a `tel:` address, public map services) —
 * nothing is embedded or fetched by the page.
 */
function actions(site: SiteContext, r: RenderedClinic): Html {
  const { record, clinic } = r;
  const c = site.t.clinic;
  const point =
    record.latitude !== null && record.longitude !== null
      ? { lat: record.latitude, lng: record.longitude }
      : null;
  const tel = clinic.phone ? telHref(clinic.phone) : null;
  const directions = directionsHref(clinic.address, point);
  const apple = appleMapsHref(clinic.address, point);
  if (!tel && !directions) return html``;
  const osm = point
    ? `https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.lng}#map=17/${point.lat}/${point.lng}`
    : null;
  return html`<div class="actions" role="group" aria-label="${c.actions}">${tel && clinic.phone ? html`<a class="button" href="${tel}">${unbreakablePhone(c.call(clinic.phone))}</a>` : ""}${directions ? html`<a class="button button-secondary" href="${directions}">${c.directions}</a>` : ""}</div>
${apple ? html`<p class="hint">${c.otherMaps(apple, osm)}</p>\n` : ""}${clinic.coordinates_source === "zip_centroid" ? html`<p class="hint">${c.approximateNote}</p>\n` : ""}`;
}

/** A clinic: its status, Call and Directions, every field, the week's hours in its time zone, its API document. */
export function clinicPageHtml(
  site: SiteContext,
  summary: Summary,
  city: CityGroup,
  rendered: RenderedClinic,
): string {
  const { t } = site;
  const c = t.clinic;
  const { clinic, record } = rendered;
  const { state } = city.city;
  const path = clinicPage(state.slug, city.city.slug, clinic.id);
  const network = clinic.network === null ? undefined : summary.networkByName.get(clinic.network);
  const website = safeHttpUrl(clinic.website);
  const apiPath = clinicPath(clinic.id);
  const place = `${city.city.name}, ${state.name}`;
  const coordinates =
    record.latitude === null || record.longitude === null
      ? null
      : html`${record.latitude}, ${record.longitude}${clinic.coordinates_source === "zip_centroid" ? html` <span class="hint">${c.approximate}</span>` : ""}`;
  const rating = clinic.rating === null ? null : c.ratingText(clinic.rating, clinic.reviews_count);
  const ld = clinicJsonLd(rendered, {
    url: site.canonical(path),
    stateCode: state.code,
    network:
      clinic.network === null
        ? null
        : {
            name: clinic.network,
            url: network ? site.ctx.page(networkPage(network.slug)) : null,
            wikidata: network?.wikidata ?? null,
          },
  });
  return page(site, {
    title: c.title(clinic.name, city.city.name, state.code),
    shortTitle: clinic.name,
    description: c.description(clinic.name, place),
    path,
    crumbs: [
      homeCrumb(site),
      { path: statePage(state.slug), label: state.name },
      { path: cityPage(state.slug, city.city.slug), label: city.city.name },
    ],
    jsonLd: [ld],
    main: html`<h1>${clinic.name}</h1>
${statusBadge(site, clinic.hours)}${actions(site, rendered)}<dl class="summary">
${row(c.address, clinic.address)}${row(c.neighbourhood, clinic.neighborhood)}${row(c.phone, clinic.phone ? phoneLink(clinic.phone) : null)}${row(c.network, clinic.network ? networkLink(site, network, clinic.network) : null)}<dt>${c.city}</dt><dd><a href="${site.href(cityPage(state.slug, city.city.slug))}">${place}</a></dd>
${row(c.website, website ? html`<a href="${website}">${website}</a>` : clinic.website)}${row(c.rating, rating)}${row(c.coordinates, coordinates)}${row(c.npi, clinic.npi)}</dl>
<h2>${c.hours}</h2>
${clinic.hours ? hoursTable(site, clinic.hours) : html`<p>${c.hoursUnknown}</p>`}
<h2>${c.services}</h2>
${clinic.services.length ? html`<ul>${clinic.services.map((s) => html`<li>${s}</li>`)}</ul>` : html`<p>${c.servicesUnknown}</p>`}
<h2>${c.insurance}</h2>
${clinic.insurance.length ? html`<ul>${clinic.insurance.map((s) => html`<li>${s}</li>`)}</ul>` : html`<p>${c.insuranceUnknown}</p>`}
<h2>${c.evidence.heading}</h2>
${howWeKnow(site, record.evidence)}<h2>${c.sources}</h2>
${record.sources.length ? html`<ul>${record.sources.map((s) => html`<li>${c.source(s.name, s.date, s.fields)}</li>`)}</ul>` : html`<p>${c.sourcesUnknown}</p>`}
<h2>${t.developers}</h2>
<p>${c.json(html`<code>${clinic.id}</code>`)} <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
  });
}
