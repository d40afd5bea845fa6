import { type AllClinicsOptions, allClinics, clinicDocuments } from "./all-clinics.js";
import { checkShape } from "./check.js";
import { isNotFoundError } from "./errors.js";
import { type NearestOptions, type NearestResult, nearest } from "./nearest.js";
import { withHint } from "./not-found.js";
import { Searcher, type SearchHit, type SearchOptions } from "./search-core.js";
import { toSlug } from "./slug.js";
import type { DirectorySource } from "./source.js";
import { type RequestOptions, Transport, type TransportOptions } from "./transport.js";
import type {
  ChangesDocument,
  CitiesByState,
  CitiesList,
  ClinicDocument,
  ClinicsByCity,
  IndexDocument,
  LocatedClinic,
  NetworkDocument,
  NetworksList,
  OpenApiDocument,
  ReleaseEntry,
  ReleasesList,
  StatesList,
  Stats,
} from "./types.js";

/** Options of {@link UrgentCareClient}. */
export interface ClientOptions extends TransportOptions {
  /**
   * Address of the API, ending in `/api/v1`: your deployment's, or `http://127.0.0.1:8080/api/v1` for a local
   * `npm start`. Required: there is no public default, so a client without it fails at once.
   */
  baseUrl: string;
}

/**
 * Checks a base address at construction, so that a missing or malformed one fails at once with a clear message
 * rather than as a network error after retries.
 */
