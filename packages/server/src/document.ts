import { documentHeaders } from "./policy.js";
import { type Filler, flat, headOnly, makeReply, type Reply } from "./reply.js";

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

/**
 * One encoding of a document, with its 200 response computed once — when it is first needed: a document's
 * encodings are read one by one, as clients ask for them (most ask for br, and never get the identity or gzip
 * bytes held for them). The HEAD and 304 responses are made on first use and kept.
 */
export class Variant {
  #get: Reply | null;
  #source: Filler | null;
  #head: Reply | null = null;
  #notModified: Reply | null = null;

  constructor(
    readonly encoding: "br" | "gzip" | null,
    /** Length of the encoded body. */
    readonly size: number,
    /** Set when the body is streamed from disk rather than held. */
    readonly file: FileRef | null,
    readonly etag: string,
    /** Flat [name, value, …] list of the 200 response's headers. */
    readonly headers: readonly string[],
    /** The 200 response when it is built (always for a streamed file: its head); null until `load`. */
    get: Reply | null,
    /** Headers of the 304 besides ETag (shared by the document's variants). */
    private readonly validators: readonly string[],
    readonly status: number,
    /** Reads the body into its response, checked against the manifest; null when `get` is given. */
    source: Filler | null,
  ) {
    this.#get = get;
    this.#source = get === null ? source : null;
  }

  /** True when the 200 response is built (or the body is streamed). */
  get loaded(): boolean {
    return this.#get !== null;
  }

  /** The 200 response; `load` it first when it is not `loaded`. */
  get get(): Reply {
    if (this.#get === null) throw new Error(`the ${this.encoding ?? "identity"} variant is not loaded`);
    return this.#get;
  }

  /** The encoded bytes held (a view into `get.wire`), or null when not loaded or streamed. */
  get body(): Buffer | null {
    return this.#get?.body ?? null;
  }

  /**
   * Reads the body (synchronously: small, page-cached files) and builds the 200 response, checked against the
   * manifest (`IntegrityError` otherwise). With `keep`, it is held from now on; else it is built for one answer.
   */
  load(keep: boolean): Reply {
    if (this.#get !== null) return this.#get;
    const reply = makeReply(this.status, this.headers, this.#source);
    if (keep) this.#get = reply;
    return reply;
  }

  /** Lets go of the 200 response (it could not be held): the next request reads the body again. */
  unload(): void {
    if (this.#source !== null) {
      this.#get = null;
      this.#head = null;
    }
  }

  /** Bytes the 200 response holds once loaded. */
  get wireBytes(): number {
    return this.#get ? this.#get.wire.length + (this.#get.tail?.length ?? 0) : 0;
  }

  get head(): Reply {
    this.#head ??= this.#get ? headOnly(this.#get) : makeReply(this.status, this.headers, null);
    return this.#head;
  }

  get notModified(): Reply {
    this.#notModified ??= makeReply(304, ["ETag", this.etag, ...this.validators], null);
    return this.#notModified;
  }
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

/** A body held in memory, one to read into its response (`Filler`), or a file streamed from disk. */
export type Body = Buffer | Filler | FileRef;

/** What a document is made of: its identity body, the optional siblings, and the identity's SHA-256 (hex). */
export interface DocumentParts {
  identity: Body;
  gzip: Body | null;
  br: Body | null;
  sha256: string;
}

/**
 * Memory a document and each of its variants cost beyond their buffers (objects, header lists, views),
 * measured with the sample (docs/server.md, "Memory"), so that the hot set's budget is what the heap holds.
 */
const OVERHEAD = 1024;
const VARIANT_OVERHEAD = 1024;

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

/** True when a body is a file streamed from disk. */
export function isFile(body: Body): body is FileRef {
  return !Buffer.isBuffer(body) && (body as FileRef).sha256 !== undefined;
}

/** Headers of a 304 for `path`: the policy's, less those that describe a body. */
export function validatorsOf(path: string, negotiated: boolean, status = 200): string[] {
  return flat(
    documentHeaders(path, negotiated, status).filter(
      ([name]) => name !== "Content-Type" && name !== "Accept-Ranges" && name !== "Content-Disposition",
    ),
  );
}

/** The flat header list of one encoding's 200 (or 404) answer: length, the policy's headers, ETag, encoding. */
export function variantHeaders(
  policy: readonly string[],
  size: number,
  status: number,
  etag: string,
  encoding: Variant["encoding"],
): string[] {
  const headers = ["Content-Length", String(size), ...policy];
  if (status === 200) headers.push("ETag", etag);
  if (encoding) headers.push("Content-Encoding", encoding);
  return headers;
}

/** ETag of an encoding, from the identity's (see `etagOf`). */
export function encodedEtag(base: string, encoding: Variant["encoding"]): string {
  return encoding === null ? base : `${base.slice(0, -1)}-${encoding === "gzip" ? "gz" : "br"}"`;
}

/**
 * Precomputes the responses of one document: per encoding the 200 (GET and HEAD) and the 304, with the header
 * policy of `policy.ts`. `status` is 200, or 404 for the not-found bodies. Bodies given as buffers are held at
 * once; bodies to read (`Filler`) are read now only for the encodings `now` names (all when omitted), the others
 * when first asked for (`Variant.load`).
 * @example const doc = makeDocument("/a.json", 200, { identity: Buffer.from("{}"), gzip: null, br: null, sha256 });
 */
export function makeDocument(
  path: string,
  status: number,
  parts: DocumentParts,
  now?: ReadonlySet<Variant["encoding"]>,
): Document {
  const negotiated = parts.gzip !== null || parts.br !== null;
  const policy = flat(documentHeaders(path, negotiated, status));
  const validators = validatorsOf(path, negotiated, status);
  const base = etagOf(parts.sha256);
  let cost = OVERHEAD;
  const variant = (encoding: Variant["encoding"], body: Body, etag: string): Variant => {
    const size = sizeOf(body);
    const headers = variantHeaders(policy, size, status, etag, encoding);
    const file = isFile(body) ? body : null;
    const source = file === null && !Buffer.isBuffer(body) ? (body as Filler) : null;
    let get: Reply | null = null;
    if (file !== null) {
      get = makeReply(status, headers, null); // the head; the body is streamed
    } else if (source === null || now === undefined || now.has(encoding)) {
      get = makeReply(status, headers, source ?? (body as Buffer));
    }
    const v = new Variant(encoding, size, file, etag, headers, get, validators, status, source);
    cost += VARIANT_OVERHEAD + v.wireBytes;
    return v;
  };
  const identity = variant(null, parts.identity, base);
  const gzip = parts.gzip ? variant("gzip", parts.gzip, encodedEtag(base, "gzip")) : null;
  const br = parts.br ? variant("br", parts.br, encodedEtag(base, "br")) : null;
  const etags = new Set([identity.etag]);
  if (gzip) etags.add(gzip.etag);
  if (br) etags.add(br.etag);
  return { path, identity, gzip, br, etags, cost, used: false, pinned: false, held: false, keys: [path] };
}
