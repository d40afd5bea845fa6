import type {
  CitiesByState,
  CitiesList,
  ClinicsByCity,
  NetworksList,
  StatesList,
} from "../../schema/documents.js";
import type { BuildContext } from "../context.js";
import type { CityGroup, StateGroup } from "../group.js";
import { cityPath, statePath } from "../paths.js";
import type { Summary } from "../summary.js";
import { cityEntry, networkEntry, stateEntry } from "./entries.js";

export function statesList(ctx: BuildContext, summary: Summary): StatesList {
  const states = summary.states.map((s) => stateEntry(ctx, s));
  return { count: states.length, states, meta: ctx.meta("/states.json") };
}

export function citiesList(ctx: BuildContext, summary: Summary): CitiesList {
  const cities = summary.cities.map((c) => cityEntry(ctx, c));
  return { count: cities.length, cities, meta: ctx.meta("/cities.json") };
}

export function citiesByState(ctx: BuildContext, group: StateGroup): CitiesByState {
  const cities = group.cities.map((c) => c.entry);
  return {
    state: group.entry,
    count: cities.length,
    cities,
    meta: ctx.meta(statePath(group.state.state.slug)),
  };
}

export function clinicsByCity(ctx: BuildContext, city: CityGroup): ClinicsByCity {
  const clinics = city.clinics.map((c) => c.clinic);
  return {
    version: "v1",
    city: city.entry,
    meta: ctx.meta(cityPath(city.city.state.slug, city.city.slug)),
    count: clinics.length,
    clinics,
  };
}

export function networksList(ctx: BuildContext, summary: Summary): NetworksList {
  const networks = summary.networks.map((n) => networkEntry(ctx, n));
  return { count: networks.length, networks, meta: ctx.meta("/networks.json") };
}