function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string" || baseUrl.trim() === "")
    throw new TypeError(
      'UrgentCareClient: baseUrl is required — the address of the API, e.g. new UrgentCareClient({ baseUrl: "http://127.0.0.1:8080/api/v1" }) for a local `npm start`',
    );
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`UrgentCareClient: baseUrl is not an absolute URL: ${baseUrl}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TypeError(`UrgentCareClient: baseUrl must be an http(s) address: ${baseUrl}`);
  return baseUrl.replace(/\/+$/, "");
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
  readonly #searcher: Searcher;

  /** @throws TypeError when `baseUrl` is missing or not an http(s) address. */
  constructor(options: ClientOptions) {
    this.baseUrl = checkBaseUrl((options as Partial<ClientOptions> | undefined)?.baseUrl);
    this.#transport = new Transport(options);
    this.#searcher = new Searcher((path, signal) =>
      this.#json(this.baseUrl + path, signal ? { signal } : {}),
    );
  }

  /** A document; its 404 with a hint when one is known (see `withHint`). */
  #json(url: string, options?: RequestOptions, unknownState?: string): Promise<unknown> {
    return this.#transport.getJson(url, options).catch((e: unknown) => {
      throw isNotFoundError(e) ? withHint(e, this.baseUrl, unknownState) : e;
    });
  }

  #get<T>(
    path: string,
    shape: Parameters<typeof checkShape>[2],
    options?: RequestOptions,
    unknownState?: string,
  ): Promise<T> {
    const url = this.baseUrl + path;
    return this.#json(url, options, unknownState).then((v) => checkShape<T>(url, v, shape));
  }

  #statesList: Promise<StatesList> | undefined;

  /** states.json, read once per client (again after a failure). */
  #states(options?: RequestOptions): Promise<StatesList> {
    this.#statesList ??= this.states(options).catch((e: unknown) => {
      this.#statesList = undefined;
      throw e;
    });
    return this.#statesList;
  }

  /**
   * The API's slug of a state given as its USPS code (`TX`, `D.C.`: looked up in states.json, read once), its name
   * (`New York`) or its slug, so that a state of the directory never 404s; `unknown` is a code that is none.
   */
  async #state(state: string, options?: RequestOptions): Promise<{ slug: string; unknown?: string }> {
    const code = state.replace(/\./g, "").trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) return { slug: toSlug(state) };
    const found = (await this.#states(options)).states.find((s) => s.code === code);
    return found ? { slug: found.slug } : { slug: toSlug(state), unknown: state };
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
   * `GET /cities/{state}.json`: the cities of one state. `state` is a USPS code ("TX": the client reads states.json
   * once to find its slug), a name ("New York") or a slug ("new-york"). Throws NotFoundError for an unknown state.
   * @example const { cities } = await client.citiesOf("tx");
   */
  async citiesOf(state: string, options?: RequestOptions): Promise<CitiesByState> {
    const s = await this.#state(state, options);
    return this.#get(
      `/cities/${encodeURIComponent(s.slug)}.json`,
      { count: "number", cities: "array", state: "object" },
      options,
      s.unknown,
    );
  }

  /**
   * `GET /clinics/{state}/{city}.json`: all clinics of a city. The state is a USPS code, a name or a slug; the
   * city a name ("St. Louis") or a slug. Throws NotFoundError for an unknown state or city.
   * @example const { city, clinics } = await client.clinics("TX", "San Antonio");
   */
  async clinics(state: string, city: string, options?: RequestOptions): Promise<ClinicsByCity> {
    const s = await this.#state(state, options);
    const path = `/clinics/${encodeURIComponent(s.slug)}/${encodeURIComponent(toSlug(city))}.json`;
    return this.#get(path, { count: "number", clinics: "array", city: "object" }, options, s.unknown);
  }

  /**
   * `GET /networks.json`: every network or brand.
   * @example const { networks } = await client.networks();
   */
  networks(options?: RequestOptions): Promise<NetworksList> {
    return this.#get("/networks.json", { count: "number", networks: "array" }, options);
  }

  /**
   * `GET /clinic/{id}.json`: one clinic with its state, city and ZIP (`clinic.place`) and its network entry.
   * Throws NotFoundError for an unknown id.
   * @example const { clinic, network } = await client.clinic("k3v9q2m7x1ab"); console.log(clinic.place.city.name);
   */
  clinic(id: string, options?: RequestOptions): Promise<ClinicDocument> {
    return this.#get(
      `/clinic/${encodeURIComponent(id.trim().toLowerCase())}.json`,
      { id: "string", status: "string", clinic: "object" },
      options,
    );
  }

  /**
   * One page of a network's document: `/networks/{network}.json` for page 1, `/networks/{network}/{n}.json`
   * after. Throws NotFoundError for an unknown network or page.
   * @example const first = await client.networkPage("carenow"); console.log(first.page.pages);
   */
  networkPage(network: string, page = 1, options?: RequestOptions): Promise<NetworkDocument> {
    if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a whole number ≥ 1: ${page}`);
    const slug = encodeURIComponent(toSlug(network));
    const path = page === 1 ? `/networks/${slug}.json` : `/networks/${slug}/${page}.json`;
    return this.#get(path, { network: "object", page: "object", clinics: "array" }, options);
  }

  /**
   * A network and all its clinics (each with `place`): reads the first page and follows `page.next` to the last,
   * so `clinics` holds all `network.clinic_count` clinics, `count` their number, and `page` says that nothing is
   * left (`next: null`). `network` is a slug or a name. Throws NotFoundError for an unknown network.
   * @example const { network, clinics } = await client.network("carenow"); console.log(network.clinic_count === clinics.length);
   */
  async network(network: string, options?: RequestOptions): Promise<NetworkDocument> {
    const first = await this.networkPage(network, 1, options);
    const clinics = [...first.clinics];
    let next = first.page.next;
    for (let n = 2; next !== null; n++) {
      const page = await this.networkPage(network, n, options);
      clinics.push(...page.clinics);
      next = page.page.next;
    }
    return { ...first, count: clinics.length, clinics, page: { ...first.page, next: null } };
  }

  /**
   * `GET /releases.json`: every kept release, newest first, with its counts, its changes document and its dated
   * downloads.
   * @example const { releases } = await client.releases(); console.log(releases[0]?.data_version);
   */
  releases(options?: RequestOptions): Promise<ReleasesList> {
    return this.#get("/releases.json", { count: "number", releases: "array" }, options);
  }

  /**
   * What changed since the release you hold (`since`, a data version): the changes documents of every later
   * release, oldest first, so applying them in order brings your copy up to date ([] when nothing is newer).
   * Throws a RangeError when a later release's changes are no longer kept (re-download the data set then).
   * @example for (const c of await client.changes("2026-05-01")) console.log(c.data_version, c.counts);
   */
  async changes(since: string, options?: RequestOptions): Promise<ChangesDocument[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since))
      throw new RangeError(`since must be a data version YYYY-MM-DD: ${since}`);
    const { releases } = await this.releases(options);
    const later = releases.filter((r) => r.data_version > since).reverse();
    if (later.length === 0) return [];
    const first = later[0] as ReleaseEntry;
    if (first.changes_path === null || first.previous_version !== since)
      throw new RangeError(
        `the changes since ${since} are not all kept (the oldest kept change is from ${first.previous_version ?? "the first release"}): download the data set again`,
      );
    const out: ChangesDocument[] = [];
    for (const r of later) {
      if (r.changes_path === null) throw new RangeError(`release ${r.data_version} has no changes document`);
      out.push(
        await this.#get(
          r.changes_path,
          { data_version: "string", added: "array", removed: "array", changed: "array" },
          options,
        ),
      );
    }
    return out;
  }

  /**
   * Clinics by name (any word, a prefix as you type, small typos), network, city, state or ZIP, best first.
   * Reads the search index's root once per client, then one shard per query (two at most). See {@link Searcher}.
   * @example const [hit] = await client.search("redfern walk-in austin", { limit: 5 }); console.log(hit?.url);
   */
  search(text: string, options?: SearchOptions): Promise<SearchHit[]> {
    return this.#searcher.search(text, options);
  }

  /**
   * `GET {site}/api/openapi.json`: the OpenAPI 3.0 description (one level above the base address).
   * @example const doc = await client.openApi(); console.log(doc.info.version);
   */
  openApi(options?: RequestOptions): Promise<OpenApiDocument> {
    const url = new URL("../openapi.json", `${this.baseUrl}/`).href;
    return this.#json(url, options).then((v) =>
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
  allClinics(options?: AllClinicsOptions): AsyncGenerator<LocatedClinic> {
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
