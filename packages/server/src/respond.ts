import type { FileHandle } from "node:fs/promises";
import {
  type Document,
  encodedEtag,
  etagOf,
  type Variant,
  validatorsOf,
  variantHeaders,
} from "./document.js";
import { ERRORS } from "./errors.js";
import { fileFiller, IntegrityError } from "./files.js";
import { preflightFor, rangeNotSatisfiable, redirectReply } from "./fixed.js";
import { gzippedOnTheFly, readAndGzip } from "./gzip-on-the-fly.js";
import type { Entry } from "./manifest.js";
import { encodingOf, matchesTags, negotiate } from "./negotiate.js";
import { cacheClassOf, dispositionOf, documentHeaders, mediaTypeOf, movedClinicPage } from "./policy.js";
import { parseRange, partialReply } from "./range.js";
import { flat, makeReply, type Reply } from "./reply.js";
import { aliasFolder, type Site } from "./site.js";

/** Longest request target answered; longer ones get 414. */
export const MAX_PATH = 2048;

/** Path of the health document, outside /api/v1 so load balancers never count as API traffic. */
export const HEALTH_PATH = "/healthz";

/** What `respond` needs of a request; both servers fill one (the raw server reuses a single object). */
export interface Request {
  method: string;
  /** Origin-form target: path and query. */
  target: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  range: string | undefined;
  ifRange: string | undefined;
  /** `Access-Control-Request-Headers` of a CORS preflight. */
  accessControlRequestHeaders: string | undefined;
}

/** An answer whose body is streamed from an open, verified file: bytes `start`…`end` (inclusive). */
export interface Streamed {
  reply: Reply;
  handle: FileHandle;
  start: number;
  end: number;
}

/** What a request gets: a reply already computed, or a file to stream after `reply`'s head. */
export type Answer = Reply | Streamed;

/** True when `answer` streams a file. */
export function isStreamed(answer: Answer): answer is Streamed {
  return (answer as Streamed).handle !== undefined;
}

/**
 * Resolves a request target to a document key: the percent-decoded path without query or fragment. Returns
 * null for a malformed target (bad escapes, NUL), and "" when no document can have the name: an encoded
 * slash (`%2F`) never becomes a separator, and no listed name contains a slash.
 * @example lookupKey("/api/v1/states.json?x=1"); // "/api/v1/states.json"
 * @example lookupKey("/%E0%A4%A.json"); // null
 * @example lookupKey("/api%2fv1%2findex.json"); // ""
 */
export function lookupKey(url: string): string | null {
  let end = url.indexOf("?");
  if (end < 0) end = url.length;
  const hash = url.indexOf("#");
  if (hash >= 0 && hash < end) end = hash;
  const raw = end === url.length ? url : url.slice(0, end);
  if (raw.charCodeAt(0) !== 47 /* / */) return null;
  if (raw.indexOf("%") < 0) return raw.indexOf("\0") < 0 ? raw : null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  return /%2f/i.test(raw) ? "" : decoded;
}

/** True for paths under the API. */
export function isApiKey(key: string): boolean {
  return key.startsWith("/api/") || key === "/api";
}

/**
 * True for paths answered with the JSON 404: the API's, and any path of a `.json` document (a client that asks for
 * one reads JSON, and may have left out the `/api/v1` prefix); every other path gets the HTML page when there is
 * one.
 * @example isJsonKey("/index.json"); // true
 */
export function isJsonKey(key: string): boolean {
  return isApiKey(key) || /\.json$/i.test(key);
}

/**
 * The 404 answer for `key`: the JSON body or the HTML page. The JSON body names the nearest listed document when
 * there is one (`suggestion`, see `Suggestions`), unless `suggest` is false.
 */
function notFound(site: Site, key: string, isHead: boolean, suggest = true): Reply {
  const json = isJsonKey(key);
  if (json && suggest) {
    const near = site.suggestions.for(key, (path) => site.has(path));
    if (near !== null) return suggestionReply(near, isHead);
  }
  const doc = (!json && site.notFoundHtml) || site.notFound;
  doc.used = true;
  const v = negotiate(doc, undefined);
  return isHead ? v.head : v.get;
}

const NOT_FOUND_HEADERS = flat(documentHeaders("/404.json", false, 404));

