import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { cacheControlOf, contentTypeOf, dispositionOf } from "./content-types.js";
import { type ErrorStatus, errorBody } from "./errors.js";
import { DateSlots, headOnly, makeReply, type Reply } from "./reply.js";

/** One encoding of a document, with every response it can give computed once at load. */
export interface Variant {
  encoding: "br" | "gzip" | null;
  /** The encoded bytes (a view into `get.wire`). */
  body: Buffer;
  etag: string;
  /** Flat [name, value, …] list of the 200 response's headers. */
  headers: readonly string[];
  get: Reply;
  head: Reply;
  notModified: Reply;
}

export interface Document {
  path: string;
  identity: Variant;
  gzip: Variant | null;
  br: Variant | null;
  /** ETags of every variant, for If-None-Match. */
  etags: Set<string>;
}

/** A reply for GET and its bodiless twin for HEAD. */
export interface ReplyPair {
  get: Reply;
  head: Reply;
}

/** Answers that do not depend on a document. */
export interface FixedReplies {
  badRequest: ReplyPair;
  methodNotAllowed: ReplyPair;
  uriTooLong: ReplyPair;
  headersTooLarge: ReplyPair;
  requestTimeout: ReplyPair;
  contentTooLarge: ReplyPair;
  unavailable: ReplyPair;
  preflight: Reply;
  health: ReplyPair;
}

/** The loaded output folder: URL path → document. Nothing outside it can ever be served. */
export interface Site {
  root: string;
  documents: Map<string, Document>;
  notFound: Document;
  fixed: FixedReplies;
  /** Content hash of the whole tree: changes whenever any document changes. */
  version: string;
  /** Bytes of bodies held in memory, all encodings. */
  bytes: number;
  /** Where the `Date` of every precomputed head sits, refreshed once a second by the raw server. */
  dates: DateSlots;
}

export const COMMON_HEADERS = [
  "Access-Control-Allow-Origin",
  "*",
  "Access-Control-Expose-Headers",
  "ETag, Content-Length, Content-Encoding, Content-Range, Accept-Ranges",
  "X-Content-Type-Options",
  "nosniff",
] as const;

export const ALLOW = "GET, HEAD, OPTIONS";

/**
 * Reads every file of `root` into memory with its `.br`/`.gz` siblings and precomputed responses.
 * @example const site = await loadSite("public"); site.documents.get("/api/v1/index.json");
 */
export async function loadSite(root: string): Promise<Site> {
  const files = await walk(root);
  const names = new Set(files);
  const documents = new Map<string, Document>();
  const dates = new DateSlots();
  const tree = createHash("sha256");
  let bytes = 0;
  const sources = files
    .sort()
    .filter((file) => !((file.endsWith(".br") || file.endsWith(".gz")) && names.has(file.slice(0, -3))));
  // Read with bounded concurrency, precomputing each document as it arrives: a reload runs beside live
  // traffic, so it must neither open thousands of files at once nor hold the event loop for long.
  const loaded = await mapLimit(sources, 16, async (file) => {
    const [body, br, gz] = await Promise.all([
      readFile(file),
      names.has(`${file}.br`) ? readFile(`${file}.br`) : null,
      names.has(`${file}.gz`) ? readFile(`${file}.gz`) : null,
    ]);
    const urlPath = `/${relative(root, file).split(sep).join("/")}`;
    bytes += body.length + (br?.length ?? 0) + (gz?.length ?? 0);
    return makeDocument(urlPath, 200, body, gz, br, dates);
  });
  for (const doc of loaded) {
    documents.set(doc.path, doc);
    tree.update(doc.path).update(doc.identity.etag);
  }
  addAliases(documents);
  const nf = documents.get("/404.json");
  const notFound = nf
    ? makeDocument("/404.json", 404, nf.identity.body, nf.gzip?.body ?? null, nf.br?.body ?? null, dates)
    : makeDocument("/404.json", 404, Buffer.from(errorBody(404)), null, null, dates);
  const version = tree.digest("hex").slice(0, 16);
  return { root, documents, notFound, fixed: fixedReplies(version, dates), version, bytes, dates };
}

