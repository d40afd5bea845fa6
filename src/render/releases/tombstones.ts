import type { Tombstone } from "../../dataset/releases.js";
import type { ClinicRecord } from "../../dataset/types.js";
import { stateByCode } from "../../geo/states.js";
import type { ClinicDocument, NearbyClinic } from "../../schema/clinic-document.js";
import type { BuildContext } from "../context.js";
import { placedClinic } from "../documents/clinic-document.js";
import { clinicDocument, networkEntryAsOf, stateRef } from "../documents/entries.js";
import type { RenderedClinic, StateGroup } from "../group.js";
import { clinicPath } from "../paths.js";
import type { Summary } from "../summary.js";
import type { NearestIndex } from "./nearest.js";

/** Listed clinics a removed clinic's document and page point to. */
export const NEARBY = 5;

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
    evidence: r.evidence,
    nearby: near,
    meta: ctx.meta(clinicPath(r.id)),
  };
}

/** A listed clinic of the state, with its city's name. */
export type Listed = RenderedClinic & { city: string };

/** The state's listed clinics, in the order its documents list them. */
export function listedClinics(group: StateGroup): Listed[] {
  return group.cities.flatMap((c) => c.clinics.map((x) => ({ city: c.city.name, ...x })));
}

/**
 * The NEARBY listed clinics of the state nearest to `r` (or of its city, or of the state, when it has no position),
 * ties in list order (`NearestIndex`).
 */
export function nearby(listed: readonly Listed[], placed: NearestIndex, r: ClinicRecord): NearbyClinic[] {
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
