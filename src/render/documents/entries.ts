import type { ClinicRecord } from "../../dataset/types.js";
import type { State } from "../../geo/states.js";
import type { Clinic } from "../../schema/clinic.js";
import type { CityEntry, NetworkEntry, StateEntry, StateRef } from "../../schema/places.js";
import type { BuildContext } from "../context.js";
import { cityPage, cityPath, clinicPage, networkPage, networkPath, statePage, statePath } from "../paths.js";
import type { CitySummary, FieldCounts, NetworkSummary, StateSummary } from "../summary.js";

export function stateRef(s: State): StateRef {
  return { slug: s.slug, code: s.code, name: s.name };
}

export function cityEntry(ctx: BuildContext, c: CitySummary): CityEntry {
  return {
    slug: c.slug,
    name: c.name,
    state: stateRef(c.state),
    clinic_count: c.clinics,
    path: cityPath(c.state.slug, c.slug),
    url: ctx.page(cityPage(c.state.slug, c.slug)),
    center: { latitude: c.latitude, longitude: c.longitude },
    radius_km: c.radiusKm,
    timezone: c.timezone,
  };
}

export function stateEntry(ctx: BuildContext, s: StateSummary): StateEntry {
  return {
    ...stateRef(s.state),
    city_count: s.cities.length,
    clinic_count: s.clinics,
    network_count: s.networks,
    path: statePath(s.state.slug),
    url: ctx.page(statePage(s.state.slug)),
    coverage: fieldCoverage(s.known, s.clinics),
  };
}

export function networkEntry(ctx: BuildContext, n: NetworkSummary): NetworkEntry {
  return {
    slug: n.slug,
    name: n.name,
    clinic_count: n.clinics,
    state_count: n.states.length,
    states: n.states,
    path: networkPath(n.slug),
    url: ctx.page(networkPage(n.slug)),
    wikidata: n.wikidata,
  };
}

/**
 * A network's entry as a clinic's document shows it: its identity as the data set has it now, its counts as of
 * the stamp the document is rendered with (so that an unchanged clinic's document stays byte for byte the same
 * when other clinics join or leave its network; networks.json and the network's document have today's counts).
 */
export function networkEntryAsOf(ctx: BuildContext, n: NetworkSummary): NetworkEntry {
  const counts = ctx.stamp.networks[n.name];
  return counts
    ? {
        ...networkEntry(ctx, n),
        clinic_count: counts.clinic_count,
        state_count: counts.state_count,
        states: [...counts.states],
      }
    : networkEntry(ctx, n);
}

/** Share of clinics with each field known, to 4 decimals (0 for no clinics). */
export function fieldCoverage(known: FieldCounts, total: number) {
  return {
    coordinates: share(known.coordinates, total),
    phone: share(known.phone, total),
    hours: share(known.hours, total),
    website: share(known.website, total),
    rating: share(known.rating, total),
    network: share(known.network, total),
  };
}

/** `part / total` to 4 decimals; 0 when there is nothing to count. */
export function share(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 10000) / 10000;
}

/** The API form of a clinic (fields in the spec's order, then the ones added since). */
export function clinicDocument(
  ctx: BuildContext,
  city: Pick<CitySummary, "state" | "slug">,
  c: ClinicRecord,
): Clinic {
  return {
    id: c.id,
    name: c.name,
    network: c.network,
    address: c.address,
    neighborhood: c.neighborhood,
    coordinates: c.latitude === null || c.longitude === null ? null : `${c.latitude},${c.longitude}`,
    phone: c.phone,
    hours: c.hours,
    services: c.services,
    insurance: c.insurance,
    rating: c.rating,
    reviews_count: c.reviews_count,
    website: c.website,
    url: ctx.page(clinicPage(city.state.slug, city.slug, c.id)),
    coordinates_source: c.latitude === null || c.longitude === null ? null : c.coordinates_source,
    npi: c.npi,
    kind: c.evidence.kind,
    evidence_level: c.evidence.level,
  };
}