/** The JSON 404 naming the nearest listed document: `{status, code, message, suggestion}`. */
function suggestionReply(suggestion: string, isHead: boolean): Reply {
  const { code, message } = ERRORS[404];
  const body = Buffer.from(
    JSON.stringify({ status: 404, code, message: `${message} Did you mean ${suggestion}?`, suggestion }),
  );
  const headers = [...NOT_FOUND_HEADERS, "Content-Length", String(body.length)];
  return makeReply(404, headers, isHead ? null : body, true);
}

/**
 * Decides the answer to one request. Hot documents (held with precomputed responses) are answered
 * synchronously with a reply that already exists; a document loaded from disk, or a large file streamed from
 * it, gives a promise. Both the raw-socket and the node:http servers call it.
 * @example respond(site, { method: "GET", target: "/api/v1/index.json", acceptEncoding: "br", … }).status; // 200
 */
export function respond(site: Site, req: Request): Reply | Promise<Answer> {
  const method = req.method;
  const isHead = method === "HEAD";
  const fixed = site.fixed;
  if (req.target.length > MAX_PATH) return isHead ? fixed.uriTooLong.head : fixed.uriTooLong.get;
  if (method === "OPTIONS") return preflightFor(fixed, req.accessControlRequestHeaders);
  if (method !== "GET" && !isHead) return fixed.methodNotAllowed.get;
  const key = lookupKey(req.target);
  if (key === null) return isHead ? fixed.badRequest.head : fixed.badRequest.get;
  if (key === "") return notFound(site, req.target.replace(/%2f/gi, "/"), isHead, false);
  const doc = site.hot.map.get(key);
  if (doc !== undefined) {
    doc.used = true;
    return answer(site, doc, req, isHead);
  }
  if (key === HEALTH_PATH) return isHead ? fixed.health.head : fixed.health.get;
  return cold(site, key, req, isHead);
}

/** A key not in the hot set: a listed document (from disk), a folder (alias or redirect), or a 404. */
function cold(site: Site, key: string, req: Request, isHead: boolean): Reply | Promise<Answer> {
  let path = key;
  if (!site.has(key)) {
    if (key.endsWith("/")) {
      if (site.has(`${key}index.html`)) path = `${key}index.html`;
      else if (site.has(`${key}index.json`)) path = `${key}index.json`;
      else {
        // A clinic page's old address (a folder of its own) leads to its page (links never die).
        const moved = movedClinicPage(key);
        if (moved !== null && site.has(moved))
          return redirectTo(req.target, (rawPath) => `${rawPath.slice(0, -1)}.html`);
        return notFound(site, key, isHead);
      }
    } else if (site.has(`${key}/index.html`)) {
      return redirectTo(req.target, (rawPath) => `${rawPath}/`);
    } else if (site.has(`${key}/index.json`)) {
      path = `${key}/index.json`;
    } else {
      return notFound(site, key, isHead);
    }
    const held = site.hot.map.get(path);
    if (held) {
      held.used = true;
      site.hot.alias(key, held);
      return answer(site, held, req, isHead);
    }
  }
  try {
    const entry = site.entry(path.slice(1));
    if (entry === null) return notFound(site, key, isHead);
    const streamed = [entry.identity, entry.br, entry.gz].some(
      (l) => l !== null && l.size > site.options.streamOver,
    );
    // A document asked for again (or with a file to stream) is read whole and held; one asked for once is
    // answered from disk in the encoding asked for, and displaces nothing.
    if (!streamed && req.range === undefined && !site.admit(path)) return once(site, entry, req, isHead);
    const doc = site.buildSync(entry, 200, encodingOf(entry, gzippedOnTheFly(entry), req.acceptEncoding));
    doc.used = true;
    if (site.hot.add(doc)) {
      if (path !== key) site.hot.alias(key, doc);
      else aliasFolder(site, doc);
    }
    return answer(site, doc, req, isHead);
  } catch (e) {
    return failure(site, e as Error, isHead);
  }
}

/**
 * `301` to the request's path as `to` changes it (the raw path, still percent-encoded as the client sent it),
 * with the query (and anything after the path) kept.
 */
function redirectTo(target: string, to: (rawPath: string) => string): Reply {
  let end = target.indexOf("?");
  const hash = target.indexOf("#");
  if (end < 0 || (hash >= 0 && hash < end)) end = hash;
  if (end < 0) end = target.length;
  return redirectReply(`${to(target.slice(0, end))}${target.slice(end)}`);
}

const policies = new Map<string, readonly string[]>();

/**
 * The policy headers of a path not held, from a small cache keyed by what they depend on (media type, cache
 * class, disposition): documents not held are answered often, and most share one set.
 */
