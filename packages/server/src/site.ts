import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { cacheControlOf, contentTypeOf } from "./content-types.js";
import { errorBody } from "./errors.js";

/** One encoding of a document, with everything a response needs computed once at load. */
export interface Variant {
  encoding: "br" | "gzip" | null;
  body: Buffer;
  etag: string;
  /** Flat [name, value, …] list for writeHead. */
  headers: string[];
}

export interface Document {
  path: string;
  identity: Variant;
  gzip: Variant | null;
  br: Variant | null;
  /** ETags of every variant, for If-None-Match. */
  etags: Set<string>;
}

/** The loaded output folder: URL path → document. Nothing outside it can ever be served. */
export interface Site {
  root: string;
  documents: Map<string, Document>;
  notFound: Document;
  /** Content hash of the whole tree: changes whenever any document changes. */
  version: string;
  bytes: number;
}

export const COMMON_HEADERS = [
  "Access-Control-Allow-Origin",
  "*",
  "Access-Control-Expose-Headers",
  "ETag, Content-Length, Content-Encoding",
  "X-Content-Type-Options",
  "nosniff",
] as const;

/**
 * Reads every file of `root` into memory with its `.br`/`.gz` siblings and precomputed headers.
 * @example const site = await loadSite("public");
 */
export async function loadSite(root: string): Promise<Site> {
  const files = await walk(root);
  const names = new Set(files);
  const documents = new Map<string, Document>();
  const tree = createHash("sha256");
  let bytes = 0;
  for (const file of files.sort()) {
    if (file.endsWith(".br") || file.endsWith(".gz")) {
      if (names.has(file.slice(0, -3))) continue; // a precompressed sibling, served with its document
    }
    const urlPath = `/${relative(root, file).split(sep).join("/")}`;
    const body = await readFile(file);
    const br = names.has(`${file}.br`) ? await readFile(`${file}.br`) : null;
    const gz = names.has(`${file}.gz`) ? await readFile(`${file}.gz`) : null;
    const doc = makeDocument(urlPath, 200, body, gz, br);
    documents.set(urlPath, doc);
    tree.update(urlPath).update(doc.identity.etag);
    bytes += body.length + (br?.length ?? 0) + (gz?.length ?? 0);
  }
  addAliases(documents);
  const nf = documents.get("/404.json");
  const notFound = nf
    ? makeDocument("/404.json", 404, nf.identity.body, nf.gzip?.body ?? null, nf.br?.body ?? null)
    : makeDocument("/404.json", 404, Buffer.from(errorBody(404)), null, null);
  return { root, documents, notFound, version: tree.digest("hex").slice(0, 16), bytes };
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

export function makeDocument(path: string, status: number, body: Buffer, gz: Buffer | null, br: Buffer | null): Document {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
  const type = contentTypeOf(path);
  const cache = status === 200 ? cacheControlOf(path) : "public, max-age=60";
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
    if (status === 200) headers.push("ETag", etag, "Accept-Ranges", "bytes");
    if (negotiated) headers.push("Vary", "Accept-Encoding");
    if (encoding) headers.push("Content-Encoding", encoding);
    return { encoding, body: data, etag, headers };
  };
  const identity = variant(null, body, `"${hash}"`);
  const gzip = gz ? variant("gzip", gz, `"${hash}-gz"`) : null;
  const brotli = br ? variant("br", br, `"${hash}-br"`) : null;
  const etags = new Set([identity.etag, gzip?.etag, brotli?.etag].filter((e): e is string => e !== undefined));
  return { path, identity, gzip, br: brotli, etags };
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
