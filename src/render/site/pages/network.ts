import { stateByCode } from "../../../geo/states.js";
import { type Html, html } from "../../../util/html.js";
import { NETWORK_PAGE_SIZE } from "../../documents/network-document.js";
import type { NetworkMember } from "../../network-members.js";
import { networkPage, networkPagePath, networkPath, statePage } from "../../paths.js";
import type { NetworkSummary, Summary } from "../../summary.js";
import { clinicItem } from "../clinic-item.js";
import { homeCrumb, page } from "../layout.js";
import { nearMeBlock } from "../near-me.js";
import { listTools, pagedPath, pager, type SitePage, splitPages } from "../paged.js";
import type { SiteContext } from "../site.js";

const anchor = (state: string) => `state-${state}`;

/**
 * A network: its clinics by state, in pages of at most `LIST_PAGE_SIZE` clinics (the first page at the network's
 * address lists the states with links to the page each starts on), with near me (this network's clinics nearest
 * first) and the open-now filter working across every page from the network's API documents. `members` are the
 * network's clinics in the API's order (state, city, name): one network in memory at a time.
 */
export function networkPagesHtml(
  site: SiteContext,
  summary: Summary,
  network: NetworkSummary,
  members: readonly NetworkMember[],
): SitePage[] {
  const { t } = site;
  const base = networkPage(network.slug);
  const pages = splitPages(members);
  const documents = Math.max(1, Math.ceil(members.length / NETWORK_PAGE_SIZE));
  const docs = Array.from({ length: documents }, (_, i) => networkPagePath(network.slug, i + 1));
  // Where each state starts: its page and its count, for the index on the first page.
  const states: { state: NetworkMember["state"]; page: number; clinics: number }[] = [];
  pages.forEach((list, i) => {
    for (const m of list) {
      const last = states[states.length - 1];
      if (last?.state.slug === m.state.slug) last.clinics++;
      else states.push({ state: m.state, page: i + 1, clinics: 1 });
    }
  });
  const apiPath = networkPath(network.slug);
  let first = 0;
  return pages.map((list, i) => {
    const n = i + 1;
    const from = first + 1;
    first += list.length;
    const sections: Html[] = [];
    for (let k = 0; k < list.length; ) {
      const state = (list[k] as NetworkMember).state;
      let end = k;
      while (end < list.length && (list[end] as NetworkMember).state.slug === state.slug) end++;
      const entry = states.find((s) => s.state.slug === state.slug);
      const continued = entry !== undefined && entry.page < n;
      const items = list.slice(k, end).map((m) =>
        clinicItem(site, m, {
          state: m.state.slug,
          city: m.city.slug,
          place: `${m.city.name}, ${m.state.code}`,
          networkOf: (name) => summary.networkByName.get(name),
          showNetwork: false,
        }),
      );
      sections.push(
        html`<h2 id="${anchor(state.slug)}"><a href="${site.href(statePage(state.slug))}">${state.name}</a> <span class="count">${continued ? t.list.continued : `(${t.clinics(entry?.clinics ?? items.length)})`}</span></h2>
<ul class="clinics" data-list>${items}</ul>`,
      );
      k = end;
    }
    const index =
      n === 1 && pages.length > 1
        ? html`<h2>${t.network.byState}</h2>
<ul class="columns">${states.map(
            (s) =>
              html`<li><a href="${site.href(`${pagedPath(base, s.page)}#${anchor(s.state.slug)}`)}">${s.state.name}</a> <span class="count">(${t.clinics(s.clinics)})</span></li>`,
          )}</ul>\n`
        : "";
    const title =
      n === 1 ? t.network.title(network.name) : `${t.network.title(network.name)} – ${t.list.page(n)}`;
    return {
      path: pagedPath(base, n),
      body: page(site, {
        title,
        description: t.network.description(network.name, network.clinics, ...statesAndDc(network.states)),
        path: pagedPath(base, n),
        crumbs: [homeCrumb(site), { path: "/networks/", label: t.network.crumb }],
        ...(n === 1 && { scripts: [site.assets.near] }),
        main: html`<h1>${network.name}</h1>
<p class="lead">${t.network.lead(network.clinics, ...statesAndDc(network.states))}</p>
${network.wikidata ? html`<p>Wikidata: <a href="https://www.wikidata.org/wiki/${network.wikidata}">${network.wikidata}</a></p>\n` : ""}${n === 1 ? html`${nearMeBlock(site, { network: { summary: network, documents } })}\n` : ""}${index}${pages.length > 1 ? html`<p>${t.list.pageOf(n, pages.length)}. ${t.list.range(from, first, members.length)}</p>\n` : ""}${listTools(site, docs, pages.length)}
${sections}
${pager(site, base, n, pages.length)}
<h2>${t.developers}</h2>
<p>${t.network.json} <a href="${site.apiHref(apiPath)}"><code>${site.ctx.api(apiPath)}</code></a></p>`,
      }),
    };
  });
}

/** Every network with its clinic and state counts. */
export function networksIndexHtml(site: SiteContext, summary: Summary): string {
  const { t } = site;
  return page(site, {
    title: t.network.indexTitle,
    description: t.network.indexDescription(summary.networks.length),
    path: "/networks/",
    crumbs: [homeCrumb(site)],
    main: html`<h1>${t.network.indexTitle}</h1>
<p class="lead">${t.network.indexLead(summary.networks.length, summary.known.network, summary.clinics)}</p>
<ul class="columns">${summary.networks.map(
      (n) =>
        html`<li><a href="${site.href(networkPage(n.slug))}">${n.name}</a> <span class="count">(${t.clinics(n.clinics)})</span></li>`,
    )}</ul>
<h2>${t.developers}</h2>
<p>${t.network.indexJson} <a href="${site.apiHref("/networks.json")}"><code>${site.ctx.api("/networks.json")}</code></a></p>`,
  });
}

/** How many of a network's states (slugs) are states, and whether DC is among them: DC is not a state. */
function statesAndDc(slugs: readonly string[]): [number, boolean] {
  const dc = slugs.includes(stateByCode("DC").slug);
  return [slugs.length - (dc ? 1 : 0), dc];
}
