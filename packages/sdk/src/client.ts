import { type AllClinicsOptions, allClinics, clinicDocuments } from "./all-clinics.js";
import { checkShape } from "./check.js";
import { type NearestOptions, type NearestResult, nearest } from "./nearest.js";
import { toSlug } from "./slug.js";
import type { DirectorySource } from "./source.js";
import { type RequestOptions, Transport, type TransportOptions } from "./transport.js";
import type {
  CitiesByState,
  CitiesList,
  Clinic,
  ClinicsByCity,
  IndexDocument,
  NetworksList,
  OpenApiDocument,
  StatesList,
  Stats,
} from "./types.js";

/**
 * Default base address: the public placeholder of the hosted API. Point `baseUrl` at your deployment, or at
 * `http://127.0.0.1:8080/api/v1` for a local `npm start`.
 */
export const DEFAULT_BASE_URL = "https://urgentcare.example.org/api/v1";

/** Options of {@link UrgentCareClient}. */
export interface ClientOptions extends TransportOptions {
  /** Address of the API, ending in `/api/v1`. Default {@link DEFAULT_BASE_URL}. */
  baseUrl?: string;
}

/**
 * A typed client for every endpoint of the Urgent Care Directory API, plus the directory-wide helpers
 * `nearest` and `allClinics`. Uses the platform `fetch` (browsers, Node 20+, Deno, Bun).
 * @example
 * const client = new UrgentCareClient({ baseUrl: "http://127.0.0.1:8080/api/v1", cache: true });
 * const { clinics } = await client.clinics("texas", "austin");
 */
export class UrgentCareClient implements DirectorySource {
  /** The API address in use, without a trailing slash. */
  readonly baseUrl: string;
  readonly #transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.#transport = new Transport(options);
  }

  #get<T>(path: string, shape: Parameters<typeof checkShape>[2], options?: RequestOptions): Promise<T> {
    const url = this.baseUrl + path;
    return this.#transport.getJson(url, options).then((v) => checkShape<T>(url, v, shape));
  }

  /**
   * `GET /index.json`: API metadata, licence and attribution rules, the endpoint catalogue.
   * @example const { license } = await client.index(); console.log(license.attribution);
   */
  index(options?: RequestOptions): Promise<IndexDocument> {
    return this.#get("/index.json", { endpoints: "array", license: "object" }, options);
  }

  /**
   * `GET /stats.json`: coverage and data-quality figures.
   * @example const { coverage } = await client.stats(); console.log(coverage.total_clinics);
   */
  stats(options?: RequestOptions): Promise<Stats> {
    return this.#get("/stats.json", { coverage: "object", data_quality: "object" }, options);
  }

  /**
   * `GET /states.json`: the 50 states and DC with counts and coverage.
   * @example for (const s of (await client.states()).states) console.log(s.code, s.clinic_count);
   */
  states(options?: RequestOptions): Promise<StatesList> {
    return this.#get("/states.json", { count: "number", states: "array" }, options);
  }

  /**
   * `GET /cities.json`: every city with its centre, `radius_km`, clinic count and path.
   * @example const { cities } = await client.cities();
   */
  cities(options?: RequestOptions): Promise<CitiesList> {
    return this.#get("/cities.json", { count: "number", cities: "array" }, options);
  }

  /**
   * `GET /cities/{state}.json`: the cities of one state. `state` is a slug or a name ("New York").
   * Throws NotFoundError for an unknown state.
   * @example const { cities } = await client.citiesOf("texas");
   */
  citiesOf(state: string, options?: RequestOptions): Promise<CitiesByState> {
    return this.#get(
      `/cities/${encodeURIComponent(toSlug(state))}.json`,
      { count: "number", cities: "array", state: "object" },
      options,
    );
  }

  /**
   * `GET /clinics/{state}/{city}.json`: all clinics of a city. Slugs or names ("St. Louis") both work.
   * Throws NotFoundError for an unknown state or city.
   * @example const { city, clinics } = await client.clinics("texas", "san-antonio");
   */
  clinics(state: string, city: string, options?: RequestOptions): Promise<ClinicsByCity> {
    const path = `/clinics/${encodeURIComponent(toSlug(state))}/${encodeURIComponent(toSlug(city))}.json`;
    return this.#get(path, { count: "number", clinics: "array", city: "object" }, options);
  }

  /**
   * `GET /networks.json`: every network or brand.
   * @example const { networks } = await client.networks();
   */
  networks(options?: RequestOptions): Promise<NetworksList> {
    return this.#get("/networks.json", { count: "number", networks: "array" }, options);
  }

  /**
   * `GET {site}/api/openapi.json`: the OpenAPI 3.0 description (one level above the base address).
   * @example const doc = await client.openApi(); console.log(doc.info.version);
   */
  openApi(options?: RequestOptions): Promise<OpenApiDocument> {
    const url = new URL("../openapi.json", `${this.baseUrl}/`).href;
    return this.#transport
      .getJson(url, options)
      .then((v) =>
        checkShape<OpenApiDocument>(url, v, { openapi: "string", info: "object", paths: "object" }),
      );
  }

  /**
   * The nearest clinics to a point across city and state borders, with `distanceKm`; see {@link nearest}.
   * @example const [first] = await client.nearest(40.7128, -74.006, { limit: 1, openAt: new Date() });
   */
  nearest(lat: number, lng: number, options?: NearestOptions): Promise<NearestResult[]> {
    return nearest(this, lat, lng, options);
  }

  /**
   * Every clinic of the directory, with bounded concurrency; see {@link allClinics}.
   * @example for await (const c of client.allClinics({ state: "ohio" })) console.log(c.name);
   */
  allClinics(options?: AllClinicsOptions): AsyncGenerator<Clinic> {
    return allClinics(this, options);
  }

  /**
   * Every city's clinics document; see {@link clinicDocuments}.
   * @example for await (const doc of client.clinicDocuments()) console.log(doc.city.path, doc.count);
   */
  clinicDocuments(options?: AllClinicsOptions): AsyncGenerator<ClinicsByCity> {
    return clinicDocuments(this, options);
  }

  /**
   * Drops every cached document (a no-op without `cache`).
   * @example client.clearCache();
   */
  clearCache(): void {
    this.#transport.cache?.clear();
  }
}
