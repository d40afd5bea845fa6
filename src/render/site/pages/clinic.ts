import type { ClinicSource, SourceField } from "../../../schema/sources.js";
import type { CityGroup, RenderedClinic } from "../../group.js";
import { cityPage, clinicPage, clinicPath, networkPage, statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { networkLink, phoneLink } from "../clinic-item.js";
import { count } from "../format.js";
import { hoursTable, openNowBadge } from "../hours.js";
import { type Html, html, safeHttpUrl } from "../html.js";
import { clinicJsonLd } from "../jsonld.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

function row(label: string, value: Html | string | null): Html {
  return value === null || value === "" ? html`` : html`<dt>${label}</dt><dd>${value}</dd>`;
}

/** Directions and map links: plain links to public map services (nothing is embedded or fetched by the page). */
function directions(r: RenderedClinic): Html {
  const { record, clinic } = r;
  const hasPoint = record.latitude !== null && record.longitude !== null;
  const destination = clinic.address ?? (hasPoint ? `${record.latitude},${record.longitude}` : null);
  if (destination === null) return html``;
  const google = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
  const osm = hasPoint
    ? `https://www.openstreetmap.org/?mlat=${record.latitude}&mlon=${record.longitude}#map=17/${record.latitude}/${record.longitude}`
    : null;
  return html`<p><a href="${google}">Get directions</a> <span class="hint">(Google Maps)</span>${osm ? html` · <a href="${osm}">See it on OpenStreetMap</a>` : ""}</p>`;
}

/** What each field of the page is called when the sources are listed. */
const FIELD_WORDS: Record<SourceField, string> = {
  name: "name",
  address: "address",
  phone: "phone",
  coordinates: "location",
  website: "web site",
  hours: "hours",
  services: "services",
  insurance: "insurance",
  rating: "rating",
  neighborhood: "neighbourhood",
  npi: "NPI",
};

/** The clinic's sources, each with its record's date (how current it is) and what it gave. */
function sourcesList(sources: readonly ClinicSource[]): Html {
  if (sources.length === 0) return html`<p>Not recorded for this release.</p>`;
  return html`<ul>${sources.map(
    (s) =>
      html`<li>${s.name}${s.date ? `, record dated ${s.date}` : ", undated record"}${s.fields.length ? `: ${s.fields.map((f) => FIELD_WORDS[f]).join(", ")}` : ""}</li>`,
  )}</ul>`;
}

/** A clinic: every field, the week's hours in its time zone, directions, its network and city, its API document. */
export function clinicPageHtml(
  site: SiteContext,
  summary: Summary,
  city: CityGroup,
  rendered: RenderedClinic,
): string {
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
      : html`${record.latitude}, ${record.longitude}${clinic.coordinates_source === "zip_centroid" ? html` <span class="hint">(location approximate: the centre of ZIP code ${record.zip ?? "area"})</span>` : ""}`;
  const rating =
    clinic.rating === null
      ? null
      : `${clinic.rating} out of 5${clinic.reviews_count === null ? "" : ` (${count(clinic.reviews_count)} review${clinic.reviews_count === 1 ? "" : "s"})`}`;
  const ld = clinicJsonLd(rendered, {
    url: site.ctx.page(path),
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
    title: `${clinic.name}, ${city.city.name}, ${state.code}`,
    shortTitle: clinic.name,
    description: `${clinic.name}: urgent care clinic in ${place}. Address, phone number and opening hours.`,
    path,
    crumbs: [
      { path: "/", label: "Home" },
      { path: statePage(state.slug), label: state.name },
      { path: cityPage(state.slug, city.city.slug), label: city.city.name },
    ],
    scripts: [site.assets.openNow],
    jsonLd: [ld],
    main: html`<h1>${clinic.name}</h1>
${openNowBadge(clinic.hours)}<dl class="summary">
${row("Address", clinic.address)}${row("Neighbourhood", clinic.neighborhood)}${row("Phone", clinic.phone ? phoneLink(clinic.phone) : null)}${row("Network", clinic.network ? networkLink(site, network, clinic.network) : null)}<dt>City</dt><dd><a href="${site.href(cityPage(state.slug, city.city.slug))}">${place}</a></dd>
${row("Web site", website ? html`<a href="${website}">${website}</a>` : clinic.website)}${row("Rating", rating)}${row("Coordinates", coordinates)}${row("NPI", clinic.npi)}</dl>
${directions(rendered)}
<h2>Opening hours</h2>
${clinic.hours ? hoursTable(clinic.hours) : html`<p>Opening hours are not known. Call the clinic before you go.</p>`}
<h2>Services</h2>
${clinic.services.length ? html`<ul>${clinic.services.map((s) => html`<li>${s}</li>`)}</ul>` : html`<p>Not known.</p>`}
<h2>Insurance accepted</h2>
${clinic.insurance.length ? html`<ul>${clinic.insurance.map((s) => html`<li>${s}</li>`)}</ul>` : html`<p>Not known. Ask the clinic.</p>`}
<h2>Where this comes from</h2>
${sourcesList(record.sources)}
<h2>For developers</h2>
<p>This clinic as JSON (id <code>${clinic.id}</code>): <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
  });
}
