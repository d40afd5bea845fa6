import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { link, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { manifestLine, TREE_MANIFEST, type TreeFile } from "../../tree/manifest.js";
import type { TreeStart } from "../../tree/start.js";
import { collectGarbage } from "../../util/collect-garbage.js";
import { brotliQuality, type Compression, gzipLevel, hasSiblings } from "./compress.js";
import { type Computed, type ComputeJob, ComputePool, type ComputeResult } from "./compute-pool.js";
import { FsThread } from "./fs-thread.js";
import { type MergeRules, mergeManifest, sameLine } from "./manifest-merge.js";
import type { PreviousTree } from "./previous.js";
import { sortedLines } from "./sort-lines.js";

export type { PreviousTree } from "./previous.js";

export interface WriterOptions {
  compression: Compression;
  /** The release being replaced: files of its equal to a rendered one are kept, not written again. */
  previous?: PreviousTree | null;
  /**
   * The render carries the previous release's unchanged units: their files stay in the new release without being
   * named (`remove` names those that go). False: only what is written or `keep`-ed stays.
   */
  carryUnits?: boolean;
  /** Whether a file (no `.br`/`.gz`) belongs to a unit: what `carryUnits` carries (`src/render/units/registry.ts`). */
  isUnitFile?: (path: string) => boolean;
  /** How the folder starts: empty (the default), or a recycled tree of an earlier release (`src/release`). */
  start?: TreeStart;
  /** Where to list the paths this release changed (written or gone), for later releases that recycle its tree. */
  delta?: string | null;
}

/** What a build wrote. */
export interface WriteResult {
  /** Files of the release, compressed siblings included (the manifest excluded). */
  files: number;
  /** Of those, files of the previous release it kept (carried units, files rendered to the same bytes). */
  reused: number;
  bytes: { raw: number; gzip: number; brotli: number };
  /** Files whose bytes this build wrote (the others are the previous release's, or `-latest` aliases). */
  written: { files: number; bytes: number };
  /** Paths whose content differs from the previous release's (written, or gone). */
  changed: number;
}

/** A file written in pieces (bulk downloads): write, then close. */
export interface FileSink {
  write(chunk: string | Buffer): Promise<void>;
  /** Ends the file; resolves with its manifest entry. */
  close(): Promise<TreeFile[]>;
}

/** A large file written in pieces with its `.gz`, named when it ends (`OutputWriter.streamGzipped`). */
export interface GzippedSink {
  write(text: string): Promise<void>;
  /**
   * Ends the file and puts it at the path `name` gives for its SHA-256, with its `.gz`; resolves with their entries
   * (the file's, then its sibling's), whether they were written or the previous release's are kept.
   */
  close(name: (sha256: string) => string): Promise<[file: TreeFile, gz: TreeFile]>;
}

/** Files gathered before they go to a compute worker, and the bytes that send a batch early. */
const BATCH_FILES = 64;
const BATCH_BYTES = 512 * 1024;
/** Batches sent and not yet written: bounds the memory of bodies in flight. */
const MAX_BATCHES = 8;
/**
 * Files between two checks of the heap (collectGarbage): within one large state, the documents and pages
 * rendered and already written pile up in V8's old generation (measured at 1M rows: 900 MiB of heap for ~200 MiB
 * live while Illinois rendered), so the check follows the output rather than the states alone.
 */
const GC_CHECK_EVERY = 64;
const PART = ".files.tsv.part";
/** Where files written in pieces wait for their name (`streamGzipped`); removed when the writer closes. */
const PIECES = ".pieces";
const NEXT = ".files.tsv.next";
/** Characters of manifest lines gathered before they are written to the spill (each write is a system call). */
const SPILL_BATCH = 64 * 1024;

/**
 * Writes a release's folder as it is rendered — only what changed: a rendered file whose bytes equal the previous
 * release's file at its path is kept, not compressed or written (the compute workers look it up in the previous
 * release's file index); unchanged units are not named at all (`carryUnits`); every other file goes to disk with
 * its `.br`/`.gz` siblings (`hasSiblings`). Hashing and compressing run on a pool of worker threads, every change
 * to the folder on one file-system thread (`./fs-thread.ts`), in batches. `finish` merges the previous release's
 * `files.tsv` with the lines of the files written (`./manifest-merge.ts`), making the folder match it as it goes
 * (a recycled tree's stale paths, files gone). Paths are relative, with `/`; nothing can be written outside `root`.
 * @example const out = new OutputWriter(dir, { compression: "fast" }); await out.json("api/v1/x.json", doc); await out.finish();
 */
export class OutputWriter {
  readonly root: string;
  readonly #options: WriterOptions;
  readonly #start: TreeStart;
  readonly #fs: FsThread;
  #pool: ComputePool | null = null;
  #batch: ComputeJob[] = [];
  #batchBytes = 0;
  readonly #inFlight = new Set<Promise<void>>();
  #spill: WriteStream | null = null;
  #unspilled = "";
  #failure: unknown = null;
  #added = 0;
  readonly #kept = new Set<string>();
  readonly #removed = new Set<string>();
  readonly #rewritten = new Set<string>();
  readonly #written = { files: 0, bytes: 0 };
  /** Files being streamed, closed by `close()` when a build fails before they are complete. */
  readonly #open = new Set<WriteStream>();
  /** Files written in pieces so far (`streamGzipped`), which names their temporary files. */
  #pieces = 0;

  constructor(root: string, options: WriterOptions) {
    this.root = resolve(root);
    this.#options = options;
    this.#start = options.start ?? { kind: "empty" };
    this.#fs = new FsThread(this.root);
  }

  /** How hard this output's compressed siblings are squeezed. */
  get compression(): Compression {
    return this.#options.compression;
  }

  /** Writes a JSON document (compact, keys in the order given). */
  json(path: string, value: unknown): Promise<void> {
    return this.add(path, JSON.stringify(value));
  }

  /**
   * Writes one file, with its siblings when `compress` and the path has them. Resolves when the file is queued
   * (waiting while too many are in flight); failures surface from the next call or from `finish()`.
   */
  async add(path: string, body: string | Buffer, compress = true): Promise<void> {
    this.#check(path);
    this.#throwIfFailed();
    if (++this.#added % GC_CHECK_EVERY === 0) collectGarbage();
    const mode = this.#options.compression;
    const siblings = compress && hasSiblings(path);
    const brotli = siblings ? brotliQuality(path, mode) : null;
    const gzip = siblings ? gzipLevel(mode) : null;
    this.#batch.push({ path, body, brotli, gzip });
    this.#batchBytes += body.length;
    if (this.#batch.length >= BATCH_FILES || this.#batchBytes >= BATCH_BYTES) await this.#dispatch();
  }

  /**
   * Keeps a file of the previous release outside units, with its siblings (an earlier release's dated download);
   * false when the previous release does not have it.
   * @example await out.keep("downloads/urgent-care-clinics-2026-04-01.csv.gz");
   */
  keep(path: string): boolean {
    this.#check(path);
    if (!this.#options.previous?.get(path)) return false;
    this.#kept.add(path);
    return true;
  }

  /**
   * A file of a unit of the previous release that this release no longer has (its unit is gone, or has fewer
   * pages), with its siblings. A file written at the same path by this release stays.
   * @example out.remove("clinics/texas/austin/page-3/index.html");
   */
  remove(path: string): void {
    this.#check(path);
    this.#removed.add(path);
  }

  /**
   * A hard link to a file written by this release (the `-latest` copies of the downloads), with its siblings.
   * @example await out.alias("downloads/x-latest.csv", await csv.close());
   */
  async alias(path: string, target: readonly TreeFile[]): Promise<void> {
    const full = this.#check(path);
    const main = target[0];
    if (!main) throw new Error(`alias of nothing: ${path}`);
    await mkdir(dirname(full), { recursive: true });
    const entries: TreeFile[] = [];
    for (const f of target) {
      const suffix = f.path.slice(main.path.length);
      await this.#clear(full + suffix);
      await link(join(this.root, f.path), full + suffix);
      entries.push({ path: path + suffix, bytes: f.bytes, sha256: f.sha256 });
    }
    this.#list(entries, false);
  }

  /**
   * A file written in pieces (downloads), hashed as it streams, with no siblings (the downloads' `.gz` is a file
   * of its own). For files too large to hold in memory.
   * @example const csv = await out.stream("downloads/a.csv"); await csv.write("id,name\r\n"); await csv.close();
   */
  async stream(path: string): Promise<FileSink> {
    const full = this.#check(path);
    await mkdir(dirname(full), { recursive: true });
    await this.#clear(full);
    const hash = createHash("sha256");
    let bytes = 0;
    const file = createWriteStream(full, { flags: "wx" });
    this.#open.add(file);
    // One listener for the file's whole life: a write that fails (a full disk) fails the file, and through it the
    // build, instead of an unhandled 'error' event that kills the process before it cleans up.
    let failure: Error | null = null;
    const failed = new Promise<void>((resolve) =>
      file.once("error", (e) => {
        failure = e;
        resolve();
      }),
    );
    const check = () => {
      if (failure) throw failure;
    };
    return {
      write: async (chunk) => {
        // A streamed file is written while a state renders its other parts (the downloads: a city at a time,
        // the Parquet rows buffered beside them), with no file added between: the heap is checked here too.
        collectGarbage();
        check();
        const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(b);
        bytes += b.length;
        if (!file.write(b)) await Promise.race([once(file, "drain"), failed]);
        check();
      },
      close: async () => {
        check();
        file.end();
        await Promise.race([once(file, "close"), failed]);
        check();
        this.#open.delete(file);
        const entries: TreeFile[] = [{ path, bytes, sha256: hash.digest("hex") }];
        this.#list(entries, true);
        return entries;
      },
    };
  }

  /**
   * A large text file written in pieces with its `.gz` sibling (gzip on the thread pool as it streams, no `.br`),
   * whose path depends on its content: `close(name)` names it from its SHA-256. Nothing of it is held in memory
   * but the piece being written: the standards' per-state files, a state's FHIR resources or its GeoJSON, are
   * hundreds of MB at 1M clinics. When the previous release has the same bytes at that path, with a `.gz` and no
   * `.br`, its files stay and the pieces written are dropped, as `add` keeps a file held whole — unless `keep` is
   * false: a file this release links another path to (`alias`) must be in its tree.
   * @example const f = await out.streamGzipped(); await f.write(text); await f.close((sha) => `x-${sha.slice(0, 12)}.ndjson`);
   */
  async streamGzipped(options: { keep?: boolean } = {}): Promise<GzippedSink> {
    const dir = join(this.root, PIECES);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, String(this.#pieces++));
    const hash = createHash("sha256");
    const gzHash = createHash("sha256");
    let bytes = 0;
    let gzBytes = 0;
    const file = createWriteStream(temp, { flags: "wx" });
    const gzip = createGzip({ level: gzipLevel(this.#options.compression) });
    gzip.on("data", (chunk: Buffer) => {
      gzHash.update(chunk);
      gzBytes += chunk.length;
    });
    const gzFile = createWriteStream(`${temp}.gz`, { flags: "wx" });
    this.#open.add(file).add(gzFile);
    // A write that fails (a full disk) fails the file, and through it the build, never an unhandled error.
    let failure: unknown = null;
    const failed = new Promise<void>((resolve) =>
      file.once("error", (e) => {
        failure ??= e;
        resolve();
      }),
    );
    const gzipped = pipeline(gzip, gzFile).catch((e: unknown) => {
      failure ??= e;
    });
    const check = () => {
      if (failure !== null) throw failure;
    };
    return {
      write: async (text) => {
        check();
        const b = Buffer.from(text);
        hash.update(b);
        bytes += b.length;
        const waits: Promise<unknown>[] = [];
        if (!file.write(b)) waits.push(Promise.race([once(file, "drain"), failed]));
        if (!gzip.write(b)) waits.push(Promise.race([once(gzip, "drain"), gzipped]));
        await Promise.all(waits);
        check();
      },
      close: async (name) => {
        check();
        file.end();
        gzip.end();
        await Promise.all([Promise.race([once(file, "close"), failed]), gzipped]);
        check();
        this.#open.delete(file);
        this.#open.delete(gzFile);
        const sha256 = hash.digest("hex");
        const path = name(sha256);
        const full = this.#check(path);
        const entry: TreeFile = { path, bytes, sha256 };
        const previous = this.#options.previous;
        const gzBefore = previous?.get(`${path}.gz`);
        if (
          options.keep !== false &&
          previous?.get(path)?.sha256 === sha256 &&
          gzBefore &&
          !previous.get(`${path}.br`)
        ) {
          await Promise.all([rm(temp), rm(`${temp}.gz`)]);
          this.#spillText(sameLine(path, sha256) + sameLine(`${path}.gz`, null));
          return [entry, { path: `${path}.gz`, ...gzBefore }];
        }
        await mkdir(dirname(full), { recursive: true });
        await Promise.all([this.#clear(full), this.#clear(`${full}.gz`)]);
        await Promise.all([rename(temp, full), rename(`${temp}.gz`, `${full}.gz`)]);
        if (previous) this.#rewritten.add(path);
        const entries: [TreeFile, TreeFile] = [
          entry,
          { path: `${path}.gz`, bytes: gzBytes, sha256: gzHash.digest("hex") },
        ];
        this.#list(entries, true);
        return entries;
      },
    };
  }

  /**
   * Claims a path for a file that another writer fills (the Parquet writer); returns its full path. Call
   * `adopt(path)` once the file is complete.
   */
  async external(path: string): Promise<string> {
    const full = this.#check(path);
    await mkdir(dirname(full), { recursive: true });
    await this.#clear(full);
    return full;
  }

  /** Lists a file written through `external(path)`, reading it once for its size and hash. */
  async adopt(path: string): Promise<TreeFile> {
    const entry = await hashFile(join(this.root, path), path);
    this.#list([entry], true);
    return entry;
  }

  /** Waits for every file in flight. */
  async drain(): Promise<void> {
    await this.#dispatch();
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
    this.#throwIfFailed();
  }

  /**
   * Waits for every file, then writes the tree manifest — the previous release's merged with what this one wrote
   * — and makes the folder match it; returns what was written.
   */
  async finish(): Promise<WriteResult> {
    await this.drain();
    const spill = this.#spill ?? this.#openSpill();
    spill.end(this.#unspilled);
    this.#unspilled = "";
    await once(spill, "close");
    this.#throwIfFailed();
    const previous = this.#options.previous ?? null;
    const rules: MergeRules = {
      carryUnits: previous !== null && this.#options.carryUnits === true,
      isUnitFile: this.#options.isUnitFile ?? (() => false),
      removed: this.#removed,
      kept: this.#kept,
      rewritten: this.#rewritten,
    };
    const part = join(this.root, PART);
    const next = join(this.root, NEXT);
    const merged = await mergeManifest({
      previous: previous ? { manifest: previous.manifest, root: previous.root } : null,
      rules,
      tree: this.#start,
      written: (emit) => sortedLines(part, emit),
      apply: (op) => this.#fs.push(op),
      out: next,
      delta: this.#options.delta ?? null,
    });
    await this.#fs.flush();
    await rm(part);
    await rename(next, join(this.root, TREE_MANIFEST));
    await this.close();
    return {
      files: merged.count,
      reused: merged.carried,
      bytes: merged.bytes,
      written: { ...this.#written },
      changed: merged.changed,
    };
  }

  /** Stops the worker threads and closes the files still being streamed (after `finish`, or when a build fails). */
  async close(): Promise<void> {
    for (const f of this.#open) f.destroy();
    this.#open.clear();
    await rm(join(this.root, PIECES), { recursive: true, force: true });
    await this.#pool?.close();
    this.#pool = null;
    await this.#fs.close();
  }

  /** Sends the gathered files to a compute worker, then their bytes to the file-system thread. */
  async #dispatch(): Promise<void> {
    if (this.#batch.length === 0) return;
    const jobs = this.#batch;
    this.#batch = [];
    this.#batchBytes = 0;
    while (this.#inFlight.size >= MAX_BATCHES) await Promise.race(this.#inFlight);
    this.#throwIfFailed();
    this.#pool ??= new ComputePool(() => this.#fs.connect(), this.#options.previous?.index ?? null);
    const write = this.#fs.expect();
    const task = this.#pool
      .compute(jobs, write.id, this.#start.kind === "recycled")
      .then((results) => {
        this.#store(results);
        return write.done;
      })
      .catch((e: unknown) => {
        this.#failure ??= e;
      })
      .finally(() => this.#inFlight.delete(task));
    this.#inFlight.add(task);
  }

  /** Lists the files a compute worker sent to be written; those it found `same` stay the previous release's. */
  #store(results: readonly ComputeResult[]): void {
    const previous = this.#options.previous;
    for (const files of results) {
      if (!Array.isArray(files)) {
        this.#spillText(
          sameLine(files.path, files.sha256) + files.siblings.map((s) => sameLine(s, null)).join(""),
        );
        continue;
      }
      const [main] = files as [Computed];
      if (previous && files.length > 1) this.#rewritten.add(main.path);
      this.#list(files, true);
    }
  }

  /** Lists completed files in the manifest's spill; counts the bytes written. */
  #list(entries: readonly TreeFile[], written: boolean): void {
    let text = "";
    for (const f of entries) {
      text += manifestLine(f);
      if (written) {
        this.#written.files++;
        this.#written.bytes += f.bytes;
      }
    }
    this.#spillText(text);
  }

  /** Adds lines to the manifest's spill. */
  #spillText(text: string): void {
    this.#unspilled += text;
    if (this.#unspilled.length >= SPILL_BATCH) {
      (this.#spill ?? this.#openSpill()).write(this.#unspilled);
      this.#unspilled = "";
    }
  }

  /** Removes a file at a path about to be written by this render (a recycled tree holds an older one there). */
  async #clear(full: string): Promise<void> {
    if (this.#start.kind === "recycled") await rm(full, { force: true });
  }

  #check(path: string): string {
    if (
      path === "" ||
      !/^[\x21-\x7e]+$/.test(path) ||
      path.split("/").some((seg) => seg === "" || seg === "." || seg === "..") ||
      path.includes("\\") ||
      path === TREE_MANIFEST ||
      path === PART ||
      path === NEXT ||
      path.split("/")[0] === PIECES
    ) {
      throw new Error(`refusing output path outside the output folder: ${JSON.stringify(path)}`);
    }
    const full = join(this.root, path);
    if (!full.startsWith(this.root + sep)) throw new Error(`path escapes the output folder: ${path}`);
    return full;
  }

  #openSpill(): WriteStream {
    this.#spill = createWriteStream(join(this.root, PART), { flags: "wx" });
    this.#spill.on("error", (e) => {
      this.#failure ??= e;
    });
    return this.#spill;
  }

  #throwIfFailed(): void {
    if (this.#failure !== null) throw this.#failure;
  }
}

async function hashFile(full: string, path: string): Promise<TreeFile> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(full)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { path, bytes, sha256: hash.digest("hex") };
}
