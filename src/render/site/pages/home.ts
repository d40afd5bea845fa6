import { freshness } from "../../../dataset/freshness.js";
import { html } from "../../../util/html.js";
import { statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { page } from "../layout.js";
import { usMap } from "../maps/maps.js";
import { nearMeBlock } from "../near-me.js";
import type { SiteContext } from "../site.js";

/** The home page: near me, the search box, the map of the states, the list of states, the data's date. */
export function homePageHtml(site: SiteContext, summary: Summary): string {
  const { ctx, t } = site;
  const h = t.home;
  const withClinics = summary.states.filter((s) => s.clinics > 0);
  const dc = withClinics.some((s) => s.state.code === "DC");
  const fresh = freshness(ctx.dataset, ctx.generatedAt);
  return page(site, {
    title: h.title,
    description: h.description(summary.clinics),
    path: "/",
    scripts: [site.assets.near],
    main: html`<h1>${h.title}</h1>
<p class="lead">${h.lead(summary.clinics, summary.cities.length, withClinics.length - (dc ? 1 : 0), dc)}</p>
${nearMeBlock(site)}
<h2>${h.byState}</h2>
${usMap(summary.states, (s) => site.href(statePage(s.state.slug)), { title: h.mapTitle, label: (s) => `${s.state.name}: ${t.clinics(s.clinics)}` })}
<ul class="columns">${summary.states.map(
      (s) =>
        html`<li><a href="${site.href(statePage(s.state.slug))}">${s.state.name}</a> <span class="count">(${t.clinics(s.clinics)})</span></li>`,
    )}</ul>
<h2>${h.byNetwork}</h2>
<p><a href="${site.href("/networks/")}">${h.allNetworks(summary.networks.length)}</a></p>
<h2>${h.useData}</h2>
<p>${h.release(t.date(ctx.dataset.dataVersion))} ${t.freshness(fresh, ctx.dataset.source.synthetic)}</p>
<p>${h.useDataText(site.href("/about/"), site.href("/docs/"))}</p>`,
  });
}
