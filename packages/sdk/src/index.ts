/**
 * Typed client for the US Urgent Care Directory API. Zero dependencies; runs on the platform `fetch`.
 * @example
 * import { UrgentCareClient, isOpen } from "@urgent-care-directory/sdk";
 * const client = new UrgentCareClient({ baseUrl: "http://127.0.0.1:8080/api/v1" });
 * const [near] = await client.nearest(30.2672, -97.7431, { limit: 1 });
 * console.log(near?.clinic.name, near?.distanceKm, near && isOpen(near.clinic) ? "open now" : "");
 * @module
 */
export { type AllClinicsOptions, allClinics, clinicDocuments, locate } from "./all-clinics.js";
export type { CacheOptions } from "./cache.js";
export { type ClientOptions, UrgentCareClient } from "./client.js";
export {
  HttpError,
  InvalidResponseError,
  isHttpError,
  isInvalidResponseError,
  isNetworkError,
  isNotFoundError,
  NetworkError,
  NotFoundError,
  type UrgentCareError,
} from "./errors.js";
export { distanceKm, type LatLng, parseCoordinates } from "./geo.js";
export {
  isOpen,
  nextChange,
  type OpenStatus,
  type OpenStatusDetail,
  openStatus,
  type StatusChange,
} from "./hours.js";
export {
  compareResults,
  type NearestOptions,
  type NearestResult,
  nearest,
  openFirst,
  type Ranked,
} from "./nearest.js";
export type { components, operations, paths } from "./openapi.generated.js";
export type { RetryOptions } from "./retry.js";
export {
  type MatchKind,
  Searcher,
  type SearcherOptions,
  type SearchHit,
  type SearchLoader,
  type SearchOptions,
  searchWords,
} from "./search-core.js";
export { toSlug } from "./slug.js";
export type { DirectorySource } from "./source.js";
export type { FetchLike, RequestOptions, TransportOptions } from "./transport.js";
export type * from "./types.js";
