import { documentHeaders } from "./policy.js";
import { flat, headOnly, makeReply, type Reply } from "./reply.js";

/** A file on disk served by streaming (too large to hold), checked against its manifest hash before use. */
export interface FileRef {
  /** Absolute path inside the release folder. */
  path: string;
  size: number;
  /** SHA-256 (hex) from the manifest. */
  sha256: string;
  /** Identity of the file (device, inode, size, mtime) once its content was hashed and matched; else null. */
  verified: string | null;
}

/** One encoding of a document, with every response it can give computed once. */
export interface Variant {
  encoding: "br" | "gzip" | null;
  /** Length of the encoded body. */
  size: number;
  /** The encoded bytes (a view into `get.wire`), or null when the body is streamed from `file`. */
  body: Buffer | null;
  /** Set when the body is streamed from disk rather than held. */
  file: FileRef | null;
  etag: string;
  /** Flat [name, value, …] list of the 200 response's headers. */
  headers: readonly string[];
  get: Reply;
  head: Reply;
  notModified: Reply;
}

/** A document with its encodings; `used` and `cost` serve the hot set's eviction (`hot-set.ts`). */
export interface Document {
  path: string;
  identity: Variant;
  gzip: Variant | null;
  br: Variant | null;
  /** ETags of every variant, for If-None-Match. */
  etags: Set<string>;
  /** Bytes this document holds in memory (bodies, heads, bookkeeping). */
  cost: number;
  /** Set on every use; cleared by the eviction hand. */
  used: boolean;
  /** Never evicted (the 404 bodies). */
  pinned: boolean;
  /** In a hot set now. */
  held: boolean;
  /** Keys under which the hot set holds it (its path and its folder aliases). */
  keys: string[];
}

/** A body held in memory, or a file streamed from disk. */
export type Body = Buffer | FileRef;

/** What a document is made of: its identity body, the optional siblings, and the identity's SHA-256 (hex). */
export interface DocumentParts {
  identity: Body;
  gzip: Body | null;
  br: Body | null;
  sha256: string;
}

/** Memory a document costs beyond its buffers: objects, header lists, the 304 replies. */
const OVERHEAD = 1024;

/**
 * The strong ETag of a document's identity: the first 22 base64url characters of its SHA-256; the encoded
 * variants add `-gz` / `-br` (they are other representations, so they get other strong tags).
 * @example etagOf("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"); // '"47DEQpj8HBSa-_TImW-5JC"'
 */
export function etagOf(sha256: string): string {
  return `"${Buffer.from(sha256.slice(0, 34), "hex").toString("base64url").slice(0, 22)}"`;
}

function sizeOf(body: Body): number {
  return Buffer.isBuffer(body) ? body.length : body.size;
}

/**
 * Precomputes every response of one document: per encoding the 200 (GET and HEAD) and the 304, with the
 * header policy of `policy.ts`. `status` is 200, or 404 for the not-found bodies.
 * @example const doc = makeDocument("/a.json", 200, { identity: Buffer.from("{}"), gzip: null, br: null, sha256 });
 */
export function makeDocument(path: string, status: number, parts: DocumentParts): Document {
  const negotiated = parts.gzip !== null || parts.br !== null;
  const policy = flat(documentHeaders(path, negotiated, status));
  const validators = flat(
    documentHeaders(path, negotiated, status).filter(
      ([name]) => name !== "Content-Type" && name !== "Accept-Ranges" && name !== "Content-Disposition",
    ),
  );
  const base = etagOf(parts.sha256);
  let cost = OVERHEAD;
  const variant = (encoding: Variant["encoding"], body: Body, etag: string): Variant => {
    const size = sizeOf(body);
    const headers = ["Content-Length", String(size), ...policy];
    if (status === 200) headers.push("ETag", etag);
    if (encoding) headers.push("Content-Encoding", encoding);
    const held = Buffer.isBuffer(body) ? body : null;
    const get = makeReply(status, headers, held);
    if (held === null) get.body = null;
    const notModified = makeReply(304, ["ETag", etag, ...validators], null);
    cost += get.wire.length + (get.tail?.length ?? 0) + notModified.wire.length;
    return {
      encoding,
      size,
      body: get.body,
      file: held === null ? (body as FileRef) : null,
      etag,
      headers,
      get,
      head: headOnly(get),
      notModified,
    };
  };
  const identity = variant(null, parts.identity, base);
  const gzip = parts.gzip ? variant("gzip", parts.gzip, `${base.slice(0, -1)}-gz"`) : null;
  const br = parts.br ? variant("br", parts.br, `${base.slice(0, -1)}-br"`) : null;
  const etags = new Set([identity.etag]);
  if (gzip) etags.add(gzip.etag);
  if (br) etags.add(br.etag);
  return { path, identity, gzip, br, etags, cost, used: false, pinned: false, held: false, keys: [path] };
}
