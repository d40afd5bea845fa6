import type { NearbyClinic, PlacedClinic } from "../../../schema/clinic-document.js";
import { type Html, html } from "../../../util/html.js";
import { cityPage, clinicPage, clinicPath, statePage } from "../../paths.js";
import { homeCrumb, page } from "../layout.js";
import type { SiteContext } from "../site.js";

/** What a removed clinic's page shows (see `ClinicDocument` with `status: "removed"`). */
export interface TombstoneView {
  clinic: PlacedClinic;
  removedSince: string;
  lastListed: string;
  nearby: readonly NearbyClinic[];
  /** Whether its city still has a page (it has clinics listed). */
  cityListed: boolean;
}

function row(label: string, value: string | null): Html {
  return value === null ? html`` : html`<dt>${label}</dt><dd>${value}</dd>`;
}

/**
 * A removed clinic's page, at its old address: says plainly that it is no longer listed and since when, leads to
 * the nearest clinics that are, and keeps its last known details (marked as such). Kept out of search engines.
 * @example tombstonePageHtml(site, { clinic, removedSince: "2026-06-01", lastListed: "2026-05-01", nearby, cityListed: true })
 */
export function tombstonePageHtml(site: SiteContext, t: TombstoneView): string {
  const { clinic } = t;
  const w = site.t.tombstone;
  const c = site.t.clinic;
  const { state, city } = clinic.place;
  const path = clinicPage(state.slug, city.slug, clinic.id);
  const where = `${city.name}, ${state.name}`;
  const miles = (d: number | null) => (d === null ? "" : w.away((d / 1.609344).toFixed(1)));
  return page(site, {
    title: w.title(clinic.name),
    shortTitle: clinic.name,
    description: w.description(clinic.name, where, t.removedSince),
    path,
    noindex: true,
    crumbs: [
      homeCrumb(site),
      { path: statePage(state.slug), label: state.name },
      ...(t.cityListed ? [{ path: cityPage(state.slug, city.slug), label: city.name }] : []),
    ],
    main: html`<h1>${clinic.name}</h1>
<section class="notice" aria-label="${w.label}"><p>${w.notice(t.removedSince, t.lastListed)}</p></section>
<h2>${w.nearby}</h2>
${
  t.nearby.length
    ? html`<ul>${t.nearby.map(
        (n) =>
          html`<li><a href="${site.local(n.url)}">${n.name}</a> <span class="hint">${n.city}${miles(n.distance_km)}</span></li>`,
      )}</ul>`
    : html`<p>${w.none}</p>`
}<p>${w.all(html`<a href="${site.href(t.cityListed ? cityPage(state.slug, city.slug) : statePage(state.slug))}">${t.cityListed ? where : state.name}</a>`)}</p>
<h2>${w.last}</h2>
<p class="hint">${w.asOf(t.lastListed)}</p>
<dl class="summary">
${row(c.address, clinic.address)}${row(c.phone, clinic.phone)}${row(c.network, clinic.network)}${row(c.website, clinic.website)}</dl>
<h2>${site.t.developers}</h2>
<p>${w.json(html`<code>"status": "removed"</code>`)} <a href="${site.apiHref(clinicPath(clinic.id))}"><code>${site.ctx.api(clinicPath(clinic.id))}</code></a></p>`,
  });
}
