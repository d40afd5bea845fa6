import type { NearbyClinic, PlacedClinic } from "../../../schema/clinic-document.js";
import { cityPage, clinicPage, clinicPath, statePage } from "../../paths.js";
import { type Html, html } from "../html.js";
import { page } from "../layout.js";
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
  const { state, city } = clinic.place;
  const path = clinicPage(state.slug, city.slug, clinic.id);
  const where = `${city.name}, ${state.name}`;
  const km = (d: number | null) => (d === null ? "" : ` · ${(d / 1.609344).toFixed(1)} miles away`);
  return page(site, {
    title: `${clinic.name} (no longer listed)`,
    shortTitle: clinic.name,
    description: `${clinic.name} in ${where} is no longer listed in the directory since ${t.removedSince}.`,
    path,
    noindex: true,
    crumbs: [
      { path: "/", label: "Home" },
      { path: statePage(state.slug), label: state.name },
      ...(t.cityListed ? [{ path: cityPage(state.slug, city.slug), label: city.name }] : []),
    ],
    main: html`<h1>${clinic.name}</h1>
<section class="notice" aria-label="No longer listed"><p><strong>No longer listed since ${t.removedSince}.</strong> This clinic was in the directory until the release of ${t.lastListed}; it is not in the current data. It may have closed or moved. Call before you go.</p></section>
<h2>Clinics nearby</h2>
${
  t.nearby.length
    ? html`<ul>${t.nearby.map(
        (n) =>
          html`<li><a href="${site.local(n.url)}">${n.name}</a> <span class="hint">${n.city}${km(n.distance_km)}</span></li>`,
      )}</ul>`
    : html`<p>No clinic is listed near it.</p>`
}<p>All clinics in <a href="${site.href(t.cityListed ? cityPage(state.slug, city.slug) : statePage(state.slug))}">${t.cityListed ? where : state.name}</a>.</p>
<h2>Last known details</h2>
<p class="hint">As last listed on ${t.lastListed}; they may be out of date.</p>
<dl class="summary">
${row("Address", clinic.address)}${row("Phone", clinic.phone)}${row("Network", clinic.network)}${row("Web site", clinic.website)}</dl>
<h2>For developers</h2>
<p>This clinic as JSON, with <code>"status": "removed"</code>: <a href="${site.apiHref(clinicPath(clinic.id))}"><code>${site.ctx.api(clinicPath(clinic.id))}</code></a></p>`,
  });
}
