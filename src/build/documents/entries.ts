import type { ClinicRecord } from "../../dataset/types.js";
import type { State } from "../../geo/states.js";
import { timezoneAt } from "../../geo/timezone.js";
import type { Clinic } from "../../schema/clinic.js";
import type { CityEntry, StateEntry, StateRef } from "../../schema/places.js";
import type { BuildContext } from "../context.js";
import type { CityGroup, Model } from "../model.js";

export const statePath = (s: State) => `/cities/${s.slug}.json`;
export const cityPath = (c: CityGroup) => `/clinics/${c.state.slug}/${c.slug}.json`;

export function stateRef(s: State): StateRef {
  return { slug: s.slug, code: s.code, name: s.name };
}

export function cityEntry(ctx: BuildContext, c: CityGroup): CityEntry {
  const path = cityPath(c);
  return {
    slug: c.slug,
    name: c.name,
    state: stateRef(c.state),
    clinic_count: c.clinics.length,
    path,
    url: ctx.api(path),
    center: { latitude: c.latitude, longitude: c.longitude },
    radius_km: c.radiusKm,
    timezone: c.clinics.find((x) => x.hours)?.hours?.timezone ?? timezoneAt(c.latitude, c.longitude),
  };
}

export function stateEntry(ctx: BuildContext, model: Model, s: State): StateEntry {
  const cities = model.citiesByState.get(s.code) ?? [];
  const clinics = cities.flatMap((c) => c.clinics);
  const path = statePath(s);
  return {
    ...stateRef(s),
    city_count: cities.length,
    clinic_count: clinics.length,
    network_count: new Set(clinics.map((c) => c.network).filter((n) => n !== null)).size,
    path,
    url: ctx.api(path),
    coverage: fieldCoverage(clinics),
  };
}

/** Share of clinics with each field known, to 4 decimals (0 for no clinics). */
export function fieldCoverage(clinics: readonly ClinicRecord[]) {
  return {
    coordinates: share(clinics, (c) => c.latitude !== null),
    phone: share(clinics, (c) => c.phone !== null),
    hours: share(clinics, (c) => c.hours !== null),
    website: share(clinics, (c) => c.website !== null),
    rating: share(clinics, (c) => c.rating !== null),
    network: share(clinics, (c) => c.network !== null),
  };
}

/** Share (0–1, 4 decimals) of the clinics for which `known` holds; 0 for no clinics. */
export function share(clinics: readonly ClinicRecord[], known: (c: ClinicRecord) => boolean): number {
  return clinics.length === 0
    ? 0
    : Math.round((clinics.filter(known).length / clinics.length) * 10000) / 10000;
}

export function clinicDocument(ctx: BuildContext, city: CityGroup, c: ClinicRecord): Clinic {
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
    url: `${ctx.siteUrl}/clinics/${city.state.slug}/${city.slug}/${c.id}/`,
  };
}
