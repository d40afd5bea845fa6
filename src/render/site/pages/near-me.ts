import { html } from "../../../util/html.js";
import { statePage } from "../../paths.js";
import type { Summary } from "../../summary.js";
import { page } from "../layout.js";
import { nearMeBlock } from "../near-me.js";
import type { SiteContext } from "../site.js";

/**
 * The near-me page (`/near-me/`): the same block as the home page, as a page of its own that the header links to,
 * an installed app can open, and `#zip=78701` or `#q=Austin` fill at once. Without JavaScript it leads to the
 * states instead.
 */
export function nearMePageHtml(site: SiteContext, summary: Summary): string {
  const { t } = site;
  return page(site, {
    title: t.near.pageTitle,
    description: t.near.pageDescription,
    path: "/near-me/",
    scripts: [site.assets.near],
    // No breadcrumbs: a page of the top level, like home (the header leads home), and the list needs the room.
    main: html`<h1>${t.near.pageTitle}</h1>
${nearMeBlock(site, { heading: false })}
<div data-no-js hidden>
<p>${t.near.needsScript}</p>
<ul class="columns">${summary.states
      .filter((s) => s.clinics > 0)
      .map((s) => html`<li><a href="${site.href(statePage(s.state.slug))}">${s.state.name}</a></li>`)}</ul>
</div>`,
  });
}
