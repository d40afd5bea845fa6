import type { ClinicRecord, FlatDataset as Dataset } from "../dataset/types.js";
import { distanceKm } from "../geo/distance.js";
import { STATES, type State, stateByCode } from "../geo/states.js";
import { slugify } from "../util/slug.js";

/** A city as the documents see it: its state, its clinics sorted, and its centre. */
export interface CityGroup {
  state: State;
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  clinics: ClinicRecord[];
}

export interface NetworkGroup {
  slug: string;
  name: string;
  clinics: number;
  states: string[];
}

/** The data set grouped the way the documents are laid out; all lists in their published order. */
export interface Model {
  states: State[];
  cities: CityGroup[];
  citiesByState: Map<string, CityGroup[]>;
  networks: NetworkGroup[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function groupDataset(data: Dataset): Model {
  const centres = new Map(data.cities.map((c) => [`${c.state}/${c.slug}`, c]));
  const groups = new Map<string, CityGroup>();
  for (const clinic of data.clinics) {
    const key = `${clinic.state}/${clinic.city_slug}`;
    let g = groups.get(key);
    if (!g) {
      const centre = centres.get(key);
      g = {
        state: stateByCode(clinic.state),
        slug: clinic.city_slug,
        name: centre?.name ?? clinic.city,
        latitude: centre?.latitude ?? Number.NaN,
        longitude: centre?.longitude ?? Number.NaN,
        radiusKm: 0,
        clinics: [],
      };
      groups.set(key, g);
    }
    g.clinics.push(clinic);
  }
  const cities = [...groups.values()];
  for (const g of cities) {
    g.clinics.sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
    const located = g.clinics.filter((c) => c.latitude !== null && c.longitude !== null);
    if (Number.isNaN(g.latitude)) {
      // No known centre (imported data): the mean of the clinics, or the state's first located city otherwise.
      g.latitude = located.length
        ? round(located.reduce((a, c) => a + (c.latitude as number), 0) / located.length)
        : 0;
      g.longitude = located.length
        ? round(located.reduce((a, c) => a + (c.longitude as number), 0) / located.length)
        : 0;
    }
    g.radiusKm = round(
      located.reduce(
        (m, c) =>
          Math.max(m, distanceKm(g.latitude, g.longitude, c.latitude as number, c.longitude as number)),
        0,
      ),
      3,
    );
  }
  cities.sort((a, b) => byText(a.state.slug, b.state.slug) || byText(a.slug, b.slug));

  const citiesByState = new Map<string, CityGroup[]>(STATES.map((s) => [s.code, []]));
  for (const c of cities) citiesByState.get(c.state.code)?.push(c);

  const nets = new Map<string, { name: string; clinics: number; states: Set<string> }>();
  for (const c of data.clinics) {
    if (c.network === null) continue;
    const n = nets.get(c.network) ?? { name: c.network, clinics: 0, states: new Set<string>() };
    n.clinics++;
    n.states.add(stateByCode(c.state).slug);
    nets.set(c.network, n);
  }
  const networks = [...nets.values()]
    .map((n) => ({
      slug: slugify(n.name),
      name: n.name,
      clinics: n.clinics,
      states: [...n.states].sort(byText),
    }))
    .sort((a, b) => byText(a.slug, b.slug) || byText(a.name, b.name));

  const states = [...STATES].sort((a, b) => byText(a.slug, b.slug));
  return { states, cities, citiesByState, networks };
}

function round(x: number, digits = 5): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