/** `/api/v1` and `/api/v1/` answer with index.json; a folder with index.html answers with it. */
function addAliases(documents: Map<string, Document>): void {
  for (const [path, doc] of [...documents]) {
    if (path.endsWith("/index.json") || path.endsWith("/index.html")) {
      const dir = path.slice(0, path.lastIndexOf("/"));
      if (!documents.has(`${dir}/`)) documents.set(`${dir}/`, doc);
      if (dir && !documents.has(dir)) documents.set(dir, doc);
    }
  }
}

/**
 * Precomputes every response of one document: per encoding the 200 (GET and HEAD) and the 304.
 * @example const doc = makeDocument("/a.json", 200, Buffer.from("{}"), null, null, new DateSlots());
 */
export function makeDocument(
  path: string,
  status: number,
  body: Buffer,
  gz: Buffer | null,
  br: Buffer | null,
  dates: DateSlots = new DateSlots(),
): Document {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
  const type = contentTypeOf(path);
  const cache = status === 200 ? cacheControlOf(path) : "public, max-age=60";
  const disposition = status === 200 ? dispositionOf(path) : null;
  const negotiated = gz !== null || br !== null;
  const variant = (encoding: Variant["encoding"], data: Buffer, etag: string): Variant => {
    const headers = [
      "Content-Type",
      type,
      "Content-Length",
      String(data.length),
      "Cache-Control",
      cache,
      ...COMMON_HEADERS,
    ];
    const validators = ["ETag", etag, "Cache-Control", cache, ...COMMON_HEADERS];
    if (status === 200) headers.push("ETag", etag, "Accept-Ranges", "bytes");
    if (disposition) headers.push("Content-Disposition", disposition);
    if (negotiated) {
      headers.push("Vary", "Accept-Encoding");
      validators.push("Vary", "Accept-Encoding");
    }
    if (encoding) headers.push("Content-Encoding", encoding);
    const get = makeReply(status, headers, data, dates);
    return {
      encoding,
      body: get.body as Buffer,
      etag,
      headers,
      get,
      head: headOnly(get),
      notModified: makeReply(304, validators, null, dates),
    };
  };
  const identity = variant(null, body, `"${hash}"`);
  const gzip = gz ? variant("gzip", gz, `"${hash}-gz"`) : null;
  const brotli = br ? variant("br", br, `"${hash}-br"`) : null;
  const etags = new Set(
    [identity.etag, gzip?.etag, brotli?.etag].filter((e): e is string => e !== undefined),
  );
  return { path, identity, gzip, br: brotli, etags };
}

function errorPair(status: ErrorStatus, dates: DateSlots, extra: string[] = []): ReplyPair {
  const body = Buffer.from(errorBody(status));
  const headers = [
    "Content-Type",
    "application/json; charset=utf-8",
    "Content-Length",
    String(body.length),
    "Cache-Control",
    "no-store",
    ...COMMON_HEADERS,
    ...extra,
  ];
  const get = makeReply(status, headers, body, dates);
  return { get, head: headOnly(get) };
}

function fixedReplies(version: string, dates: DateSlots): FixedReplies {
  const healthBody = Buffer.from(JSON.stringify({ status: "ok", version }));
  const health = makeReply(
    200,
    [
      "Content-Type",
      "application/json; charset=utf-8",
      "Content-Length",
      String(healthBody.length),
      "Cache-Control",
      "no-store",
      ...COMMON_HEADERS,
    ],
    healthBody,
    dates,
  );
  return {
    badRequest: errorPair(400, dates),
    methodNotAllowed: errorPair(405, dates, ["Allow", ALLOW]),
    uriTooLong: errorPair(414, dates),
    headersTooLarge: errorPair(431, dates),
    requestTimeout: errorPair(408, dates),
    contentTooLarge: errorPair(413, dates),
    unavailable: errorPair(503, dates, ["Retry-After", "1"]),
    preflight: makeReply(
      204,
      [
        ...COMMON_HEADERS,
        "Access-Control-Allow-Methods",
        ALLOW,
        "Access-Control-Allow-Headers",
        "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Range, Range, Cache-Control",
        "Access-Control-Max-Age",
        "86400",
        "Allow",
        ALLOW,
        "Content-Length",
        "0",
      ],
      null,
      dates,
    ),
    health: { get: health, head: headOnly(health) },
  };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue; // temp folders of an atomic build, dotfiles
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}
