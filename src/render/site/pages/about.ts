import { freshness } from "../../../dataset/freshness.js";
import { ODBL_URL, REFERENCE_SOURCES, TIMEZONE_NOTICE } from "../../../geo/credits.js";
import { EVIDENCE_LEVELS, type EvidenceLevel, PLACE_KINDS } from "../../../schema/evidence.js";
import type { Stats } from "../../../schema/stats.js";
import { type Html, html, safeHttpUrl } from "../../../util/html.js";
import { LICENSE } from "../../context.js";
import { statsDocument } from "../../documents/stats.js";
import type { Published } from "../../published.js";
import { changesPath } from "../../releases/documents.js";
import type { Summary } from "../../summary.js";
import { bytes } from "../format.js";
import { homeCrumb, page } from "../layout.js";
import type { SiteContext } from "../site.js";

function reasons(site: SiteContext, counts: Record<string, number>): Html {
  const { t } = site;
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  return entries.length
    ? html`<ul>${entries.map(([reason, n]) => html`<li>${t.about.reason(reason)}: ${t.count(n)}</li>`)}</ul>`
    : html``;
}

/**
 * What the evidence levels mean, how many clinics have each, and the places left out by kind (with the registry's
 * date said for what it is).
 */
function evidenceSection(site: SiteContext, places: Stats["data_quality"]["places"]): Html {
  const a = site.t.about;
  const published = new Set(places.published_kinds);
  const sum = (levels: Record<EvidenceLevel, number>) => EVIDENCE_LEVELS.reduce((n, l) => n + levels[l], 0);
  const shown = EVIDENCE_LEVELS.map(
    (level) =>
      [
        level,
        PLACE_KINDS.filter((k) => published.has(k)).reduce((n, k) => n + (places.kinds[k]?.[level] ?? 0), 0),
      ] as const,
  );
  const left = PLACE_KINDS.filter((k) => !published.has(k) && places.kinds[k]);
  return html`<p>${a.levelsIntro}</p>
<ul>${EVIDENCE_LEVELS.map((level) => html`<li><code>${level}</code>: ${a.level[level]}</li>`)}</ul>
<p>${a.registryDate}</p>
<p>${a.levelCounts(shown.map(([level, n]) => [level, n]))}</p>
${left.length ? html`<p>${a.leftOut}</p><ul>${left.map((k) => html`<li>${site.w.kind[k]}: ${site.t.count(sum(places.kinds[k] as Record<EvidenceLevel, number>))}</li>`)}</ul>` : html`<p>${a.noneLeftOut}</p>`}`;
}

