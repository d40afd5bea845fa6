import type { State } from "../../geo/states.js";
import type {
  CitiesByState,
  CitiesList,
  ClinicsByCity,
  NetworksList,
  StatesList,
} from "../../schema/documents.js";
import type { BuildContext } from "../context.js";
import type { CityGroup, Model } from "../model.js";
import { cityEntry, cityPath, clinicDocument, stateEntry, statePath } from "./entries.js";

export function statesList(ctx: BuildContext, model: Model): StatesList {
  const states = model.states.map((s) => stateEntry(ctx, model, s));
  return { count: states.length, states, meta: ctx.meta("/states.json") };
}

export function citiesList(ctx: BuildContext, model: Model): CitiesList {
  const cities = model.cities.map((c) => cityEntry(ctx, c));
  return { count: cities.length, cities, meta: ctx.meta("/cities.json") };
}

export function citiesByState(ctx: BuildContext, model: Model, s: State): CitiesByState {
  const cities = (model.citiesByState.get(s.code) ?? []).map((c) => cityEntry(ctx, c));
  return { state: stateEntry(ctx, model, s), count: cities.length, cities, meta: ctx.meta(statePath(s)) };
}

export function clinicsByCity(ctx: BuildContext, city: CityGroup): ClinicsByCity {
  const clinics = city.clinics.map((c) => clinicDocument(ctx, city, c));
  return {
    version: "v1",
    city: cityEntry(ctx, city),
    meta: ctx.meta(cityPath(city)),
    count: clinics.length,
    clinics,
  };
}

export function networksList(ctx: BuildContext, model: Model): NetworksList {
  const networks = model.networks.map((n) => ({
    slug: n.slug,
    name: n.name,
    clinic_count: n.clinics,
    state_count: n.states.length,
    states: n.states,
  }));
  return { count: networks.length, networks, meta: ctx.meta("/networks.json") };
}
