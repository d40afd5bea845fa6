import type { CityRecord, ClinicRecord, Dataset } from "../dataset/types.js";
import { distanceKm } from "../geo/distance.js";
import { STATES, type State } from "../geo/states.js";
import { collectGarbage } from "../util/collect-garbage.js";
import { slugify } from "../util/slug.js";
import type { Checker } from "./validate.js";

/** Fields whose completeness is counted (stats.json `completeness`, a state's `coverage`). */
export const COUNTED_FIELDS = [
  "coordinates",
  "phone",
  "hours",
  "website",
  "rating",
  "network",
  "address",
  "neighborhood",
  "services",
  "insurance",
  "reviews_count",
] as const;
export type CountedField = (typeof COUNTED_FIELDS)[number];

/** Whether a clinic's field is known (non-null, non-empty). */
export const KNOWN: Record<CountedField, (c: ClinicRecord) => boolean> = {
  coordinates: (c) => c.latitude !== null && c.longitude !== null,
  phone: (c) => c.phone !== null,
  hours: (c) => c.hours !== null,
  website: (c) => c.website !== null,
  rating: (c) => c.rating !== null,
  network: (c) => c.network !== null,
  address: (c) => c.address !== null,
  neighborhood: (c) => c.neighborhood !== null,
  services: (c) => c.services.length > 0,
  insurance: (c) => c.insurance.length > 0,
  reviews_count: (c) => c.reviews_count !== null,
};

/** Clinics counted per field. */
export type FieldCounts = Record<CountedField, number>;

const noCounts = (): FieldCounts => Object.fromEntries(COUNTED_FIELDS.map((f) => [f, 0])) as FieldCounts;

/** A city as every document sees it: its clinics' count, its centre, radius and time zone. */
export interface CitySummary {
  state: State;
  slug: string;
  name: string;
  clinics: number;
  latitude: number;
  longitude: number;
  /** Distance from the centre to its farthest clinic with coordinates, km (3 decimals). */
  radiusKm: number;
  timezone: string;
}

export interface StateSummary {
  state: State;
  /** Its cities with clinics, by slug. */
  cities: CitySummary[];
  clinics: number;
  /** Distinct networks with a clinic in the state. */
  networks: number;
  known: FieldCounts;
  /** The oldest day a clinic's hours were seen at their source (the date of the source credited with them). */
  hoursObserved: string | null;
}

export interface NetworkSummary {
  slug: string;
  name: string;
  wikidata: string | null;
  clinics: number;
  /** Slugs of the states it has clinics in, sorted. */
  states: string[];
}