/** About the data: licence, credit line, sources, what data_quality says in plain words, downloads. */
export function aboutPageHtml(site: SiteContext, summary: Summary, published: Published): string {
  const { ctx, t } = site;
  const a = t.about;
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
    title: a.title,
    description: a.description(t.service),
    path: "/about/",
    crumbs: [homeCrumb(site)],
    main: html`<h1>${a.title}</h1>
<p class="lead">${a.lead(summary.clinics, summary.cities.length, t.date(ctx.dataset.dataVersion))}</p>
<p>${t.freshness(fresh, source.synthetic)}</p>
<h2 id="licence">${a.licence}</h2>
<p>${a.licenceText(html`<a href="${LICENSE.url}" rel="license">${LICENSE.name}</a>`, LICENSE.id)}</p>
<h3>${a.creditHeading}</h3>
<p class="credit">${ctx.attribution}</p>
<h2 id="sources">${a.sources}</h2>
<p><strong>${source.name}.</strong> ${source.description}</p>
${
  source.upstream.length
    ? html`<p>${a.builtFrom}</p><ul>${source.upstream.map(
        (u) =>
          html`<li>${link(u.name, u.url)}${u.date ? a.edition(u.date) : ""}${u.publisher ? a.publishedBy(u.publisher) : ""}${u.license ? ` (${u.license})` : ""}</li>`,
      )}</ul>${
        source.upstream.some((u) => u.name === REFERENCE_SOURCES.timezones.name)
          ? html`<p>${a.timezoneNotice(html`<a href="${ODBL_URL}" rel="license">${TIMEZONE_NOTICE}</a>`)}</p>`
          : ""
      }`
    : ""
}
${
  q.sources.length
    ? html`<div class="table-wrap"><table><caption class="hint">${a.inputFiles}</caption><thead><tr><th scope="col">${a.file}</th><th scope="col">${a.format}</th><th scope="col" class="num">${a.records}</th><th scope="col">${a.date}</th></tr></thead><tbody>${q.sources.map(
        (f) =>
          html`<tr><td>${f.name}</td><td>${f.format}</td><td class="num">${t.count(f.records)}</td><td>${f.date ?? a.notKnown}</td></tr>`,
      )}</tbody></table></div>`
    : ""
}
<p>${a.nearMeSources}</p>
<h2 id="evidence">${a.levelsHeading}</h2>
${evidenceSection(site, q.places)}
<h2 id="quality">${a.quality}</h2>
<p>${a.qualityText(q)}</p>
${q.records.rejected ? html`<h3>${a.rejected}</h3>${reasons(site, q.rejected_by_reason)}` : ""}
${q.records.merged ? html`<h3>${a.merged}</h3>${reasons(site, q.merged_by_reason)}` : ""}
${q.records.repaired ? html`<h3>${a.repaired}</h3>${reasons(site, q.repaired_by_reason)}` : ""}
<h3>${a.completeness}</h3>
<div class="table-wrap"><table><thead><tr><th scope="col">${a.field}</th><th scope="col" class="num">${a.knownFor}</th></tr></thead><tbody>${completeness.map(
      ([field, share]) =>
        html`<tr><td>${a.fields[field] ?? field}</td><td class="num">${t.percent(share)}</td></tr>`,
    )}</tbody></table></div>
<p>${a.networkShare(stats.coverage.network_clinics, stats.coverage.no_known_network_clinics)}</p>
${
  Object.keys(q.network_evidence).length
    ? html`<p>${a.evidenceIntro}</p><ul>${Object.entries(q.network_evidence).map(
        ([kind, n]) => html`<li>${a.evidenceCount(a.evidence[kind] ?? kind, n)}</li>`,
      )}</ul>`
    : ""
}
${q.record_dates.newest ? html`<p>${a.recordDates(q.record_dates.oldest ?? q.record_dates.newest, q.record_dates.newest)}</p>` : ""}
<p>${a.everyFigure(html`<a href="${site.apiHref("/stats.json")}"><code>${ctx.api("/stats.json")}</code></a>`)}</p>
<h2 id="downloads">${a.downloads}</h2>
${
  downloads
    ? html`<p>${a.downloadsText}</p>
<div class="table-wrap"><table><thead><tr><th scope="col">${a.file}</th><th scope="col">${a.format}</th><th scope="col" class="num">${a.size}</th><th scope="col" class="num">${a.rows}</th><th scope="col">SHA-256</th></tr></thead><tbody>${downloads.downloads.map(
        (d) =>
          html`<tr><td class="nowrap"><a href="${site.local(d.url)}">${d.name}</a></td><td>${d.format.toUpperCase()}</td><td class="num">${bytes(d.bytes, t.units)} <span class="hint">${a.sizeBytes(d.bytes)}</span></td><td class="num">${t.count(d.rows)}</td><td><code class="sha">${d.sha256}</code></td></tr>`,
      )}</tbody></table></div>
<p>${a.manifest(site.local(downloads.manifest_url), site.local(downloads.license_url))}</p>`
    : html`<p>${a.noDownloads}</p>`
}
<h2 id="releases">${a.releases}</h2>
<p>${a.releasesText(site.href("/releases.atom"), html`<a href="${site.apiHref("/releases.json")}"><code>${ctx.api("/releases.json")}</code></a>`)}</p>
<div class="table-wrap"><table><thead><tr><th scope="col">${a.release}</th><th scope="col" class="num">${a.clinicsColumn}</th><th scope="col">${a.changes}</th></tr></thead><tbody>${(
      published.history ?? []
    ).map(
      (h) =>
        html`<tr><td class="nowrap">${h.data_version}</td><td class="num">${t.count(h.clinics)}</td><td>${
          h.has_changes
            ? html`<a href="${site.apiHref(changesPath(h.data_version))}">${a.changeCounts(h.added ?? 0, h.removed ?? 0, h.changed ?? 0)}</a>${a.since(h.previous_version ?? "")}`
            : a.first
        }</td></tr>`,
    )}</tbody></table></div>`,
  });
}
