import type { Clinic } from "../../schema/clinic.js";
import { type Evidence, type EvidenceSignal, PLACE_KINDS, type PlaceKind } from "../../schema/evidence.js";
import { type Html, html } from "../../util/html.js";
import type { SiteContext } from "./site.js";

/**
 * How we know a clinic, in plain words of the page's language: the sources that list it (each once, with the date
 * its record carries — a registry's is the day its entry was last updated, never a confirmation), then what the
 * level means: independent sources agree, the chain's own locator lists it, one source only, or something says it
 * may be another kind of place (with what says so).
 * @example howWeKnow(site, record.evidence) // <p>Listed in CMS's NPI registry; the registry entry was last updated on March 5, 2025.</p><p>Only one source lists it: call before you go.</p>
 */
export function howWeKnow(site: SiteContext, e: Evidence): Html {
  const w = site.t.clinic.evidence;
  const sources = new Map<
    string,
    { type: Evidence["sources"][number]["type"]; brand: string | null; date: string | null }
  >();
  for (const s of e.sources) {
    const seen = sources.get(s.name);
    if (!seen) sources.set(s.name, { type: s.type, brand: s.brand, date: s.date });
    else if (s.date !== null && (seen.date === null || s.date > seen.date)) seen.date = s.date;
  }
  const names = [...sources].map(([name, s]) => w.source(s.type, name, s.brand));
  const dates = [...sources].flatMap(([name, s]) =>
    s.date === null ? [] : [w.dated(s.type, name, site.t.date(s.date))],
  );
  const why = e.against.map((a) => againstWords(site, a));
  const level =
    e.level === "confirmed"
      ? e.sources.some((s) => s.type === "store_locator")
        ? w.locator
        : w.confirmed
      : why.length
        ? w.against(why, sources.size === 1)
        : w.one;
  return html`${e.kind === "walk_in_urgent_care" ? "" : html`<p class="notice">${w.kindLine(site.w.kind[e.kind])}</p>\n`}<p>${w.listed(names, dates)}</p>
<p>${level}</p>
`;
}

/** A sign against, in the page's words (the signal's own detail is in the clinic's JSON). */
function againstWords(site: SiteContext, a: EvidenceSignal): string {
  const w = site.t.clinic.evidence;
  const kind = PLACE_KINDS.find((k) => a.code.endsWith(`_${k}`)) as PlaceKind | undefined;
  if (kind && a.code.startsWith("taxonomy_primary_")) return w.againstTaxonomy(w.kindWords[kind]);
  if (kind && a.code.startsWith("name_")) return w.againstName(w.kindWords[kind]);
  if (
    a.code === "listed_as_urgent_care" ||
    a.code === "store_locator_lists_it" ||
    a.code === "name_says_urgent_care"
  )
    return w.againstListed;
  return w.againstOther;
}

/**
 * The mark of a clinic in a list: its kind when it is not walk-in urgent care (kept by the operator), and "one source
 * only" or "doubtful" by its level; nothing for a confirmed walk-in centre.
 * @example evidenceHint(site, clinic) // <p class="hint evidence">One source only</p>
 */
export function evidenceHint(site: SiteContext, clinic: Pick<Clinic, "kind" | "evidence_level">): Html {
  const level = clinic.evidence_level === "confirmed" ? null : site.w.level[clinic.evidence_level];
  const words = [
    ...(clinic.kind === "walk_in_urgent_care" ? [] : [site.w.kind[clinic.kind]]),
    ...(level === null ? [] : [level]),
  ];
  return words.length ? html`<p class="hint evidence">${words.join(" · ")}</p>` : html``;
}
