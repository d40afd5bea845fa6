import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { link, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { Writable } from "node:stream";
import { collectGarbage } from "../../util/collect-garbage.js";
import { brotliQuality, type Compression, compressStreams, gzipLevel, hasSiblings } from "./compress.js";
import { CompressPool } from "./compress-pool.js";
import { ManifestCursor, type PreviousTree } from "./previous.js";
import { sortedLines } from "./sort-lines.js";
import {
  MANIFEST_HEADER,
  manifestLine,
  manifestTrailer,
  TREE_MANIFEST,
  type TreeFile,
} from "./tree-manifest.js";

export type { PreviousTree } from "./previous.js";

export interface WriterOptions {
  compression: Compression;
  /** The previous release, built with the same compression; its unchanged files are linked, not recompressed. */
  previous?: PreviousTree | null;
}

/** What a build wrote. */
export interface WriteResult {
  /** Files written, compressed siblings included (the manifest excluded). */
  files: number;
  /** Of those, files hard-linked from the previous release (unchanged units' files, and files of equal content). */
  reused: number;
  bytes: { raw: number; gzip: number; brotli: number };
  /** Files whose bytes this build wrote (the others are hard links: carried, reused, or `-latest` aliases). */
  written: { files: number; bytes: number };
}

/** A file written in pieces (bulk downloads): write, then close. */
export interface FileSink {
  write(chunk: string | Buffer): Promise<void>;
  /** Ends the file; resolves with its manifest entries (the file, then its siblings). */
  close(): Promise<TreeFile[]>;
}

const MAX_PENDING = 48;
const DIR_CACHE = 512;
/**
 * Files between two checks of the heap (collectGarbage): within one large state, the documents and pages
 * rendered and already written pile up in V8's old generation (measured at 1M rows: 900 MiB of heap for ~200 MiB
 * live while Illinois rendered), so the check follows the output rather than the states alone.
 */
const GC_CHECK_EVERY = 64;
const PART = ".files.tsv.part";
/** A spilled manifest line of a carried file: its entry is the previous release's (read at the end). */
const CARRIED = "\t=";
/** Carried paths gathered before they go to a worker to be linked. */
const LINK_BATCH = 256;
/** Characters of manifest lines gathered before they are written to the spill (each write is a system call). */
const SPILL_BATCH = 64 * 1024;

/**
 * Writes the output folder as it is rendered: each file goes to disk at once with its `.br`/`.gz` siblings
 * (compressed on libuv's thread pool, at most MAX_PENDING files in flight), and its size and SHA-256 go to a
 * spill of the tree manifest, sorted by path at the end with bounded memory (so memory does not grow with the
 * number of files, and the manifest does not depend on the order files were written in). Paths are relative, with `/`; nothing can be written outside
 * `root`, and two files at one path are refused (the file system says so: files are created exclusively).
 * A file whose content equals the previous release's file at the same path is hard-linked with its siblings.
 * @example const out = new OutputWriter(dir, { compression: "fast" }); await out.json("api/v1/x.json", doc); await out.finish();
 */
export class OutputWriter {
  readonly root: string;
  readonly #options: WriterOptions;
  readonly #dirs = new Set<string>();
  readonly #pending = new Set<Promise<void>>();
  /** The unsorted manifest lines, written as files complete. */
  #spill: WriteStream | null = null;
  /** Manifest lines not yet handed to the spill: one write per SPILL_BATCH characters, not one per file. */
  #unspilled = "";
  readonly #result: WriteResult = {
    files: 0,
    reused: 0,
    bytes: { raw: 0, gzip: 0, brotli: 0 },
    written: { files: 0, bytes: 0 },
  };
  #failure: unknown = null;
  #pool: CompressPool | null = null;
  #added = 0;
  /** Files being streamed, closed by `close()` when a build fails before they are complete. */
  readonly #open = new Set<FailedStreams>();
  /** Paths of unchanged units' files waiting to be linked. */
  #carry: string[] = [];

  constructor(root: string, options: WriterOptions) {
    this.root = resolve(root);
    this.#options = options;
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
   * Writes one file. Resolves when the file is queued (waiting while too many are in flight); failures surface
   * from the next call or from `finish()`.
   */
  async add(path: string, body: string | Buffer, compress = true): Promise<void> {
    const full = this.#check(path);
    while (this.#pending.size >= MAX_PENDING) await Promise.race(this.#pending);
    this.#throwIfFailed();
    if (++this.#added % GC_CHECK_EVERY === 0) collectGarbage();
    const task = this.#write(path, full, body, compress)
      .then(({ entries, linked }) => this.#complete(entries, !linked))
      .catch((e: unknown) => {
        this.#failure ??= e;
      });
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /**
   * A hard link to a file already written (the `-latest` copies of the downloads), with its siblings.
   * @example await out.alias("downloads/x-latest.csv", await csv.close());
   */
  async alias(path: string, target: readonly TreeFile[]): Promise<void> {
    const full = this.#check(path);
    const main = target[0];
    if (!main) throw new Error(`alias of nothing: ${path}`);
    await this.#mkdirFor(full);
    const entries: TreeFile[] = [];
    for (const f of target) {
      const suffix = f.path.slice(main.path.length);
      await link(join(this.root, f.path), full + suffix);
      entries.push({ path: path + suffix, bytes: f.bytes, sha256: f.sha256 });
    }
    this.#complete(entries);
  }

  /**
   * Hard-links a file of an earlier release, with its siblings, at the same path (an earlier release's dated
   * downloads and changes documents stay published). Returns false when the earlier release does not have it.
   * @example await out.carry("downloads/urgent-care-clinics-2026-04-01.csv", previous);
   */
  async carry(path: string, from: PreviousTree): Promise<boolean> {
    const entry = from.get(path);
    if (!entry) return false;
    const full = this.#check(path);
    await this.#mkdirFor(full);
    const entries: TreeFile[] = [];
    for (const suffix of ["", ".br", ".gz"]) {
      const e = suffix === "" ? entry : from.get(path + suffix);
      if (!e) continue;
      await link(join(from.root, path + suffix), full + suffix);
      entries.push({ path: path + suffix, bytes: e.bytes, sha256: e.sha256 });
    }
    this.#complete(entries);
    return true;
  }

  /**
   * Hard-links the files of a unit unchanged since the previous release, each with its `.br`/`.gz` siblings: their
   * manifest entries are the previous release's (merged in at the end), nothing is read or compressed. Linked in
   * batches on the worker threads; failures surface from a later call or from `finish()`.
   * @example await out.carryUnit(["api/v1/clinic/k3v9q2m7x1ab.json", "clinics/texas/austin/k3v9q2m7x1ab/index.html"]);
   */
  async carryUnit(paths: readonly string[]): Promise<void> {
    if (!this.#options.previous) throw new Error("nothing to carry from: no previous release");
    for (const path of paths) this.#check(path);
    this.#carry.push(...paths);
    if (this.#carry.length >= LINK_BATCH) await this.#flushCarry();
  }

  async #flushCarry(): Promise<void> {
    const previous = this.#options.previous;
    if (this.#carry.length === 0 || !previous) return;
    const paths = this.#carry;
    this.#carry = [];
    while (this.#pending.size >= MAX_PENDING) await Promise.race(this.#pending);
    this.#throwIfFailed();
    this.#pool ??= new CompressPool();
    const task = this.#pool
      .link({ from: previous.root, to: this.root, paths })
      .then((linked) => {
        let text = "";
        for (const path of linked) text += `${path}${CARRIED}\n`;
        this.#result.files += linked.length;
        this.#result.reused += linked.length;
        this.#spillText(text);
      })
      .catch((e: unknown) => {
        this.#failure ??= e;
      });
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /**
   * A file written in pieces, hashed and compressed as it streams (for files too large to hold in memory).
   * @example const csv = await out.stream("downloads/a.csv"); await csv.write("id,name\r\n"); await csv.close();
   */
  async stream(path: string, compress = true): Promise<FileSink> {
    const full = this.#check(path);
    await this.#mkdirFor(full);
    const hash = createHash("sha256");
    let bytes = 0;
    const raw = createWriteStream(full, { flags: "wx" });
    const zipped = compress ? compressStreams(path, this.#options.compression) : null;
    const files: WriteStream[] = [raw];
    const streams: Writable[] = [raw];
    if (zipped) {
      const br = createWriteStream(`${full}.br`, { flags: "wx" });
      const gz = createWriteStream(`${full}.gz`, { flags: "wx" });
      zipped.brotli.pipe(br);
      zipped.gzip.pipe(gz);
      files.push(br, gz);
      streams.push(zipped.brotli, zipped.gzip, br, gz);
    }
    // Every stream has its error handled from the start: a write that fails (a full disk) fails this file, and
    // through it the build, instead of an unhandled 'error' event that kills the process before it cleans up.
    const failed = failedStreams(streams);
    this.#open.add(failed);
    const put = async (stream: NodeJS.WritableStream, chunk: Buffer) => {
      if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), failed.promise]);
    };
    return {
      write: async (chunk) => {
        // A streamed file is written while a state renders its other parts (the downloads: a city at a time,
        // the Parquet rows buffered beside them), with no file added between: the heap is checked here too.
        collectGarbage();
        if (failed.error) throw failed.error;
        const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(b);
        bytes += b.length;
        await Promise.all([put(raw, b), ...(zipped ? [put(zipped.brotli, b), put(zipped.gzip, b)] : [])]);
      },
      close: async () => {
        if (failed.error) throw failed.error;
        raw.end();
        zipped?.brotli.end();
        zipped?.gzip.end();
        await Promise.race([Promise.all(files.map((f) => once(f, "close"))), failed.promise]);
        if (failed.error) throw failed.error;
        this.#open.delete(failed);
        const entries: TreeFile[] = [{ path, bytes, sha256: hash.digest("hex") }];
        if (zipped) for (const s of [".br", ".gz"]) entries.push(await hashFile(`${full}${s}`, path + s));
        this.#complete(entries, true);
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
    await this.#mkdirFor(full);
    return full;
  }

  /** Lists a file written through `external(path)`, reading it once for its size and hash. */
  async adopt(path: string): Promise<TreeFile> {
    const entry = await hashFile(join(this.root, path), path);
    this.#complete([entry], true);
    return entry;
  }

  /** Waits for every file in flight. */
  async drain(): Promise<void> {
    await this.#flushCarry();
    while (this.#pending.size > 0) await Promise.all(this.#pending);
    this.#throwIfFailed();
  }

  /** Waits for every file, then writes the tree manifest: every file listed once, sorted by path. */
  async finish(): Promise<WriteResult> {
    await this.drain();
    const spill = this.#spill ?? this.#openSpill();
    spill.write(this.#unspilled);
    this.#unspilled = "";
    spill.end();
    await once(spill, "close");
    this.#throwIfFailed();
    const part = join(this.root, PART);
    const sorted = `${part}.sorted`;
    const out = createWriteStream(sorted, { flags: "wx" });
    const failed = failedStreams([out]);
    const hash = createHash("sha256");
    let text = MANIFEST_HEADER;
    let count = 0;
    let previous: string | null = null;
    let duplicate: string | null = null;
    const before = this.#options.previous ? new ManifestCursor(this.#options.previous.manifest) : null;
    const add = (path: string, line: string): undefined | Promise<void> => {
      if (path === previous) duplicate ??= path;
      previous = path;
      text += `${line}\n`;
      count++;
      if (text.length < 1 << 20) return;
      hash.update(text);
      const full = !out.write(text);
      text = "";
      collectGarbage(); // the merge's lines are garbage at once, but V8 lets them pile up (685 MiB at 400k rows)
      // The merge runs as fast as it reads; without waiting here the whole manifest (600 MiB at 1M clinics)
      // would queue in the stream's buffer.
      if (full) return Promise.race([once(out, "drain"), failed.promise]).then(() => {});
      if (failed.error) throw failed.error;
    };
    // A carried file's line is the previous release's: the carried paths come sorted, like its manifest, so one
    // forward pass over it serves them all (and most lines are found without waiting for a read).
    const carried = (path: string, line: string) => {
      this.#countBytes(path, Number(line.slice(path.length + 1, line.indexOf("\t", path.length + 1))));
      return add(path, line);
    };
    try {
      await sortedLines(part, (spilled) => {
        if (!spilled.endsWith(CARRIED)) return add(spilled.slice(0, spilled.indexOf("\t")), spilled);
        const path = spilled.slice(0, -CARRIED.length);
        if (!before) throw new Error(`carried file without a previous release: ${path}`);
        const line = before.find(path);
        return typeof line === "string" ? carried(path, line) : line.then((l) => carried(path, l));
      });
    } finally {
      await before?.close();
    }
    hash.update(text);
    out.end(text + manifestTrailer(count, hash.digest("hex")));
    await Promise.race([once(out, "close"), failed.promise]);
    await rm(part);
    if (duplicate !== null) throw new Error(`two files at one path: ${duplicate}`);
    await rename(sorted, join(this.root, TREE_MANIFEST));
    await this.close();
    return this.#result;
  }

  #check(path: string): string {
    if (
      path === "" ||
      !/^[\x21-\x7e]+$/.test(path) ||
      path.split("/").some((seg) => seg === "" || seg === "." || seg === "..") ||
      path.includes("\\") ||
      path.includes("\0") ||
      path === TREE_MANIFEST ||
      path === PART
    ) {
      throw new Error(`refusing output path outside the output folder: ${JSON.stringify(path)}`);
    }
    const full = join(this.root, path);
    if (!full.startsWith(this.root + sep)) throw new Error(`path escapes the output folder: ${path}`);
    return full;
  }

  async #mkdirFor(full: string): Promise<void> {
    const dir = dirname(full);
    if (this.#dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    if (this.#dirs.size >= DIR_CACHE) this.#dirs.clear(); // bounded: a million page folders must not pile up here
    this.#dirs.add(dir);
  }

  async #write(
    path: string,
    full: string,
    body: string | Buffer,
    compress: boolean,
  ): Promise<{ entries: TreeFile[]; linked: boolean }> {
    compress &&= hasSiblings(path);
    const previous = this.#options.previous;
    const before = previous?.get(path);
    if (previous && before) {
      const sha256 = createHash("sha256").update(body).digest("hex");
      const wanted = compress ? [".br", ".gz"] : [];
      const siblings = wanted.map((s) => ({ s, e: previous.get(path + s) }));
      if (before.sha256 === sha256 && siblings.every(({ e }) => e !== undefined)) {
        await this.#mkdirFor(full);
        await link(join(previous.root, path), full);
        const entries: TreeFile[] = [{ path, bytes: before.bytes, sha256 }];
        for (const { s, e } of siblings) {
          await link(join(previous.root, path + s), full + s);
          entries.push({ path: path + s, ...(e as { bytes: number; sha256: string }) });
        }
        this.#result.reused += entries.length;
        return { entries, linked: true };
      }
    }
    this.#pool ??= new CompressPool();
    const mode = this.#options.compression;
    const entries = await this.#pool.write({
      path,
      full,
      body,
      compress: compress ? { brotli: brotliQuality(path, mode), gzip: gzipLevel(mode) } : null,
    });
    return { entries, linked: false };
  }

  /** Stops the worker threads and closes the files still being streamed (after `finish`, or when a build fails). */
  async close(): Promise<void> {
    for (const f of this.#open) f.destroy();
    this.#open.clear();
    await this.#pool?.close();
    this.#pool = null;
  }

  /** Lists completed files in the manifest's spill and counts them (`written`: new bytes, not links). */
  #complete(entries: readonly TreeFile[], written = false): void {
    let text = "";
    for (const f of entries) {
      text += manifestLine(f);
      this.#result.files++;
      if (written) {
        this.#result.written.files++;
        this.#result.written.bytes += f.bytes;
      }
      // By suffix, as carried files are counted: a download's `.gz` is streamed as a file of its own.
      this.#countBytes(f.path, f.bytes);
    }
    this.#spillText(text);
  }

  /** Counts the bytes of a carried file (known only when its entry is read back). */
  #countBytes(path: string, bytes: number): void {
    if (path.endsWith(".br")) this.#result.bytes.brotli += bytes;
    else if (path.endsWith(".gz")) this.#result.bytes.gzip += bytes;
    else this.#result.bytes.raw += bytes;
  }

  #spillText(text: string): void {
    this.#unspilled += text;
    if (this.#unspilled.length >= SPILL_BATCH) {
      (this.#spill ?? this.#openSpill()).write(this.#unspilled);
      this.#unspilled = "";
    }
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

/** The first error of a group of streams, as a value and as a promise that rejects with it. */
interface FailedStreams {
  error: Error | null;
  promise: Promise<never>;
  /** Closes every stream of the group (a build that failed elsewhere). */
  destroy(): void;
}

/**
 * Listens for errors on every stream of a file at once: the first one is kept, and every stream is destroyed, so
 * that nothing waits for a drain that cannot come and no 'error' event goes unhandled.
 */
function failedStreams(streams: readonly Writable[]): FailedStreams {
  let reject: (e: Error) => void = () => {};
  const state: FailedStreams = {
    error: null,
    promise: new Promise<never>((_, r) => {
      reject = r;
    }),
    destroy: () => {
      for (const s of streams) s.destroy();
    },
  };
  state.promise.catch(() => {}); // read through `error` or awaited in a race; never an unhandled rejection
  for (const s of streams)
    s.on("error", (e: Error) => {
      if (state.error) return;
      state.error = e;
      reject(e);
      state.destroy();
    });
  return state;
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
