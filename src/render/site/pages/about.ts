import { LICENSE, SERVICE_NAME } from "../../context.js";
import { freshness } from "../../documents/freshness.js";
import { statsDocument } from "../../documents/stats.js";
import type { Published } from "../../emitter.js";
import { changesPath } from "../../releases/documents.js";
import type { Summary } from "../../summary.js";
import { bytes, count, percent, plural } from "../format.js";
import { type Html, html, safeHttpUrl } from "../html.js";
import { page } from "../layout.js";
import type { SiteContext } from "../site.js";

const FIELD_NAMES: Record<string, string> = {
  coordinates: "Map position",
  phone: "Phone number",
  hours: "Opening hours",
  website: "Web site",
  rating: "Rating",
  network: "Network",
  address: "Address",
  neighborhood: "Neighbourhood",
  services: "Services",
  insurance: "Insurance accepted",
  reviews_count: "Number of reviews",
};

const EVIDENCE: Record<string, string> = {
  source_column: "the source names the network",
  brand: "a places data set names the clinic's brand",
  dictionary: "the name matches a known brand in its area",
  name_pattern: "several nearby clinics share the brand in their names",
};

function reasons(counts: Record<string, number>): Html {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  return entries.length
    ? html`<ul>${entries.map(([reason, n]) => html`<li>${reason.replace(/_/g, " ")}: ${count(n)}</li>`)}</ul>`
    : html``;
}

