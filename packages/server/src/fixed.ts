import { type ErrorStatus, errorBody } from "./errors.js";
import {
  CACHE_CONTROL,
  COMMON_HEADERS,
  cacheControlOf,
  DEFAULT_ALLOW_HEADERS,
  PREFLIGHT_HEADERS,
  PREFLIGHT_VARY,
  preflightAllowHeaders,
} from "./policy.js";
import { flat, headOnly, makeReply, type Reply } from "./reply.js";

/** A reply for GET and its bodiless twin for HEAD. */
export interface ReplyPair {
  get: Reply;
  head: Reply;
}

/** Answers that do not depend on a document, built once per loaded site. */
export interface FixedReplies {
  badRequest: ReplyPair;
  methodNotAllowed: ReplyPair;
  uriTooLong: ReplyPair;
  headersTooLarge: ReplyPair;
  requestTimeout: ReplyPair;
  contentTooLarge: ReplyPair;
  unavailable: ReplyPair;
  internalError: ReplyPair;
  /** The preflight answer when no (or an unreadable) `Access-Control-Request-Headers` is sent. */
  preflight: Reply;
  health: ReplyPair;
}

const COMMON = flat(COMMON_HEADERS);
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The JSON error answer for `status`, with `Cache-Control` from the policy and any `extra` headers.
 * @example errorReply(405, ["Allow", "GET, HEAD, OPTIONS"]).get.status; // 405
 */
export function errorReply(status: ErrorStatus, extra: string[] = []): ReplyPair {
  const body = Buffer.from(errorBody(status));
  const headers = [
    "Content-Type",
    JSON_TYPE,
    "Content-Length",
    String(body.length),
    "Cache-Control",
    cacheControlOf("", status),
    ...COMMON,
    ...extra,
  ];
  const get = makeReply(status, headers, body);
  return { get, head: headOnly(get) };
}

/**
 * The 204 answer to a CORS preflight that asks for `requested` headers (see `preflightAllowHeaders`).
 * @example preflightReply("traceparent").headers.includes("traceparent"); // true
 */
export function preflightReply(requested: string | undefined): Reply {
  return makeReply(
    204,
    [
      ...COMMON,
      ...flat(PREFLIGHT_HEADERS),
      "Access-Control-Allow-Headers",
      preflightAllowHeaders(requested),
      "Vary",
      PREFLIGHT_VARY,
      "Cache-Control",
      CACHE_CONTROL.noStore,
      "Content-Length",
      "0",
    ],
    null,
  );
}

const preflights = new Map<string, Reply>();

/**
 * The preflight answer for a request's `Access-Control-Request-Headers`, from a small bounded cache (browsers
 * send few distinct lists).
 */
export function preflightFor(fixed: FixedReplies, requested: string | undefined): Reply {
  if (requested === undefined || preflightAllowHeaders(requested) === DEFAULT_ALLOW_HEADERS)
    return fixed.preflight;
  let reply = preflights.get(requested);
  if (reply === undefined) {
    if (preflights.size >= 256) preflights.clear();
    reply = preflightReply(requested);
    preflights.set(requested, reply);
  }
  return reply;
}

/**
 * `301` to `location` (a folder URL with its trailing slash), built per request: rare next to documents.
 * @example redirectReply("/clinics/texas/?page=2").status; // 301
 */
export function redirectReply(location: string): Reply {
  return makeReply(
    301,
    ["Location", location, "Content-Length", "0", "Cache-Control", CACHE_CONTROL.revalidate, ...COMMON],
    null,
  );
}

/** `416` for a body of `size` bytes. */
export function rangeNotSatisfiable(size: number): Reply {
  const body = Buffer.from(errorBody(416));
  return makeReply(
    416,
    [
      "Content-Type",
      JSON_TYPE,
      "Content-Length",
      String(body.length),
      "Content-Range",
      `bytes */${size}`,
      "Cache-Control",
      cacheControlOf("", 416),
      ...COMMON,
    ],
    body,
  );
}

/** The fixed answers of a site whose version is `version` (named by `/healthz`). */
export function fixedReplies(version: string): FixedReplies {
  const healthBody = Buffer.from(JSON.stringify({ status: "ok", version }));
  const health = makeReply(
    200,
    [
      "Content-Type",
      JSON_TYPE,
      "Content-Length",
      String(healthBody.length),
      "Cache-Control",
      CACHE_CONTROL.noStore,
      ...COMMON,
    ],
    healthBody,
  );
  return {
    badRequest: errorReply(400),
    methodNotAllowed: errorReply(405, ["Allow", "GET, HEAD, OPTIONS"]),
    uriTooLong: errorReply(414),
    headersTooLarge: errorReply(431),
    requestTimeout: errorReply(408),
    contentTooLarge: errorReply(413),
    unavailable: errorReply(503, ["Retry-After", "1"]),
    internalError: errorReply(500),
    preflight: preflightReply(undefined),
    health: { get: health, head: headOnly(health) },
  };
}
