import type { NetworkMember } from "../../network-members.js";
import { networkPage, networkPath, statePage } from "../../paths.js";
import type { NetworkSummary, Summary } from "../../summary.js";
import { clinicItem } from "../clinic-item.js";
import { plural } from "../format.js";
import { type Html, html } from "../html.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

/**
 * A network: its clinics by state. Reads the network's members as they stream from the spill, so that only
 * this network's page is in memory.
 */
export async function networkPageHtml(
  site: SiteContext,
  summary: Summary,
  network: NetworkSummary,
  members: AsyncIterable<NetworkMember>,
): Promise<string> {
  const sections: Html[] = [];
  let state: NetworkMember["state"] | null = null;
  let items: Html[] = [];
  const close = () => {
    if (state)
      sections.push(
        html`<h2><a href="${site.href(statePage(state.slug))}">${state.name}</a> <span class="count">(${plural(items.length, "clinic")})</span></h2>
<ul class="clinics">${items}</ul>`,
      );
  };
  for await (const m of members) {
    if (state?.slug !== m.state.slug) {
      close();
      state = m.state;
      items = [];
    }
    items.push(
      clinicItem(site, m, {
        state: m.state.slug,
        city: m.city.slug,
        place: `${m.city.name}, ${m.state.code}`,
        networkOf: (name) => summary.networkByName.get(name),
        showNetwork: false,
      }),
    );
  }
  close();
  const apiPath = networkPath(network.slug);
  return page(site, {
    title: `${network.name}: urgent care clinics`,
    description: `The ${plural(network.clinics, "clinic")} of ${network.name} in ${plural(network.states.length, "state")}, with addresses, phone numbers and opening hours.`,
    path: networkPage(network.slug),
    crumbs: [
      { path: "/", label: "Home" },
      { path: "/networks/", label: "Networks" },
    ],
    scripts: [site.assets.openNow],
    main: html`<h1>${network.name}</h1>
<p class="lead">${plural(network.clinics, "clinic")} in ${plural(network.states.length, "state")}.</p>
${network.wikidata ? html`<p>Wikidata: <a href="https://www.wikidata.org/wiki/${network.wikidata}">${network.wikidata}</a></p>` : ""}
${sections}
<h2>For developers</h2>
<p>This network as JSON: <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
  });
}

/** Every network with its clinic and state counts. */
export function networksIndexHtml(site: SiteContext, summary: Summary): string {
  return page(site, {
    title: "Networks and brands",
    description: `The ${plural(summary.networks.length, "network")} of urgent care clinics in the directory.`,
    path: "/networks/",
    crumbs: [{ path: "/", label: "Home" }],
    main: html`<h1>Networks and brands</h1>
<p class="lead">${plural(summary.networks.length, "network")} run ${plural(summary.known.network, "clinic")} of the ${plural(summary.clinics, "clinic")} listed; the others have no known network.</p>
<ul class="columns">${summary.networks.map(
      (n) =>
        html`<li><a href="${site.href(networkPage(n.slug))}">${n.name}</a> <span class="count">(${plural(n.clinics, "clinic")})</span></li>`,
    )}</ul>
<h2>For developers</h2>
<p>Every network as JSON: <a href="${site.apiHref("/networks.json")}"><code>${site.ctx.api("/networks.json")}</code></a></p>`,
  });
}
