import type { Tombstone } from "../../dataset/releases.js";
import type { ClinicRecord } from "../../dataset/types.js";
import { stateByCode } from "../../geo/states.js";
import { ClinicDocument, type NearbyClinic } from "../../schema/clinic-document.js";
import type { BuildContext } from "../context.js";
import { placedClinic } from "../documents/clinic-document.js";
import { clinicDocument, networkEntryAsOf, stateRef } from "../documents/entries.js";
import type { Emitter } from "../emitter.js";
import type { RenderedClinic, StateGroup } from "../group.js";
import { apiFile, clinicPage, clinicPath, pageFile } from "../paths.js";
import { contentKey } from "../plan/keys.js";
import { tombstonePageHtml } from "../site/pages/tombstone.js";
import { type SiteContext, siteContext, siteContexts } from "../site/site.js";
import type { Summary } from "../summary.js";
import { NearestIndex } from "./nearest.js";

/** Listed clinics a removed clinic's document and page point to. */
export const NEARBY = 5;

/**
 * Removed clinics keep their document (`/clinic/{id}.json`, `status: "removed"`) and their page, at the same
 * addresses, written with their state: last known data, since when, and the nearest clinics still listed in the
 * state (by distance from its last known position, else those of its city, else of its state). Not in the sitemap.
 */
export const tombstoneDocuments: Emitter = ({ ctx, out, check, summary, release, plan }) => {
  const byState = new Map<string, Tombstone[]>();
  for (const t of release?.tombstones ?? []) {
    const list = byState.get(t.record.state);
    if (list) list.push(t);
    else byState.set(t.record.state, [t]);
  }
  const sites = siteContexts(ctx);
  const byStamp = new Map<BuildContext, SiteContext[]>([[ctx, sites]]);
  const sitesOf = (c: BuildContext): SiteContext[] => {
    let list = byStamp.get(c);
    if (!list) {
      list = sites.map((s) => siteContext(c, s.lang, s.assets));
      byStamp.set(c, list);
    }
    return list;
  };
  return {
    async state(group) {
      const tombstones = byState.get(group.state.state.code) ?? [];
      if (tombstones.length === 0) return;
      const listed = listedClinics(group);
      const placed = new NearestIndex(listed.map((x) => x.record));
      for (const t of [...tombstones].sort((a, b) => (a.record.id < b.record.id ? -1 : 1))) {
        const near = nearby(listed, placed, t.record);
        const doc = tombstoneDocument(ctx, summary, t, near);
        const cityListed = group.cities.some((c) => c.city.slug === t.record.city_slug);
        // The network's counts are the stamp's (see networkEntryAsOf): its identity is the content.
        const { meta: _meta, network, ...content } = doc;
        const key = contentKey(plan.fingerprint, "tombstone", [
          content,
          network ? [network.slug, network.name, network.wikidata] : null,
          cityListed,
        ]);
        const decision = plan.decide("tombstone", t.record.id, key, t.record.city_slug);
        const path = clinicPath(t.record.id);
        const page = clinicPage(group.state.state.slug, t.record.city_slug, t.record.id);
        if (!decision.render) continue; // carried: the previous release's files stay
        const stamped = decision.ctx === ctx ? doc : tombstoneDocument(decision.ctx, summary, t, near);
        const parsed = check.parse(path, ClinicDocument, stamped);
        await out.json(apiFile(path), parsed);
        for (const site of sitesOf(decision.ctx)) {
          const html = tombstonePageHtml(site, {
            clinic: parsed.clinic,
            removedSince: t.removed_since,
            lastListed: t.last_listed,
            nearby: parsed.nearby,
            cityListed,
          });
          await out.add(pageFile(site.pagePath(page)), html);
        }
      }
    },
  };
};

/** A removed clinic's document: its last known data, since when it is gone, and clinics near it. */
export function tombstoneDocument(
  ctx: BuildContext,
  summary: Summary,
  t: Tombstone,
  near: NearbyClinic[],
): ClinicDocument {
  const r = t.record;
  const state = stateByCode(r.state);
  const clinic = clinicDocument(ctx, { state, slug: r.city_slug }, r);
  const network = r.network === null ? undefined : summary.networkByName.get(r.network);
  return {
    version: "v1",
    status: "removed",
    removed_since: t.removed_since,
    last_listed: t.last_listed,
    id: r.id,
    clinic: placedClinic(ctx, clinic, {
      state: stateRef(state),
      city: { slug: r.city_slug, name: r.city },
      zip: r.zip,
    }),
    network: network ? networkEntryAsOf(ctx, network) : null,
    sources: r.sources,
    nearby: near,
    meta: ctx.meta(clinicPath(r.id)),
  };
}

/** A listed clinic of the state, with its city's name. */
type Listed = RenderedClinic & { city: string };

/** The state's listed clinics, in the order its documents list them. */
function listedClinics(group: StateGroup): Listed[] {
  return group.cities.flatMap((c) => c.clinics.map((x) => ({ city: c.city.name, ...x })));
}

/**
 * The NEARBY listed clinics of the state nearest to `r` (or of its city, or of the state, when it has no position),
 * ties in list order (`NearestIndex`).
 */
function nearby(listed: readonly Listed[], placed: NearestIndex, r: ClinicRecord): NearbyClinic[] {
  let best: { x: Listed; km: number | null }[] = [];
  if (r.latitude !== null && r.longitude !== null) {
    const found = placed.nearest(r.latitude, r.longitude, NEARBY);
    best = found.map(({ index, km }) => ({ x: listed[index] as Listed, km }));
  } else {
    const inCity = listed.filter((x) => x.record.city_slug === r.city_slug).slice(0, NEARBY);
    const others = listed.filter((x) => x.record.city_slug !== r.city_slug).slice(0, NEARBY - inCity.length);
    best = [...inCity, ...others].map((x) => ({ x, km: null }));
  }
  return best.map(({ x, km }) => ({
    id: x.clinic.id,
    name: x.clinic.name,
    city: x.city,
    distance_km: km === null ? null : Math.round(km * 100) / 100,
    url: x.clinic.url,
    path: clinicPath(x.clinic.id),
  }));
}
