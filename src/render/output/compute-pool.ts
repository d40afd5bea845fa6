import { availableParallelism } from "node:os";
import { type MessagePort, Worker } from "node:worker_threads";
import { FILE_INDEX_SOURCE } from "./file-index.js";

/**
 * One file to hash, and to compress into siblings (`.br` at this quality, `.gz` at this level; null: none) — unless
 * the previous release (the pool's index) has these bytes at this path, with the same siblings: then nothing is
 * compressed or written (its file and siblings stay), and the job comes back `same`.
 */
export interface ComputeJob {
  path: string;
  body: string | Uint8Array;
  brotli: number | null;
  gzip: number | null;
}

/** One file written (or a sibling): its path, size and SHA-256. */
export interface Computed {
  path: string;
  bytes: number;
  sha256: string;
}

/** The previous release's file at a job's path, with its siblings, has the job's bytes: nothing was written. */
export interface Same {
  same: true;
  path: string;
  sha256: string;
  /** The paths of its siblings (`x.json.br`, `x.json.gz`), which stay too. */
  siblings: string[];
}

/** A job's result: the file, then its siblings (`.br`, `.gz`), written; or `same`. */
export type ComputeResult = Computed[] | Same;

// Plain JavaScript with Node built-ins only (runs the same from dist/ and from the sources under test). The bytes
// of a batch go to the file-system thread in one transferred buffer, on the port it was given; only the sizes and
// hashes come back to the thread that renders.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const zlib = require("node:zlib");
${FILE_INDEX_SOURCE}
const fs = workerData.fs;
const index = workerData.index;
const sha = (b) => createHash("sha256").update(b).digest("hex");
const has = (path) => indexGet(index, path) !== null;
const same = (job, hash) =>
  indexGet(index, job.path) === hash.slice(0, 16) &&
  has(job.path + ".br") === (job.brotli !== null) &&
  has(job.path + ".gz") === (job.gzip !== null);
parentPort.on("message", ({ id, write, jobs, replace }) => {
  try {
    const files = [];
    let total = 0;
    for (const job of jobs) {
      const body = typeof job.body === "string" ? Buffer.from(job.body) : Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
      const hash = sha(body);
      if (index && same(job, hash)) {
        const siblings = [];
        if (job.brotli !== null) siblings.push(job.path + ".br");
        if (job.gzip !== null) siblings.push(job.path + ".gz");
        files.push({ same: true, path: job.path, sha256: hash, siblings });
        continue;
      }
      const out = [{ path: job.path, body, sha256: hash }];
      if (job.brotli !== null)
        out.push({ path: job.path + ".br", body: zlib.brotliCompressSync(body, { params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: job.brotli,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        } }) });
      if (job.gzip !== null) out.push({ path: job.path + ".gz", body: zlib.gzipSync(body, { level: job.gzip }) });
      for (const f of out) total += f.body.length;
      files.push(out);
    }
    const buffer = new ArrayBuffer(total);
    const all = new Uint8Array(buffer);
    const ops = [];
    let at = 0;
    const results = files.map((out) => out.same ? out : out.map((f) => {
      all.set(f.body, at);
      ops.push({ op: "write", path: f.path, body: new Uint8Array(buffer, at, f.body.length), replace });
      at += f.body.length;
      return { path: f.path, bytes: f.body.length, sha256: f.sha256 ?? sha(f.body) };
    }));
    fs.postMessage({ id: write, ops }, [buffer]);
    parentPort.postMessage({ id, results });
  } catch (e) {
    parentPort.postMessage({ id, error: { message: e.message, code: e.code } });
  }
});
`;

/** Batches a worker may hold at once: enough to keep it busy, few enough to bound the memory of queued bodies. */
const PER_WORKER = 4;

interface Reply {
  id: number;
  results?: ComputeResult[];
  error?: { message: string; code?: string };
}

/**
 * Worker threads, one per core, that hash files and compress their siblings in batches and hand the bytes to the
 * file-system thread themselves (`connect` gives each its port to it), so that the thread that renders does
 * neither and never holds the bytes again. `compute` waits while every worker is full, so a fast renderer cannot
 * queue unbounded memory.
 * The previous release's index (`./file-index.ts`), shared with every worker, says which bodies it already has.
 * @example const pool = new ComputePool(() => fs.connect(), null); const { id, done } = fs.expect(); const results = await pool.compute(jobs, id, false); await done;
 */
export class ComputePool {
  readonly #workers: { worker: Worker; load: number }[];
  readonly #pending = new Map<
    number,
    { resolve: (r: ComputeResult[]) => void; reject: (e: Error) => void; slot: number }
  >();
  readonly #waiting: (() => void)[] = [];
  #next = 0;

  constructor(
    connect: () => MessagePort,
    index: Uint32Array | null,
    size = Math.max(1, availableParallelism()),
  ) {
    this.#workers = Array.from({ length: size }, (_, slot) => {
      const fs = connect();
      const worker = new Worker(WORKER, { eval: true, workerData: { fs, index }, transferList: [fs] });
      worker.on("message", (m: Reply) => this.#settle(m));
      worker.on("error", (e) => {
        for (const [id, p] of this.#pending)
          if (p.slot === slot) {
            this.#pending.delete(id);
            p.reject(e);
          }
      });
      return { worker, load: 0 };
    });
  }

  /**
   * Hashes and compresses a batch of files, and sends those to write to the file-system thread as its batch
   * `write` (`replace`: they may take the place of files of a recycled tree); resolves with each file's result,
   * in order, once they are sent (not written: the file-system thread confirms `write`).
   */
  async compute(jobs: readonly ComputeJob[], write: number, replace: boolean): Promise<ComputeResult[]> {
    let slot = this.#leastLoaded();
    while ((this.#workers[slot]?.load ?? 0) >= PER_WORKER) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
      slot = this.#leastLoaded();
    }
    const entry = this.#workers[slot] as { worker: Worker; load: number };
    entry.load++;
    const id = this.#next++;
    return new Promise<ComputeResult[]>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, slot });
      entry.worker.postMessage({ id, write, jobs, replace });
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
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
    else p.resolve(m.results ?? []);
  }
}
