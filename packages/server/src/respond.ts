import { parseRange, rangeReply } from "./range.js";
import type { Reply } from "./reply.js";
import type { Document, Site, Variant } from "./site.js";

/** Longest request target answered; longer ones get 414. */
export const MAX_PATH = 2048;

/** Path of the health document, outside /api/v1 so load balancers never count as API traffic. */
export const HEALTH_PATH = "/healthz";

/**
 * Resolves a request target to a document key. Only exact keys of the loaded tree are served, so no
 * spelling of `..`, encoded slashes or NUL bytes can reach outside it. Returns null for a malformed target.
 * @example lookupKey("/api/v1/states.json?x=1"); // "/api/v1/states.json"
 * @example lookupKey("/%E0%A4%A.json"); // null
 */
export function lookupKey(url: string): string | null {
  let end = url.indexOf("?");
  if (end < 0) end = url.length;
  const hash = url.indexOf("#");
  if (hash >= 0 && hash < end) end = hash;
  const raw = end === url.length ? url : url.slice(0, end);
  if (raw.charCodeAt(0) !== 47 /* / */) return null;
  if (raw.indexOf("%") < 0) return raw.indexOf("\0") < 0 ? raw : null;
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes("\0") ? null : decoded;
  } catch {
    return null;
  }
}

const BR = 1;
const GZIP = 2;
/** Accept-Encoding values seen so far → accepted codings; clients send few distinct values. */
const codings = new Map<string, number>();

function acceptedCodings(header: string): number {
  let mask = codings.get(header);
  if (mask !== undefined) return mask;
  mask = (accepts(header, "br") ? BR : 0) | (accepts(header, "gzip") ? GZIP : 0);
  if (codings.size >= 256) codings.clear(); // bounded: hostile clients cannot grow it
  codings.set(header, mask);
  return mask;
}

function accepts(header: string, coding: string): boolean {
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";");
    if (name.trim() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Picks the smallest encoding the client accepts: br, then gzip, then identity.
 * @example negotiate(doc, "gzip, br").encoding; // "br" when the document has a .br sibling
 */
export function negotiate(doc: Document, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding || (doc.br === null && doc.gzip === null)) return doc.identity;
  const mask = acceptedCodings(acceptEncoding);
  if (doc.br && mask & BR) return doc.br;
  if (doc.gzip && mask & GZIP) return doc.gzip;
  return doc.identity;
}

function matches(ifNoneMatch: string, doc: Document): boolean {
  if (doc.etags.has(ifNoneMatch)) return true;
  if (ifNoneMatch.trim() === "*") return true;
  for (const tag of ifNoneMatch.split(",")) {
    const t = tag.trim();
    if (doc.etags.has(t.startsWith("W/") ? t.slice(2) : t)) return true;
  }
  return false;
}

/**
 * Decides the answer to one request. Pure and allocation-free for whole documents (the replies are
 * precomputed in the site); both the raw-socket and the node:http servers call it.
 * @example respond(site, "GET", "/api/v1/index.json", "br, gzip", undefined, undefined, undefined).status; // 200
 */
export function respond(
  site: Site,
  method: string,
  target: string,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
  range: string | undefined,
  ifRange: string | undefined,
): Reply {
  const isHead = method === "HEAD";
  const fixed = site.fixed;
  if (target.length > MAX_PATH) return isHead ? fixed.uriTooLong.head : fixed.uriTooLong.get;
  if (method === "OPTIONS") return fixed.preflight;
  if (method !== "GET" && !isHead) return fixed.methodNotAllowed.get;
  const key = lookupKey(target);
  if (key === null) return isHead ? fixed.badRequest.head : fixed.badRequest.get;
  const doc = site.documents.get(key);
  if (doc === undefined) {
    if (key === HEALTH_PATH) return isHead ? fixed.health.head : fixed.health.get;
    const v = negotiate(site.notFound, acceptEncoding);
    return isHead ? v.head : v.get;
  }
  const v = negotiate(doc, acceptEncoding);
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, doc)) return v.notModified;
  if (range !== undefined && !isHead && (ifRange === undefined || ifRange === v.etag)) {
    const r = parseRange(range, v.body.length);
    if (r !== "ignore") return rangeReply(v, r);
  }
  return isHead ? v.head : v.get;
}
