import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { TreeFile } from "./tree-manifest.js";

/**
 * Files of the previous release to hard-link, each with its `.br`/`.gz` siblings when it has them: `paths` are
 * relative to both roots.
 */
export interface LinkJob {
  from: string;
  to: string;
  paths: readonly string[];
}

/** One file for a pool worker to write: its body, and the compression of its siblings (none: no siblings). */
export interface WriteJob {
  path: string;
  full: string;
  body: string | Uint8Array;
  /** Brotli quality (null: no `.br`) and gzip level of the siblings; null writes the file alone. */
  compress: { brotli: number | null; gzip: number } | null;
}

// The worker is plain JavaScript with Node built-ins only, so it runs the same from the compiled build and from
// the TypeScript sources under test. It writes synchronously: one thread per core doing nothing else, with no
// promise or file-handle object per file (what made writing ~55,000 files cost the main thread most of its time).
const WORKER = `
const { parentPort } = require("node:worker_threads");
const { writeFileSync, mkdirSync, linkSync } = require("node:fs");
const { dirname, join } = require("node:path");
const { createHash } = require("node:crypto");
const zlib = require("node:zlib");
const made = new Set();
const sha = (b) => createHash("sha256").update(b).digest("hex");
const mkdirFor = (full) => {
  const dir = dirname(full);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    if (made.size > 4096) made.clear();
    made.add(dir);
  }
};
const link = ({ from, to, paths }) => {
  const linked = [];
  for (const path of paths) {
    const target = join(to, path);
    mkdirFor(target);
    for (const suffix of ["", ".br", ".gz"]) {
      try {
        linkSync(join(from, path + suffix), target + suffix);
        linked.push(path + suffix);
      } catch (e) {
        if (suffix === "" || e.code !== "ENOENT") throw e;
      }
    }
  }
  return linked;
};
parentPort.on("message", ({ id, job, links }) => {
  try {
    if (links) {
      parentPort.postMessage({ id, linked: link(links) });
      return;
    }
    mkdirFor(job.full);
    const body = typeof job.body === "string" ? Buffer.from(job.body) : Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
    writeFileSync(job.full, body, { flag: "wx" });
    const files = [{ path: job.path, bytes: body.length, sha256: sha(body) }];
    if (job.compress) {
      if (job.compress.brotli !== null) {
        const br = zlib.brotliCompressSync(body, { params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: job.compress.brotli,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        } });
        writeFileSync(job.full + ".br", br, { flag: "wx" });
        files.push({ path: job.path + ".br", bytes: br.length, sha256: sha(br) });
      }
      const gz = zlib.gzipSync(body, { level: job.compress.gzip });
      writeFileSync(job.full + ".gz", gz, { flag: "wx" });
      files.push({ path: job.path + ".gz", bytes: gz.length, sha256: sha(gz) });
    }
    parentPort.postMessage({ id, files });
  } catch (e) {
    parentPort.postMessage({ id, error: { message: e.message, code: e.code } });
  }
});
`;

/** Jobs a worker may hold at once: enough to keep it busy, few enough to bound the memory of queued bodies. */
const PER_WORKER = 32;

interface Reply {
  id: number;
  files?: TreeFile[];
  linked?: string[];
  error?: { message: string; code?: string };
}
type Pending = { resolve: (reply: Reply) => void; reject: (e: Error) => void };

/**
 * A pool of worker threads, one per core, that write files with their compressed siblings. `write` resolves with
 * the manifest entries (the file, then `.br` and `.gz`) once the files are on disk; it waits while every worker
 * is full, so a fast renderer cannot queue unbounded memory.
 * @example const pool = new CompressPool(); const files = await pool.write({ path, full, body, compress: { brotli: 5, gzip: 6 } }); await pool.close();
 */
export class CompressPool {
  readonly #workers: { worker: Worker; load: number }[];
  readonly #pending = new Map<number, Pending & { slot: number }>();
  readonly #waiting: (() => void)[] = [];
  #next = 0;

  constructor(size = Math.max(1, availableParallelism())) {
    this.#workers = Array.from({ length: size }, (_, slot) => {
      const worker = new Worker(WORKER, { eval: true });
      worker.on("message", (m: Reply) => this.#settle(m));
      worker.on("error", (e) => {
        for (const [id, p] of this.#pending) if (p.slot === slot) this.#fail(id, e);
      });
      return { worker, load: 0 };
    });
  }

  async write(job: WriteJob): Promise<TreeFile[]> {
    return (await this.#post({ job })).files ?? [];
  }

  /**
   * Hard-links files of an earlier release (each with the siblings it has); resolves with every path linked.
   * @example await pool.link({ from: previous.root, to: out.root, paths: ["api/v1/clinic/x.json"] })
   */
  async link(links: LinkJob): Promise<string[]> {
    return (await this.#post({ links })).linked ?? [];
  }

  async #post(message: { job?: WriteJob; links?: LinkJob }): Promise<Reply> {
    let slot = this.#leastLoaded();
    while ((this.#workers[slot]?.load ?? 0) >= PER_WORKER) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
      slot = this.#leastLoaded();
    }
    const entry = this.#workers[slot] as { worker: Worker; load: number };
    entry.load++;
    const id = this.#next++;
    return new Promise<Reply>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, slot });
      entry.worker.postMessage({ id, ...message });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.worker.terminate()));
  }

  #leastLoaded(): number {
    let best = 0;
    for (let i = 1; i < this.#workers.length; i++)
      if ((this.#workers[i]?.load ?? 0) < (this.#workers[best]?.load ?? 0)) best = i;
    return best;
  }

  #settle(m: Reply): void {
    const p = this.#pending.get(m.id);
    if (!p) return;
    this.#pending.delete(m.id);
    const entry = this.#workers[p.slot];
    if (entry) entry.load--;
    this.#waiting.shift()?.();
    if (m.error) {
      const e = Object.assign(new Error(m.error.message), { code: m.error.code });
      p.reject(m.error.code === "EEXIST" ? new Error(`two files at one path: ${e.message}`) : e);
    } else p.resolve(m);
  }

  #fail(id: number, e: Error): void {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    p.reject(e);
  }
}
