import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** One file to hash, and to compress into siblings (`.br` at this quality, `.gz` at this level; null: none). */
export interface ComputeJob {
  path: string;
  body: string | Uint8Array;
  brotli: number | null;
  gzip: number | null;
  /**
   * The SHA-256 of the file the previous release has at this path (with the same siblings), or null: a body with
   * this hash is not compressed (the previous release's file and siblings stay), and comes back `same`.
   */
  known: string | null;
}

/** One file's bytes (or a sibling's), its size and SHA-256. */
export interface Computed {
  path: string;
  bytes: number;
  sha256: string;
  body: Uint8Array;
}

/** A job's result: the file, then its siblings (`.br`, `.gz`); or `same` when its hash is the `known` one. */
export type ComputeResult = Computed[] | { same: true; path: string };

// Plain JavaScript with Node built-ins only (runs the same from dist/ and from the sources under test). A batch's
// bodies come back in one buffer, transferred, not copied.
const WORKER = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const zlib = require("node:zlib");
const sha = (b) => createHash("sha256").update(b).digest("hex");
parentPort.on("message", ({ id, jobs }) => {
  try {
    const files = [];
    let total = 0;
    for (const job of jobs) {
      const body = typeof job.body === "string" ? Buffer.from(job.body) : Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
      const hash = sha(body);
      if (hash === job.known) {
        files.push({ same: true, path: job.path });
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
    let at = 0;
    const results = files.map((out) => out.same ? out : out.map((f) => {
      all.set(f.body, at);
      const r = { path: f.path, bytes: f.body.length, sha256: f.sha256 ?? sha(f.body), offset: at };
      at += f.body.length;
      return r;
    }));
    parentPort.postMessage({ id, results, buffer }, [buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: { message: e.message, code: e.code } });
  }
});
`;

/** Batches a worker may hold at once: enough to keep it busy, few enough to bound the memory of queued bodies. */
const PER_WORKER = 4;

interface Reply {
  id: number;
  results?: (
    | { path: string; bytes: number; sha256: string; offset: number }[]
    | { same: true; path: string }
  )[];
  buffer?: ArrayBuffer;
  error?: { message: string; code?: string };
}

/**
 * Worker threads, one per core, that hash files and compress their siblings in batches, so that the thread that
 * renders does neither. `compute` waits while every worker is full, so a fast renderer cannot queue unbounded
 * memory.
 * @example const pool = new ComputePool(); const [[file, br, gz]] = await pool.compute([{ path, body, brotli: 5, gzip: 6 }]); await pool.close();
 */
export class ComputePool {
  readonly #workers: { worker: Worker; load: number }[];
  readonly #pending = new Map<
    number,
    { resolve: (r: ComputeResult[]) => void; reject: (e: Error) => void; slot: number }
  >();
  readonly #waiting: (() => void)[] = [];
  #next = 0;

  constructor(size = Math.max(1, availableParallelism())) {
    this.#workers = Array.from({ length: size }, (_, slot) => {
      const worker = new Worker(WORKER, { eval: true });
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

  /** Hashes and compresses a batch of files; resolves with each file's result, in order. */
  async compute(jobs: readonly ComputeJob[]): Promise<ComputeResult[]> {
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
      entry.worker.postMessage({ id, jobs });
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
      p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      return;
    }
    const buffer = m.buffer as ArrayBuffer;
    p.resolve(
      (m.results ?? []).map((files) =>
        Array.isArray(files)
          ? files.map((f) => ({
              path: f.path,
              bytes: f.bytes,
              sha256: f.sha256,
              body: new Uint8Array(buffer, f.offset, f.bytes),
            }))
          : files,
      ),
    );
  }
}
