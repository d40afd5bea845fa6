import { statSync } from "node:fs";
import { type FileHandle, open, realpath } from "node:fs/promises";
import { join } from "node:path";
import { type Body, type Document, type FileRef, isFile, makeDocument, type Variant } from "./document.js";
import { fileFiller, Gate, IntegrityError, openVerified } from "./files.js";
import { type FixedReplies, fixedReplies } from "./fixed.js";
import { gzippedOnTheFly, readAndGzip } from "./gzip-on-the-fly.js";
import { HotSet } from "./hot-set.js";
import {
  type Entry,
  MANIFEST_NAME,
  ManifestError,
  type ManifestLine,
  readLinesAtSync,
  readManifest,
} from "./manifest.js";
import { Suggestions, SuggestionsBuilder, stateCodes } from "./suggest.js";
import { HAS_BR, HAS_GZ, hashKey, TreeIndex } from "./tree-index.js";

/** How a folder is loaded. Every field has a default. */
export interface SiteOptions {
  /** Bytes of documents held in memory with precomputed responses (default 16 MiB). */
  hotBytes?: number;
  /** Encodings larger than this are streamed from disk, never held (default 1 MiB). */
  streamOver?: number;
  /**
   * Check that every listed file exists with its size (default true). A cluster's primary checks once and
   * its workers skip it.
   */
  checkFiles?: boolean;
  /** Files open at once for loading and checking (default 64). */
  openFiles?: number;
}

export const DEFAULT_SITE_OPTIONS: Required<SiteOptions> = {
  hotBytes: 16 * 1024 * 1024,
  streamOver: 1024 * 1024,
  checkFiles: true,
  openFiles: 64,
};

/** Documents a build must contain to be served. */
export const REQUIRED_DOCUMENTS = ["/api/v1/index.json", "/api/openapi.json", "/404.json"] as const;

/**
 * A loaded output folder: a compact index of every listed document, a byte-budgeted set of hot documents
 * with precomputed responses, and everything needed to load the others on demand, verified against the
 * manifest. Nothing outside the manifest can ever be served.
 */
export class Site {
  readonly hot: HotSet;
  readonly fixed: FixedReplies;
  #seen = new Set<string>();

  constructor(
    /** The release folder actually read (the served path with its symlinks resolved, once). */
    readonly root: string,
    /** The trailer digest's first 16 hex digits: changes whenever any file changes. */
    readonly version: string,
    readonly index: TreeIndex,
    readonly manifest: FileHandle,
    readonly gate: Gate,
    readonly options: Required<SiteOptions>,
    /** Files listed in the manifest, siblings included, and their total size. */
    readonly files: number,
    readonly bytes: number,
  ) {
    this.hot = new HotSet(options.hotBytes);
    this.fixed = fixedReplies(version);
  }

  /** The JSON 404 document (always present, pinned). */
  notFound!: Document;
  /** The HTML 404 page, when the build has one. */
  notFoundHtml: Document | null = null;
  /** The nearest listed document to an API path that is not (the 404's `suggestion`), built at load. */
  suggestions: Suggestions = Suggestions.none;
  /** Told when a file cannot be served intact (changed on disk) or cannot be read (the server reloads). */
  onFailure: ((error: Error) => void) | null = null;

  /** Documents listed (a document and its `.br`/`.gz` siblings count once). */
  get documents(): number {
    return this.index.count;
  }

  /**
   * True when the manifest lists `key` (a URL path). Trusts the 64-bit path hash: used to choose between a
   * redirect and a 404, never to serve bytes (`load` confirms the path).
   */
  has(key: string): boolean {
    const h = hashKey(key, 1);
    return this.index.find(h.lo, h.hi) >= 0;
  }

  /**
   * The document at `key` (a URL path), from the hot set or read from disk and verified against the manifest
   * (and then held when it fits); null when the manifest does not list it. Throws `IntegrityError` when its
   * bytes on disk differ.
   */
  load(key: string): Document | null {
    const hot = this.hot.map.get(key);
    if (hot) return hot;
    const entry = this.entry(key.slice(1));
    if (!entry) return null;
    const doc = this.buildSync(entry);
    this.hot.add(doc);
    return doc;
  }