function policyOf(path: string, negotiated: boolean): readonly string[] {
  const disposition = dispositionOf(path);
  const key = `${mediaTypeOf(path)}|${cacheClassOf(path)}|${negotiated}|${disposition ?? ""}`;
  let headers = policies.get(key);
  if (headers === undefined) {
    if (policies.size >= 256) policies.clear();
    headers = flat(documentHeaders(path, negotiated));
    policies.set(key, headers);
  }
  return headers;
}

/**
 * One answer for a document not held: its manifest lines give the ETags, so a 304 reads no file (nor does a
 * HEAD, except of a body gzipped on the fly, whose length is known once it is compressed); a GET reads the
 * negotiated encoding's file straight into the response, verified against its SHA-256, or reads the identity,
 * verified, and gzips it.
 */
function once(site: Site, entry: Entry, req: Request, isHead: boolean): Reply {
  const path = `/${entry.identity.path}`;
  const onTheFly = gzippedOnTheFly(entry);
  const negotiated = entry.br !== null || entry.gz !== null || onTheFly;
  const encoding = encodingOf(entry, onTheFly, req.acceptEncoding);
  const base = etagOf(entry.identity.sha256);
  const etag = encodedEtag(base, encoding);
  if (req.ifNoneMatch !== undefined) {
    const tags = new Set([base]);
    if (entry.gz || onTheFly) tags.add(encodedEtag(base, "gzip"));
    if (entry.br) tags.add(encodedEtag(base, "br"));
    if (matchesTags(req.ifNoneMatch, tags))
      return makeReply(304, ["ETag", etag, ...validatorsOf(path, negotiated)], null, true);
  }
  const policy = policyOf(path, negotiated);
  if (onTheFly && encoding === "gzip") {
    const { gzip } = readAndGzip(site.root, entry.identity);
    const headers = variantHeaders(policy, gzip.length, 200, etag, encoding);
    return makeReply(200, headers, isHead ? null : gzip, true);
  }
  const line = (encoding === "br" ? entry.br : encoding === "gzip" ? entry.gz : null) ?? entry.identity;
  const headers = variantHeaders(policy, line.size, 200, etag, encoding);
  if (isHead) return makeReply(200, headers, null, true);
  return makeReply(200, headers, fileFiller(`${site.root}/${line.path}`, line.size, line.sha256), true);
}

function failure(site: Site, e: Error, isHead: boolean): Reply {
  const pair = e instanceof IntegrityError ? site.fixed.internalError : site.fixed.unavailable;
  site.onFailure?.(e);
  return isHead ? pair.head : pair.get;
}

/** The answer of a found document: 304, a range, HEAD, or the whole body (streamed when large). */
function answer(site: Site, doc: Document, req: Request, isHead: boolean): Reply | Promise<Answer> {
  const v = negotiate(doc, req.acceptEncoding);
  if (req.ifNoneMatch !== undefined && matchesTags(req.ifNoneMatch, doc.etags)) return v.notModified;
  if (req.range !== undefined && !isHead && (req.ifRange === undefined || req.ifRange === v.etag)) {
    const r = parseRange(req.range, v.size);
    if (r === "unsatisfiable") return rangeNotSatisfiable(v.size);
    if (r !== "ignore") {
      if (v.file !== null) return stream(site, v, partialReply(v, null, r), r[0], r[1], isHead);
      const whole = v.loaded ? v.get : loadVariant(site, doc, v);
      return whole.body === null ? whole : partialReply(v, whole.body, r);
    }
  }
  if (isHead) return v.head;
  if (v.file !== null) return stream(site, v, v.get, 0, v.size - 1, isHead);
  return v.loaded ? v.get : loadVariant(site, doc, v);
}

/**
 * An encoding of a held document asked for the first time: read it, and hold it too when the hot set has room
 * (else it answers this request only). A file that no longer matches the manifest gets the failure answer.
 */
function loadVariant(site: Site, doc: Document, v: Variant): Reply {
  try {
    const reply = v.load(true);
    if (!site.hot.grow(doc, v.wireBytes)) v.unload();
    return reply;
  } catch (e) {
    return failure(site, e as Error, false);
  }
}

function stream(
  site: Site,
  v: Variant,
  reply: Reply,
  start: number,
  end: number,
  isHead: boolean,
): Promise<Answer> {
  return site.openFile(v.file as NonNullable<Variant["file"]>).then(
    (handle): Answer => ({ reply, handle, start, end }),
    (e: Error) => failure(site, e, isHead),
  );
}
