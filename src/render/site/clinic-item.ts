/** A clinic as one item of a list (city and network pages). */
import { telHref, unbreakablePhone } from "../../browser/links.js";
import { type Fragment, type Html, html } from "../../util/html.js";
import type { RenderedClinic } from "../group.js";
import { clinicPage, networkPage } from "../paths.js";
import type { NetworkSummary } from "../summary.js";
import { evidenceHint } from "./evidence.js";
import { hoursSummary, statusBadge } from "./hours.js";
import type { SiteContext } from "./site.js";

/** A phone number as a `tel:` link (text only when it is not a US number). */
export function phoneLink(phone: string): Html {
  const tel = telHref(phone);
  const text = unbreakablePhone(phone);
  return tel ? html`<a href="${tel}">${text}</a>` : html`${phone}`;
}

/** The network as a link to its page (text alone when the build knows no page for it). */
export function networkLink(site: SiteContext, network: NetworkSummary | undefined, name: string): Html {
  return network ? html`<a href="${site.href(networkPage(network.slug))}">${name}</a>` : html`${name}`;
}

export interface ItemOptions {
  state: string;
  city: string;
  /** Extra line under the name (the city, on network pages). */
  place?: Fragment;
  networkOf(name: string): NetworkSummary | undefined;
  /** Whether to name the network; off on the network's own page, where every item would repeat its title. */
  showNetwork?: boolean;
}

/** One clinic: its name (a link to its page), its status, address, phone, network and hours in one line. */
export function clinicItem(
  site: SiteContext,
  { clinic }: RenderedClinic | { clinic: RenderedClinic["clinic"] },
  o: ItemOptions,
): Html {
  const { t } = site;
  const href = site.href(clinicPage(o.state, o.city, clinic.id));
  return html`<li class="clinic"><h3><a href="${href}">${clinic.name}</a></h3>
${statusBadge(site, clinic.hours)}${o.place ? html`<p>${o.place}</p>` : ""}${clinic.address ? html`<p>${clinic.address}</p>` : ""}${clinic.phone ? html`<p>${t.list.phone} ${phoneLink(clinic.phone)}</p>` : ""}${clinic.network && o.showNetwork !== false ? html`<p>${t.list.network} ${networkLink(site, o.networkOf(clinic.network), clinic.network)}</p>` : ""}${clinic.hours ? html`<p class="meta">${hoursSummary(site, clinic.hours)}</p>` : ""}${evidenceHint(site, clinic)}</li>
`;
}
