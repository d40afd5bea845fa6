import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody } from "./errors.js";
import { COMMON_HEADERS, type Document, type Site, type Variant } from "./site.js";

const MAX_PATH = 2048;
const ALLOW = "GET, HEAD, OPTIONS";

function fixed(status: number, extra: string[] = []): { body: Buffer; headers: string[] } {
  const body = Buffer.from(errorBody(status as 400));
  return {
    body,
    headers: [
      "Content-Type",
      "application/json; charset=utf-8",
      "Content-Length",
      String(body.length),
      "Cache-Control",
      "no-store",
      ...COMMON_HEADERS,
      ...extra,
    ],
  };
}

const BAD_REQUEST = fixed(400);
const URI_TOO_LONG = fixed(414);
const METHOD_NOT_ALLOWED = fixed(405, ["Allow", ALLOW]);
const PREFLIGHT = [
  ...COMMON_HEADERS,
  "Access-Control-Allow-Methods",
  ALLOW,
  "Access-Control-Allow-Headers",
  "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, Range, Cache-Control",
  "Access-Control-Max-Age",
  "86400",
  "Allow",
  ALLOW,
  "Content-Length",
  "0",
];

/**
 * Resolves a request target to a document key. Only exact keys of the loaded tree are served, so no
 * spelling of `..`, encoded slashes or NUL bytes can reach outside it. Returns null for a malformed target.
 */
export function lookupKey(url: string): string | null {
  let end = url.indexOf("?");
  if (end < 0) end = url.length;
  const hash = url.indexOf("#");
  if (hash >= 0 && hash < end) end = hash;
  const raw = end === url.length ? url : url.slice(0, end);
  if (raw.charCodeAt(0) !== 47 /* / */) return null;
  if (raw.indexOf("%") < 0) return raw;
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes("\0") ? null : decoded;
  } catch {
    return null;
  }
}

/** Picks the smallest encoding the client accepts: br, then gzip, then identity. */
export function negotiate(doc: Document, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding) return doc.identity;
  if (doc.br && accepts(acceptEncoding, "br")) return doc.br;
  if (doc.gzip && accepts(acceptEncoding, "gzip")) return doc.gzip;
  return doc.identity;
}

function accepts(header: string, coding: string): boolean {
  const at = header.indexOf(coding);
  if (at < 0) return false;
  // Reject "br;q=0" (explicitly refused) while accepting "br", "br;q=1", "gzip, br".
  const rest = header.slice(at + coding.length, header.indexOf(",", at) < 0 ? undefined : header.indexOf(",", at));
  return !/;\s*q\s*=\s*0(?:\.0*)?\s*$/.test(rest);
}

function matches(ifNoneMatch: string, doc: Document): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  for (const tag of ifNoneMatch.split(",")) {
    const t = tag.trim();
    if (doc.etags.has(t.startsWith("W/") ? t.slice(2) : t)) return true;
  }
  return false;
}

/** Answers one request from the loaded site. Never throws; never touches the filesystem. */
export function handle(site: Site, req: IncomingMessage, res: ServerResponse): void {
  const method = req.method;
  const url = req.url ?? "/";
  if (url.length > MAX_PATH) return send(res, 414, URI_TOO_LONG.headers, URI_TOO_LONG.body, method === "HEAD");
  if (method === "OPTIONS") {
    res.writeHead(204, PREFLIGHT);
    res.end();
    return;
  }
  if (method !== "GET" && method !== "HEAD") {
    return send(res, 405, METHOD_NOT_ALLOWED.headers, METHOD_NOT_ALLOWED.body, false);
  }
  const key = lookupKey(url);
  if (key === null) return send(res, 400, BAD_REQUEST.headers, BAD_REQUEST.body, method === "HEAD");
  const doc = site.documents.get(key);
  if (!doc) {
    const v = negotiate(site.notFound, req.headers["accept-encoding"]);
    return send(res, 404, v.headers, v.body, method === "HEAD");
  }
  const v = negotiate(doc, req.headers["accept-encoding"]);
  const inm = req.headers["if-none-match"];
  if (inm !== undefined && matches(inm, doc)) {
    res.writeHead(304, ["ETag", v.etag, "Cache-Control", v.headers[5] as string, "Vary", "Accept-Encoding", ...COMMON_HEADERS]);
    res.end();
    return;
  }
  send(res, 200, v.headers, v.body, method === "HEAD");
}

function send(res: ServerResponse, status: number, headers: string[], body: Buffer, head: boolean): void {
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}