/** What the whole data set looks like, gathered in one pass before anything is rendered. */
export interface Summary {
  /** The 50 states and DC, by slug. */
  states: StateSummary[];
  /** Every city with clinics, by state slug then city slug. */
  cities: CitySummary[];
  /** `TX/austin` → city. */
  cityByKey: Map<string, CitySummary>;
  /** Every network with clinics, by slug. */
  networks: NetworkSummary[];
  networkByName: Map<string, NetworkSummary>;
  clinics: number;
  known: FieldCounts;
  /** Published clinics by the evidence of their network. */
  networkEvidence: Record<string, number>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Reads the data set once, state by state, and gathers what the documents need before any is rendered. Checks the
 * identity rules on the way (unique ids, one name per city slug, a city record for every city) into `check`.
 * Memory: O(cities + networks + clinics' ids).
 * @example const summary = await summarise(dataset, new Checker());
 */
export async function summarise(dataset: Dataset, check: Checker): Promise<Summary> {
  const cityRecords = new Map<string, CityRecord>(dataset.cities.map((c) => [`${c.state}/${c.slug}`, c]));
  const wikidata = new Map(dataset.networks.map((n) => [n.name, n.wikidata]));
  const ids = new Set<string>();
  const nets = new Map<string, { clinics: number; states: Set<string> }>();
  const known = noCounts();
  const evidence: Record<string, number> = {};
  const states: StateSummary[] = [];
  const cities: CitySummary[] = [];
  let total = 0;

  for (const state of [...STATES].sort((a, b) => byText(a.slug, b.slug))) {
    collectGarbage(); // the state before's clinics: a large state's are hundreds of MB
    const clinics = await dataset.clinics.load(state.code);
    const stateKnown = noCounts();
    const stateNetworks = new Set<string>();
    const byCity = new Map<string, ClinicRecord[]>();
    let hoursObserved: string | null = null;
    for (const c of clinics) {
      if (c.hours !== null) {
        const seen = c.sources.find((s) => s.fields.includes("hours"))?.date ?? null;
        if (seen !== null && (hoursObserved === null || seen < hoursObserved)) hoursObserved = seen;
      }
      if (ids.has(c.id))
        check.add("dataset", `clinic ${c.id}`, `id shared by "${c.name}" and another clinic`);
      ids.add(c.id);
      for (const f of COUNTED_FIELDS) {
        if (KNOWN[f](c)) {
          stateKnown[f]++;
          known[f]++;
        }
      }
      if (c.network !== null) {
        stateNetworks.add(c.network);
        const n = nets.get(c.network) ?? { clinics: 0, states: new Set<string>() };
        n.clinics++;
        n.states.add(state.slug);
        nets.set(c.network, n);
      }
      const kind = c.network_evidence?.kind;
      if (kind) evidence[kind] = (evidence[kind] ?? 0) + 1;
      const list = byCity.get(c.city_slug);
      if (list) list.push(c);
      else byCity.set(c.city_slug, [c]);
    }
    const stateCities: CitySummary[] = [];
    for (const [slug, members] of [...byCity].sort(([a], [b]) => byText(a, b))) {
      const record = cityRecords.get(`${state.code}/${slug}`);
      const names = new Set(members.map((m) => m.city));
      if (names.size > 1)
        check.add(
          "dataset",
          `city ${state.code}/${slug}`,
          `slug used by several names: ${[...names].join(", ")}`,
        );
      if (!record) {
        check.add(
          "dataset",
          `city ${state.code}/${slug}`,
          "no city record (centre and time zone) for this city",
        );
        continue;
      }
      let radius = 0;
      for (const m of members) {
        if (m.latitude === null || m.longitude === null) continue;
        radius = Math.max(radius, distanceKm(record.latitude, record.longitude, m.latitude, m.longitude));
      }
      stateCities.push({
        state,
        slug,
        name: record.name,
        clinics: members.length,
        latitude: record.latitude,
        longitude: record.longitude,
        radiusKm: round(radius, 3),
        timezone: record.timezone,
      });
    }
    total += clinics.length;
    cities.push(...stateCities);
    states.push({
      state,
      cities: stateCities,
      clinics: clinics.length,
      networks: stateNetworks.size,
      known: stateKnown,
      hoursObserved,
    });
  }

  const networks = [...nets]
    .map(([name, n]) => ({
      slug: slugify(name),
      name,
      wikidata: wikidata.get(name) ?? null,
      clinics: n.clinics,
      states: [...n.states].sort(byText),
    }))
    .sort((a, b) => byText(a.slug, b.slug) || byText(a.name, b.name));
  for (let i = 1; i < networks.length; i++) {
    const [a, b] = [networks[i - 1] as NetworkSummary, networks[i] as NetworkSummary];
    if (a.slug === b.slug)
      check.add("dataset", `network ${a.slug}`, `two networks share one slug: "${a.name}" and "${b.name}"`);
  }
  return {
    states,
    cities,
    cityByKey: new Map(cities.map((c) => [`${c.state.code}/${c.slug}`, c])),
    networks,
    networkByName: new Map(networks.map((n) => [n.name, n])),
    clinics: total,
    known,
    networkEvidence: evidence,
  };
}