/** About the data: licence, credit line, sources, what data_quality says in plain words, downloads. */
export function aboutPageHtml(site: SiteContext, summary: Summary, published: Published): string {
  const { ctx } = site;
  const stats = statsDocument(ctx, summary);
  const q = stats.data_quality;
  const source = ctx.dataset.source;
  const fresh = freshness(ctx.dataset, ctx.generatedAt);
  const downloads = published.datasets;
  const link = (text: string, url: string | null) => {
    const safe = safeHttpUrl(url);
    return safe ? html`<a href="${site.local(safe)}">${text}</a>` : html`${text}`;
  };
  const completeness = Object.entries(q.completeness) as [string, number][];
  return page(site, {
    title: "About the data",
    description: `Where the ${SERVICE_NAME}'s data comes from, how complete it is, its licence, how to credit it, and its downloads.`,
    path: "/about/",
    crumbs: [{ path: "/", label: "Home" }],
    main: html`<h1>About the data</h1>
<p class="lead">${plural(summary.clinics, "clinic")} in ${plural(summary.cities.length, "city", "cities")}, release ${ctx.dataset.dataVersion}.</p>
<p>${fresh.notice}</p>
<h2 id="licence">Licence</h2>
<p>The data is licensed under the <a href="${LICENSE.url}" rel="license">${LICENSE.name}</a> (${LICENSE.id}): you may use it for any purpose, commercial or not, share it and change it, including to train AI models, as long as you credit it, link to this site and say whether you changed it. Client code (the SDK) is MIT.</p>
<h3>Credit line, ready to paste</h3>
<p class="credit">${ctx.attribution}</p>
<h2 id="sources">Sources</h2>
<p><strong>${source.name}.</strong> ${source.description}</p>
${
  source.upstream.length
    ? html`<p>Built from:</p><ul>${source.upstream.map(
        (u) =>
          html`<li>${link(u.name, u.url)}${u.date ? `, edition of ${u.date}` : ""}${u.publisher ? `, published by ${u.publisher}` : ""}${u.license ? ` (${u.license})` : ""}</li>`,
      )}</ul>`
    : ""
}
${
  q.sources.length
    ? html`<div class="table-wrap"><table><caption class="hint">Input files of this release</caption><thead><tr><th scope="col">File</th><th scope="col">Format</th><th scope="col" class="num">Records</th><th scope="col">Date</th></tr></thead><tbody>${q.sources.map(
        (f) =>
          html`<tr><td>${f.name}</td><td>${f.format}</td><td class="num">${count(f.records)}</td><td>${f.date ?? "not known"}</td></tr>`,
      )}</tbody></table></div>`
    : ""
}
<h2 id="quality">How complete it is</h2>
<p>${
      q.synthetic
        ? "This is generated sample data: the figures below describe the sample, not real clinics."
        : `Of ${plural(q.records.read, "record")} read${q.records.carried ? ` and ${count(q.records.carried)} carried over from the last release (this release updates it)` : ""}, ${count(q.records.published)} were published as clinics.`
    } ${q.records.rejected ? `${plural(q.records.rejected, "record")} were rejected` : "No record was rejected"}, ${q.records.merged ? `${plural(q.records.merged, "record")} were merged into another as duplicates` : "none was merged as a duplicate"}, and ${plural(q.records.repaired, "published record")} had a field repaired.</p>
${q.records.rejected ? html`<h3>Why records were rejected</h3>${reasons(q.rejected_by_reason)}` : ""}
${q.records.merged ? html`<h3>Why records were merged</h3>${reasons(q.merged_by_reason)}` : ""}
${q.records.repaired ? html`<h3>What was repaired</h3>${reasons(q.repaired_by_reason)}` : ""}
<h3>Share of clinics with each field known</h3>
<div class="table-wrap"><table><thead><tr><th scope="col">Field</th><th scope="col" class="num">Known for</th></tr></thead><tbody>${completeness.map(
      ([field, share]) =>
        html`<tr><td>${FIELD_NAMES[field] ?? field}</td><td class="num">${percent(share)}</td></tr>`,
    )}</tbody></table></div>
<p>${plural(stats.coverage.network_clinics, "clinic")} belong to a known network; ${plural(stats.coverage.no_known_network_clinics, "clinic")} have no known network (independent clinics, or brands the data does not name).</p>
${
  Object.keys(q.network_evidence).length
    ? html`<p>How a clinic's network is known:</p><ul>${Object.entries(q.network_evidence).map(
        ([kind, n]) => html`<li>${EVIDENCE[kind] ?? kind}: ${plural(n, "clinic")}</li>`,
      )}</ul>`
    : ""
}
${q.record_dates.newest ? html`<p>Records were last confirmed between ${q.record_dates.oldest ?? q.record_dates.newest} and ${q.record_dates.newest}.</p>` : ""}
<p>Every figure is also in <a href="${site.apiHref("/stats.json")}"><code>${ctx.api("/stats.json")}</code></a>.</p>
<h2 id="downloads">Downloads</h2>
${
  downloads
    ? html`<p>The whole data set, one row per clinic. Dated names never change; the <code>-latest</code> names always hold the newest release. Check a file with its SHA-256.</p>
<div class="table-wrap"><table><thead><tr><th scope="col">File</th><th scope="col">Format</th><th scope="col" class="num">Size</th><th scope="col" class="num">Rows</th><th scope="col">SHA-256</th></tr></thead><tbody>${downloads.downloads.map(
        (d) =>
          html`<tr><td class="nowrap"><a href="${site.local(d.url)}">${d.name}</a></td><td>${d.format.toUpperCase()}</td><td class="num">${bytes(d.bytes)} <span class="hint">(${count(d.bytes)} bytes)</span></td><td class="num">${count(d.rows)}</td><td><code class="sha">${d.sha256}</code></td></tr>`,
      )}</tbody></table></div>
<p><a href="${site.local(downloads.manifest_url)}">The manifest</a> lists every file with its columns and types; <a href="${site.local(downloads.license_url)}">LICENSE.txt</a> holds the licence and credit lines.</p>`
    : html`<p>This build has no downloads.</p>`
}
<h2 id="releases">Releases</h2>
<p>Each release keeps the ones before it: what changed, and their dated downloads. Subscribe to <a href="${site.href("/releases.atom")}">the Atom feed of releases</a>, or read <a href="${site.apiHref("/releases.json")}"><code>${ctx.api("/releases.json")}</code></a>.</p>
<div class="table-wrap"><table><thead><tr><th scope="col">Release</th><th scope="col" class="num">Clinics</th><th scope="col">Changes</th></tr></thead><tbody>${(
      published.history ?? []
    ).map(
      (h) =>
        html`<tr><td class="nowrap">${h.data_version}</td><td class="num">${count(h.clinics)}</td><td>${
          h.has_changes
            ? html`<a href="${site.apiHref(changesPath(h.data_version))}">${count(h.added ?? 0)} added, ${count(h.removed ?? 0)} no longer listed, ${count(h.changed ?? 0)} changed</a> since ${h.previous_version}`
            : "the first release"
        }</td></tr>`,
    )}</tbody></table></div>`,
  });
}
