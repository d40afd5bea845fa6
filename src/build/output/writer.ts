import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { link, mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { type Compression, compressBody, compressStreams } from "./compress.js";
import { TREE_MANIFEST, type TreeFile, treeManifest } from "./tree-manifest.js";

/** The files of the release being replaced, so that unchanged files are hard-linked instead of rewritten. */
export interface PreviousTree {
  root: string;
  /** Size and SHA-256 of a file of the previous release, from its manifest. */
  get(path: string): { bytes: number; sha256: string } | undefined;
}

export interface WriterOptions {
  compression: Compression;
  /** The previous release, built with the same compression; its unchanged files are linked, not recompressed. */
  previous?: PreviousTree | null;
}

/** What a build wrote. */
export interface WriteResult {
  /** Files written, compressed siblings included (the manifest excluded). */
  files: number;
  /** Of those, files hard-linked from the previous release. */
  reused: number;
  bytes: { raw: number; gzip: number; brotli: number };
}

/** A file written in pieces (bulk downloads): write, then close. */
export interface FileSink {
  write(chunk: string | Buffer): Promise<void>;
  close(): Promise<void>;
}

const MAX_PENDING = 48;

/**
 * Writes the output folder as it is rendered: each file goes to disk at once with its `.br`/`.gz` siblings
 * (compressed on libuv's thread pool, at most MAX_PENDING files in flight), its size and SHA-256 recorded for
 * the tree manifest. Paths are relative, with `/`; nothing can be written outside `root`. A file whose content
 * equals the previous release's file at the same path is hard-linked with its siblings instead.
 * @example const out = new OutputWriter(dir, { compression: "fast" }); await out.json("api/v1/x.json", doc); await out.finish();
 */
export class OutputWriter {
  readonly root: string;
  readonly #options: WriterOptions;
  readonly #listed: TreeFile[] = [];
  readonly #paths = new Set<string>();
  readonly #dirs = new Set<string>();
  readonly #pending = new Set<Promise<void>>();
  #failure: unknown = null;
  #reused = 0;

  constructor(root: string, options: WriterOptions) {
    this.root = resolve(root);
    this.#options = options;
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
    const full = this.#claim(path);
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    while (this.#pending.size >= MAX_PENDING) await Promise.race(this.#pending);
    this.#throwIfFailed();
    const task = this.#write(path, full, bytes, compress).catch((e: unknown) => {
      this.#failure ??= e;
    });
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /**
   * A hard link to a file already written (the `-latest` copies of the downloads), with its siblings.
   * @example await out.alias("downloads/x-latest.csv", "downloads/x-2026-05-01.csv");
   */
  async alias(path: string, target: string): Promise<void> {
    await this.drain();
    const full = this.#claim(path);
    const siblings = this.#listed.filter(
      (f) => f.path === target || f.path === `${target}.br` || f.path === `${target}.gz`,
    );
    if (!siblings.some((f) => f.path === target)) throw new Error(`alias of a file not written: ${target}`);
    await this.#mkdirFor(full);
    for (const f of siblings) {
      const suffix = f.path.slice(target.length);
      await link(join(this.root, f.path), full + suffix);
      this.#listed.push({ path: path + suffix, bytes: f.bytes, sha256: f.sha256 });
    }
  }

  /**
   * Hard-links a file of an earlier release, with its siblings, at the same path (an earlier release's dated
   * downloads and changes documents stay published). Returns false when the earlier release does not have it.
   * @example await out.carry("downloads/urgent-care-clinics-2026-04-01.csv", previous);
   */
  async carry(path: string, from: PreviousTree): Promise<boolean> {
    const entry = from.get(path);
    if (!entry) return false;
    const full = this.#claim(path);
    await this.#mkdirFor(full);
    for (const suffix of ["", ".br", ".gz"]) {
      const e = suffix === "" ? entry : from.get(path + suffix);
      if (!e) continue;
      await link(join(from.root, path + suffix), full + suffix);
      this.#listed.push({ path: path + suffix, bytes: e.bytes, sha256: e.sha256 });
    }
    return true;
  }

  /**
   * A file written in pieces, hashed and compressed as it streams (for files too large to hold in memory).
   * @example const csv = await out.stream("downloads/a.csv"); await csv.write("id,name\r\n"); await csv.close();
   */
  async stream(path: string, compress = true): Promise<FileSink> {
    const full = this.#claim(path);
    await this.#mkdirFor(full);
    const hash = createHash("sha256");
    let bytes = 0;
    const raw = createWriteStream(full);
    const zipped = compress ? compressStreams(path, this.#options.compression) : null;
    const files: WriteStream[] = [raw];
    if (zipped) {
      const br = createWriteStream(`${full}.br`);
      const gz = createWriteStream(`${full}.gz`);
      zipped.brotli.pipe(br);
      zipped.gzip.pipe(gz);
      files.push(br, gz);
    }
    const put = async (stream: NodeJS.WritableStream, chunk: Buffer) => {
      if (!stream.write(chunk)) await once(stream, "drain");
    };
    return {
      write: async (chunk) => {
        const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(b);
        bytes += b.length;
        await Promise.all([put(raw, b), ...(zipped ? [put(zipped.brotli, b), put(zipped.gzip, b)] : [])]);
      },
      close: async () => {
        raw.end();
        zipped?.brotli.end();
        zipped?.gzip.end();
        await Promise.all(files.map((f) => once(f, "close")));
        this.#listed.push({ path, bytes, sha256: hash.digest("hex") });
        if (zipped) {
          for (const suffix of [".br", ".gz"])
            this.#listed.push(await hashFile(`${full}${suffix}`, path + suffix));
        }
      },
    };
  }

  /**
   * Claims a path for a file that another writer fills (the Parquet writer); returns its full path. Call
   * `adopt(path)` once the file is complete.
   */
  async external(path: string): Promise<string> {
    const full = this.#claim(path);
    await this.#mkdirFor(full);
    return full;
  }

  /** Lists a file written through `external(path)`, reading it once for its size and hash. */
  async adopt(path: string): Promise<void> {
    this.#listed.push(await hashFile(join(this.root, path), path));
  }

  /** Size and hash of a file written so far. */
  entry(path: string): TreeFile | undefined {
    return this.#listed.find((f) => f.path === path);
  }

  /** Waits for every file in flight. */
  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
    this.#throwIfFailed();
  }

  /** Waits for every file, then writes the tree manifest. */
  async finish(): Promise<WriteResult> {
    await this.drain();
    await writeFile(join(this.root, TREE_MANIFEST), treeManifest(this.#listed));
    const result: WriteResult = {
      files: this.#listed.length,
      reused: this.#reused,
      bytes: { raw: 0, gzip: 0, brotli: 0 },
    };
    for (const f of this.#listed) {
      if (f.path.endsWith(".br") && this.#paths.has(f.path.slice(0, -3))) result.bytes.brotli += f.bytes;
      else if (f.path.endsWith(".gz") && this.#paths.has(f.path.slice(0, -3))) result.bytes.gzip += f.bytes;
      else result.bytes.raw += f.bytes;
    }
    return result;
  }

  /** The files listed so far (path, size, hash). */
  get files(): readonly TreeFile[] {
    return this.#listed;
  }

  #claim(path: string): string {
    if (
      path === "" ||
      path.split("/").some((seg) => seg === "" || seg === "." || seg === "..") ||
      path.includes("\\") ||
      path.includes("\0") ||
      path === TREE_MANIFEST
    ) {
      throw new Error(`refusing output path outside the output folder: ${JSON.stringify(path)}`);
    }
    if (this.#paths.has(path)) throw new Error(`two files at one path: ${path}`);
    const full = join(this.root, path);
    if (!full.startsWith(this.root + sep)) throw new Error(`path escapes the output folder: ${path}`);
    this.#paths.add(path);
    return full;
  }

  async #mkdirFor(full: string): Promise<void> {
    const dir = dirname(full);
    if (this.#dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.#dirs.add(dir);
  }

  async #write(path: string, full: string, body: Buffer, compress: boolean): Promise<void> {
    const sha256 = createHash("sha256").update(body).digest("hex");
    await this.#mkdirFor(full);
    const previous = this.#options.previous;
    const before = previous?.get(path);
    const siblings = compress ? [".br", ".gz"].map((s) => ({ s, e: previous?.get(path + s) })) : [];
    if (previous && before?.sha256 === sha256 && siblings.every(({ e }) => e !== undefined)) {
      await link(join(previous.root, path), full);
      this.#listed.push({ path, bytes: body.length, sha256 });
      for (const { s, e } of siblings) {
        await link(join(previous.root, path + s), full + s);
        this.#listed.push({ path: path + s, ...(e as { bytes: number; sha256: string }) });
      }
      this.#reused += 1 + siblings.length;
      return;
    }
    await writeFile(full, body);
    this.#listed.push({ path, bytes: body.length, sha256 });
    if (!compress) return;
    const [br, gz] = await compressBody(body, path, this.#options.compression);
    await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
    this.#listed.push(
      { path: `${path}.br`, bytes: br.length, sha256: createHash("sha256").update(br).digest("hex") },
      { path: `${path}.gz`, bytes: gz.length, sha256: createHash("sha256").update(gz).digest("hex") },
    );
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
