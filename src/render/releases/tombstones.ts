import type { ClinicRecord } from "../../dataset/types.js";
import { distanceKm } from "../../geo/distance.js";
import { stateByCode } from "../../geo/states.js";
import { ClinicDocument, type NearbyClinic } from "../../schema/clinic-document.js";
import type { BuildContext } from "../context.js";
import { placedClinic } from "../documents/clinic-document.js";
import { clinicDocument, networkEntry, stateRef } from "../documents/entries.js";
import type { Emitter } from "../emitter.js";
import type { StateGroup } from "../group.js";
import { apiFile, clinicPage, clinicPath, pageFile } from "../paths.js";
import { tombstonePageHtml } from "../site/pages/tombstone.js";
import { siteContexts } from "../site/site.js";
import type { Summary } from "../summary.js";
import type { Tombstone } from "./inputs.js";

/** Listed clinics a removed clinic's document and page point to. */
export const NEARBY = 5;

/**
 * Removed clinics keep their document (`/clinic/{id}.json`, `status: "removed"`) and their page, at the same
 * addresses, written with their state: last known data, since when, and the nearest clinics still listed in the
 * state (by distance from its last known position, else those of its city, else of its state). Not in the sitemap.
 */
export const tombstoneDocuments: Emitter = ({ ctx, out, check, summary, release }) => {
  const byState = new Map<string, Tombstone[]>();
  for (const t of release?.tombstones ?? []) {
    const list = byState.get(t.record.state);
    if (list) list.push(t);
    else byState.set(t.record.state, [t]);
  }
  const sites = siteContexts(ctx);
  return {
    async state(group) {
      const tombstones = byState.get(group.state.state.code) ?? [];
      for (const t of [...tombstones].sort((a, b) => (a.record.id < b.record.id ? -1 : 1))) {
        const doc = tombstoneDocument(ctx, summary, t, nearby(group, t.record));
        const path = clinicPath(t.record.id);
        const parsed = check.parse(path, ClinicDocument, doc);
        await out.json(apiFile(path), parsed);
        const cityListed = group.cities.some((c) => c.city.slug === t.record.city_slug);
        const page = clinicPage(group.state.state.slug, t.record.city_slug, t.record.id);
        for (const site of sites) {
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
    network: network ? networkEntry(ctx, network) : null,
    sources: r.sources,
    nearby: near,
    meta: ctx.meta(clinicPath(r.id)),
  };
}

/** The NEARBY listed clinics of the state nearest to `r` (or of its city, or of the state, when it has no position). */
function nearby(group: StateGroup, r: ClinicRecord): NearbyClinic[] {
  const listed = group.cities.flatMap((c) => c.clinics.map((x) => ({ city: c.city.name, ...x })));
  const located = r.latitude !== null && r.longitude !== null;
  const scored = listed.map((x) => ({
    x,
    km:
      located && x.record.latitude !== null && x.record.longitude !== null
        ? distanceKm(r.latitude as number, r.longitude as number, x.record.latitude, x.record.longitude)
        : null,
  }));
  const inCity = (s: (typeof scored)[number]) => s.x.record.city_slug === r.city_slug;
  const ranked = located
    ? scored.filter((s) => s.km !== null).sort((a, b) => (a.km as number) - (b.km as number))
    : [...scored.filter(inCity), ...scored.filter((s) => !inCity(s))];
  return ranked.slice(0, NEARBY).map(({ x, km }) => ({
    id: x.clinic.id,
    name: x.clinic.name,
    city: x.city,
    distance_km: km === null ? null : Math.round(km * 100) / 100,
    url: x.clinic.url,
    path: clinicPath(x.clinic.id),
  }));
}
