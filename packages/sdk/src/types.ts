import type { components, paths } from "./openapi.generated.js";

type Schemas = components["schemas"];

/** Path templates of the API, relative to the base address (plus `/api/openapi.json`, relative to the site). */
export type ApiPath = keyof paths;

/**
 * The JSON body of a 200 answer to `P`, straight from the generated OpenAPI types.
 * @example type Doc = ResponseOf<"/clinics/{state}/{city}.json">; // ClinicsByCity
 */
export type ResponseOf<P extends ApiPath> = paths[P]["get"]["responses"][200]["content"]["application/json"];

/** One urgent care clinic. `coordinates` is `"lat,lng"` or null; `hours` is null when unknown. */
export type Clinic = Schemas["Clinic"];
/** What kind of place a clinic is: `walk_in_urgent_care` unless the directory's operator kept more kinds. */
export type PlaceKind = Schemas["PlaceKind"];
/** How we know a clinic: `confirmed` (two independent sources, or the chain's own locator), `listed`, `doubtful`. */
export type EvidenceLevel = Schemas["EvidenceLevel"];
/** A clinic document's `evidence`: every source that lists it and what it says, the reason, signs against, level. */
export type Evidence = Schemas["Evidence"];
/** One source of a clinic's evidence and what it says (a registry's taxonomies, a places data set's category…). */
export type EvidenceSource = Schemas["EvidenceSource"];
/** Machine-readable opening hours in the clinic's IANA time zone (inlined in `Clinic.hours` by the document). */
export type Hours = NonNullable<Clinic["hours"]>;
/** Opening periods per weekday (`mon` … `sun`). */
export type WeeklyHours = Schemas["WeeklyHours"];
/** `{ open: "HH:MM", close: "HH:MM" }`; a close at or before open runs past midnight. */
export type OpeningPeriod = Schemas["OpeningPeriod"];
/** A city with its centre, `radius_km`, clinic count and document path. */
export type CityEntry = Schemas["CityEntry"];
/** A state with its counts and coverage. */
export type StateEntry = Schemas["StateEntry"];
/** `{ slug, code, name }` of a state. */
export type StateRef = Schemas["StateRef"];
/** A network or brand. */
export type NetworkEntry = Schemas["NetworkEntry"];
/** Provenance, licence and links carried by every document. */
export type Meta = Schemas["Meta"];
/** `GET /clinics/{state}/{city}.json` */
export type ClinicsByCity = ResponseOf<"/clinics/{state}/{city}.json">;
/** `GET /cities.json` */
export type CitiesList = ResponseOf<"/cities.json">;
/** `GET /cities/{state}.json` */
export type CitiesByState = ResponseOf<"/cities/{state}.json">;
/** `GET /states.json` */
export type StatesList = ResponseOf<"/states.json">;
/** `GET /networks.json` */
export type NetworksList = ResponseOf<"/networks.json">;
/** `GET /stats.json` */
export type Stats = ResponseOf<"/stats.json">;
/** `GET /index.json` */
export type IndexDocument = ResponseOf<"/index.json">;
/** `{ slug, name, path, url }` of a city: its clinics document and its page. */
export type CityRef = Schemas["CityRef"];
/** Where a clinic sits: `{ state, city, zip }`. */
export type Place = Schemas["Place"];
/** A clinic with `place`: its state, city (with links) and ZIP code. */
export type PlacedClinic = Schemas["PlacedClinic"];
/**
 * A clinic with the state and city it sits in, as `allClinics` and `nearest` give it (the city documents they
 * read do not carry ZIP codes: `place.zip` is there only when the source document had it).
 */
export type LocatedClinic = Clinic & {
  place: Pick<Place, "state" | "city"> & Partial<Pick<Place, "zip">>;
};
/** `GET /clinic/{id}.json` */
export type ClinicDocument = ResponseOf<"/clinic/{id}.json">;
/** `GET /networks/{network}.json` (and its further pages) */
export type NetworkDocument = ResponseOf<"/networks/{network}.json">;
/** Where a page sits in a paginated list. */
export type Pagination = Schemas["Pagination"];
/** `GET /search/index.json`: the root of the search index. */
export type SearchIndex = ResponseOf<"/search/index.json">;
/** `GET /search/t/{prefix}.json` and `/search/p/{prefix}.json`: one shard of the search index. */
export type SearchShard = Schemas["SearchShard"];
/** `GET /releases.json`: every kept release, newest first. */
export type ReleasesList = ResponseOf<"/releases.json">;
/** One release as releases.json lists it. */
export type ReleaseEntry = Schemas["ReleaseEntry"];
/** `GET /changes/{data_version}.json`: what one release added, removed and changed against the one before. */
export type ChangesDocument = ResponseOf<"/changes/{data_version}.json">;
/** A listed clinic near a removed one (in a removed clinic's document). */
export type NearbyClinic = Schemas["NearbyClinic"];
/** Body of every error answer: `{ status, code, message }`. */
export type ErrorBody = Schemas["Error"];

/** `GET {site}/api/openapi.json`: an OpenAPI 3.0 document (the contract does not type it further). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths: Record<string, unknown>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Weekday keys of {@link WeeklyHours}, Monday first. */
export type Weekday = keyof WeeklyHours;