  /**
   * Doorkeeper of the hot set: true when `path` was missed recently (a second request), so that documents
   * asked for once (a crawler's sweep) are answered from disk without displacing what is in use. The memory
   * of misses is cleared when it holds as many paths as the hot set holds documents.
   */
  admit(path: string): boolean {
    if (this.#seen.delete(path)) return true;
    if (this.#seen.size >= Math.max(1024, this.hot.size)) this.#seen.clear();
    this.#seen.add(path);
    return false;
  }

  /** Opens a streamed file, verified (see `openVerified`), within the open-files bound. */
  openFile(ref: FileRef): Promise<FileHandle> {
    return this.gate.run(() => openVerified(ref));
  }

  /**
   * Called when another site replaces this one. Its manifest closes a minute later: lookups are synchronous,
   * so only a request parsed just before the swap can still need it.
   */
  retire(): void {
    const manifest = this.manifest; // not `this`: the timer must not keep the old documents alive
    setTimeout(() => void manifest.close().catch(() => {}), 60_000).unref();
    this.hot.clear();
  }

  /** Releases the manifest at once (the server is closed: no request can still need it). */
  async close(): Promise<void> {
    this.hot.clear();
    await this.manifest.close().catch(() => {});
  }

  /** A document's manifest lines, by its manifest path (no leading slash); null when not listed. */
  entry(path: string): Entry | null {
    const { lo, hi } = hashKey(path, 0);
    for (let slot = this.index.find(lo, hi); slot >= 0; slot = this.index.find(lo, hi, slot)) {
      const flags = this.index.flags(slot);
      const lines = readLinesAtSync(this.manifest.fd, this.index.line(slot), path);
      const identity = lines[0];
      if (identity?.path !== path) continue;
      const br = flags & HAS_BR ? (lines.find((l) => l.path === `${path}.br`) ?? null) : null;
      const gz = flags & HAS_GZ ? (lines.find((l) => l.path === `${path}.gz`) ?? null) : null;
      return { identity, br, gz };
    }
    return null;
  }

  /**
   * The same as `build`, reading synchronously straight into the responses: for the preload, where files are
   * small and mostly in the page cache, and the loop yields between batches.
   */
  buildSync(entry: Entry, status = 200, encoding?: Variant["encoding"]): Document {
    const body = (line: ManifestLine | null): Body | null => {
      if (line === null) return null;
      const path = `${this.root}/${line.path}`; // a safe relative path (manifest.ts safePath)
      if (line.size > this.options.streamOver)
        return { path, size: line.size, sha256: line.sha256, verified: null };
      return fileFiller(path, line.size, line.sha256);
    };
    const onTheFly = gzippedOnTheFly(entry);
    // One encoding read now (the one asked for, else the one most clients take); the others when asked for.
    // The 404 bodies are answered in every encoding from the start.
    const now =
      status !== 200
        ? undefined
        : new Set([
            encoding !== undefined ? encoding : entry.br ? "br" : entry.gz || onTheFly ? "gzip" : null,
          ] as const);
    let identity = body(entry.identity) as Body;
    let gzip: Body | null = body(entry.gz);
    if (onTheFly) {
      // No sibling: the identity is read (verified) and gzipped once, here; the gzip body is held with the
      // document (counted in its cost), the identity too when it was asked for (else read again when it is).
      const read = readAndGzip(this.root, entry.identity);
      gzip = read.gzip;
      if (!isFile(identity) && (now === undefined || now.has(null))) identity = read.identity;
    }
    return makeDocument(
      `/${entry.identity.path}`,
      status,
      { identity, gzip, br: body(entry.br), sha256: entry.identity.sha256 },
      now,
    );
  }
}

/**
 * Preload classes, most wanted first: 0, entry points and small top-level files (the API index and its
 * lists, OpenAPI, home page, assets, feeds); 1, the lists below them (cities of a state, clinics of a city,
 * networks, search) and the state and city pages; 2, everything else (a document or page per clinic), held
 * only once asked for twice (never preloaded: the long tail).
 */
export function classOf(path: string): 0 | 1 | 2 {
  if (!path.includes("/") || path.startsWith("assets/") || path === "api/openapi.json") return 0;
  if (path.startsWith("api/v1/")) {
    if (path.indexOf("/", 7) < 0) return 0;
    return path.startsWith("api/v1/clinic/") ? 2 : 1;
  }
  if (path.startsWith("api/")) return 1;
  return path.endsWith("/index.html") && path.split("/").length <= 4 ? 1 : 2;
}

const HEAD_COST = 3 * 1024;

/**
 * Loads an output folder for serving. The path is resolved once (a `public` symlink to a release is read
 * from its target, so a swap during the load cannot mix two builds); `files.tsv` is read streamed and checked
 * (format, order, trailer); every listed file is checked to exist with its size (bounded concurrency); then
 * the hot set is filled, most wanted documents first, each file verified against its SHA-256. Throws, naming
 * the problems, when the folder does not match its manifest.
 * @example const site = await loadSite("public"); site.hot.map.get("/api/v1/index.json");
 */
export async function loadSite(dir: string, options: SiteOptions = {}): Promise<Site> {
  const opts = { ...DEFAULT_SITE_OPTIONS, ...options };
  const root = await realpath(dir);
  const manifest = await openManifest(dir, root);
  try {
    const gate = new Gate(opts.openFiles);
    const size = (await manifest.stat()).size;
    const index = new TreeIndex(Math.ceil(size / 300), size > 0xffffffff);
    const classes: Entry[][] = [[], [], []];
    const planned: [number, number, number] = [0, 0, 0];
    const byPath = new Map<string, Entry>();
    const problems: string[] = [];
    const checker = opts.checkFiles ? fileChecker(root, opts.openFiles, problems) : null;
    const names = new SuggestionsBuilder();
    const check = (line: ManifestLine) => checker?.check(line);
    const summary = await readManifest(manifest, (line) => {
      const sibling = line.path.endsWith(".br") ? HAS_BR : line.path.endsWith(".gz") ? HAS_GZ : 0;
      if (sibling !== 0) {
        const base = line.path.slice(0, -3);
        const { lo, hi } = hashKey(base, 0);
        const slot = index.find(lo, hi);
        if (slot >= 0) {
          index.addFlags(slot, sibling);
          const entry = byPath.get(base);
          if (entry) {
            if (sibling === HAS_BR) entry.br = line;
            else entry.gz = line;
            if (line.size <= opts.streamOver) planned[classOf(base)] += line.size;
          }
          return check(line);
        }
      }
      const { lo, hi } = hashKey(line.path, 0);
      index.insert(lo, hi, line.offset, 0);
      names.add(line.path);
      const cls = classOf(line.path);
      const wanted =
        line.path === "404.json" ||
        line.path === "404.html" ||
        REQUIRED_DOCUMENTS.includes(`/${line.path}` as never);
      // The documents of one clinic each (class 2) are the long tail: held when asked for twice, never up front.
      if (wanted || (cls < 2 && planned[cls] < opts.hotBytes)) {
        const entry: Entry = { identity: line, br: null, gz: null };
        (classes[cls] as Entry[]).push(entry);
        byPath.set(line.path, entry);
        planned[cls] += HEAD_COST + (line.size <= opts.streamOver ? line.size : 0);
      }
      return check(line);
    });
    await checker?.done();
    if (problems.length > 0)
      throw new ManifestError(
        `${problems.length} file(s) do not match ${MANIFEST_NAME}: ${problems.slice(0, 5).join("; ")}`,
      );
    const site = new Site(
      root,
      summary.digest.slice(0, 16),
      index,
      manifest,
      gate,
      opts,
      summary.files,
      summary.bytes,
    );
    for (const path of REQUIRED_DOCUMENTS)
      if (!byPath.has(path.slice(1))) problems.push(`missing ${path.slice(1)}`);
    if (problems.length > 0) throw new ManifestError(`not a complete build: ${problems.join("; ")}`);
    await preload(site, classes, byPath);
    site.suggestions = names.done(stateCodes(readSmall(site, "/api/v1/states.json")));
    return site;
  } catch (e) {
    await manifest.close().catch(() => {});
    throw e;
  }
}

/**
 * Checks each listed file's existence and size, collecting problems. `check` returns a promise when the
 * caller should yield.
 */
function fileChecker(root: string, _limit: number, problems: string[]) {
  let checked = 0;
  return {
    check(line: ManifestLine): Promise<void> | undefined {
      // Synchronous: a stat of a listed file is a few microseconds (no disk read but the directory's), far less
      // than a promise round trip; the reading yields every 2,000 files so a reload never holds the loop long.
      try {
        const st = statSync(`${root}/${line.path}`);
        if (!st.isFile()) problems.push(`${line.path}: not a file`);
        else if (st.size !== line.size)
          problems.push(`${line.path}: ${st.size} bytes, the manifest says ${line.size}`);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        problems.push(`${line.path}: ${err.code === "ENOENT" ? "missing" : err.message}`);
      }
      return ++checked % 64 === 0 ? pause() : undefined;
    },
    done: () => Promise.resolve(),
  };
}

/** What `checkTree` found: the release folder that was checked and its version. */
export interface CheckedTree {
  root: string;
  version: string;
  files: number;
  bytes: number;
}

/**
 * Checks a folder against its manifest without loading it: resolves the path once, reads `files.tsv`
 * (format, order, trailer) and checks every listed file's existence and size. A cluster's primary runs it
 * before telling its workers to load the release it names. Throws `ManifestError` naming the problems.
 * @example const { root, version } = await checkTree("public");
 */
export async function checkTree(
  dir: string,
  openFiles = DEFAULT_SITE_OPTIONS.openFiles,
): Promise<CheckedTree> {
  const root = await realpath(dir);
  const manifest = await openManifest(dir, root);
  try {
    const problems: string[] = [];
    const checker = fileChecker(root, openFiles, problems);
    const required = new Set<string>(REQUIRED_DOCUMENTS.map((p) => p.slice(1)));
    const summary = await readManifest(manifest, (line) => {
      required.delete(line.path);
      return checker.check(line);
    });
    await checker.done();
    for (const path of required) problems.push(`missing ${path}`);
    if (problems.length > 0)
      throw new ManifestError(
        `${problems.length} problem(s) against ${MANIFEST_NAME}: ${problems.slice(0, 5).join("; ")}`,
      );
    return { root, version: summary.digest.slice(0, 16), files: summary.files, bytes: summary.bytes };
  } finally {
    await manifest.close().catch(() => {});
  }
}

/** Fills the hot set: the 404 bodies (pinned), then each class in manifest order while the budget lasts. */
async function preload(site: Site, classes: Entry[][], byPath: Map<string, Entry>): Promise<void> {
  const json = byPath.get("404.json") as Entry;
  const nf = site.buildSync(json, 404);
  nf.pinned = true;
  site.notFound = nf;
  site.hot.add(nf);
  const html = byPath.get("404.html");
  if (html) {
    site.notFoundHtml = site.buildSync(html, 404);
    site.notFoundHtml.pinned = true;
    site.hot.add(site.notFoundHtml);
  }
  // The 404 documents are answers, not documents: /404.json itself is served as a 200 like any file.
  site.hot.map.delete("/404.json");
  site.hot.map.delete("/404.html");
  let built = 0;
  fill: for (const list of classes) {
    for (const entry of list) {
      const doc = site.buildSync(entry);
      if (!site.hot.fits(doc.cost)) break fill;
      site.hot.add(doc);
      aliasFolder(site, doc);
      // Yield now and then: a reload runs beside live traffic.
      if (++built % 16 === 0) await pause();
    }
  }
  for (const path of REQUIRED_DOCUMENTS) {
    if (!path.endsWith(".json")) continue;
    const body = site.load(path)?.identity.load(false).body;
    try {
      if (body) JSON.parse(body.toString("utf8"));
    } catch {
      throw new IntegrityError(`${path.slice(1)} is not valid JSON`);
    }
  }
}

/** The bytes of a small listed document (read and checked, not held), or null. */
function readSmall(site: Site, path: string): Buffer | null {
  try {
    return site.load(path)?.identity.load(false).body ?? null;
  } catch {
    return null;
  }
}

let lastPause = Date.now();

/**
 * Lets the event loop run when the current stretch of loading work has taken 4 ms or more: a reload reads
 * and checks beside live traffic, and must not hold requests for long.
 */
export function pause(): Promise<void> | undefined {
  const now = Date.now();
  if (now - lastPause < 4) return undefined;
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      lastPause = Date.now();
      resolve();
    }),
  );
}

/** `…/index.html` also answers `…/`; `…/index.json` answers `…/` and `…` (the API's `/api/v1`). */
export function aliasFolder(site: Site, doc: Document): void {
  const path = doc.path;
  if (!path.endsWith("/index.html") && !path.endsWith("/index.json")) return;
  const folder = path.slice(0, path.lastIndexOf("/") + 1);
  const html = path.endsWith(".html");
  if (!html && site.hot.map.get(folder)?.path.endsWith("/index.html")) return;
  site.hot.alias(folder, doc);
  if (!html && folder.length > 1) site.hot.alias(folder.slice(0, -1), doc);
}

/** The manifest of the release at `root` (the resolved `dir`), or a ManifestError naming `dir`. */
async function openManifest(dir: string, root: string): Promise<FileHandle> {
  try {
    return await open(join(root, MANIFEST_NAME), "r");
  } catch (e) {
    throw new ManifestError(`${dir}: no readable ${MANIFEST_NAME} (${(e as NodeJS.ErrnoException).code})`);
  }
}
