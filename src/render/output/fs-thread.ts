import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";

/**
 * One change to the tree being written, relative to its root: a file's bytes, a hard link to a file of another
 * tree (an absolute path), or a removal (a file that is not there is not an error). `replace` lets a write or a
 * link take the place of a file already at the path (a recycled tree): the old name is unlinked first, never
 * written into, since the file may be a hard link shared with a published release.
 */
export type TreeOp =
  | { op: "write"; path: string; body: Uint8Array; replace: boolean }
  | { op: "link"; path: string; from: string; replace: boolean }
  | { op: "unlink"; path: string };

// Plain JavaScript with Node built-ins only, so that it runs the same from the compiled build and from the
// TypeScript sources under test. Synchronous calls: one thread doing nothing else, no promise per file.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { writeFileSync, mkdirSync, linkSync, unlinkSync, rmdirSync } = require("node:fs");
const root = workerData.root;
const parents = new Set();
const full = (path) => root + "/" + path;
const parentOf = (path) => { const i = path.lastIndexOf("/"); return i < 0 ? "" : path.slice(0, i); };
function withFolder(path, make) {
  try {
    make();
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    mkdirSync(full(parentOf(path)), { recursive: true });
    make();
  }
}
function create(path, replace, make) {
  try {
    withFolder(path, make);
  } catch (e) {
    if (e.code !== "EEXIST" || !replace) throw e;
    unlinkSync(full(path));
    make();
  }
}
function apply(o) {
  if (o.op === "write") {
    const body = Buffer.from(o.body.buffer, o.body.byteOffset, o.body.byteLength);
    create(o.path, o.replace, () => writeFileSync(full(o.path), body, { flag: "wx" }));
  } else if (o.op === "link") {
    create(o.path, o.replace, () => linkSync(o.from, full(o.path)));
  } else {
    try {
      unlinkSync(full(o.path));
      const dir = parentOf(o.path);
      if (dir !== "") parents.add(dir);
    } catch (e) {
      if (e.code !== "ENOENT") throw e;
    }
  }
}
/** Removes the folders that removals emptied, deepest first, and their parents once empty. */
function prune() {
  const dirs = [...parents].sort((a, b) => b.length - a.length);
  parents.clear();
  const tried = new Set();
  for (let dir of dirs) {
    while (dir !== "" && !tried.has(dir)) {
      tried.add(dir);
      try {
        rmdirSync(full(dir));
      } catch (e) {
        if (e.code === "ENOTEMPTY" || e.code === "EEXIST" || e.code === "ENOENT") break;
        throw e;
      }
      dir = parentOf(dir);
    }
  }
}
// Batches come from the main thread (links, removals) and straight from the compute threads (files' bytes, on a
// port each); every batch is confirmed to the main thread, which numbers them.
function receive(m) {
  if (m.port) {
    m.port.on("message", receive);
    return;
  }
  try {
    for (const o of m.ops) apply(o);
    if (m.prune) prune();
    parentPort.postMessage({ id: m.id });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: { message: e.message, code: e.code } });
  }
}
parentPort.on("message", receive);
`;

/** Operations gathered before they go to the thread (each message costs tens of microseconds). */
const BATCH = 128;
/** Batches sent and not yet applied: enough to keep the thread busy, few enough to bound their memory. */
const IN_FLIGHT = 8;

/**
 * The one thread that changes the tree: every file, link and removal of a render goes through it. One
 * thread, because file creation does not run in parallel on a journalling file system — two threads creating
 * files in one folder took 8× as long as one, and in separate folders 2× (measured on this project's build
 * machine: docs/benchmarks.md) — and because the rendering keeps the other core busy.
 * @example const fs = new FsThread("/store/.tmp-1/site"); await fs.push({ op: "unlink", path: "x.json" }); await fs.close();
 */
export class FsThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  readonly #inFlight = new Set<Promise<void>>();
  #ops: TreeOp[] = [];
  #next = 0;
  #failure: Error | null = null;

  constructor(root: string) {
    this.#worker = new Worker(WORKER, { eval: true, workerData: { root } });
    this.#worker.on("message", (m: { id: number; error?: { message: string; code?: string } }) => {
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve();
    });
    this.#worker.on("error", (e) => {
      for (const p of this.#pending.values()) p.reject(e);
      this.#pending.clear();
    });
  }

  /**
   * A port for another thread (a compute worker) to send batches of changes on, as `{ id, ops }` with an id from
   * `expect`; the batch is confirmed to this thread.
   */
  connect(): MessagePort {
    const { port1, port2 } = new MessageChannel();
    this.#worker.postMessage({ port: port2 }, [port2]);
    return port1;
  }

  /** A new batch id, and the promise that settles when the thread has applied the batch sent under it. */
  expect(): { id: number; done: Promise<void> } {
    const id = this.#next++;
    const done = new Promise<void>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    done.catch(() => {}); // awaited by the sender; never an unhandled rejection meanwhile
    return { id, done };
  }

  /**
   * Queues one change; returns a promise only when a batch goes out (to wait on while too many are in flight), so
   * that a caller queueing millions awaits rarely. Failures surface from a later call.
   */
  push(op: TreeOp): undefined | Promise<void> {
    this.#throwIfFailed();
    this.#ops.push(op);
    if (this.#ops.length >= BATCH) return this.#send(false);
  }

  /** Applies everything queued, then removes the folders that removals left empty; rejects with the first failure. */
  async flush(): Promise<void> {
    await this.#send(true);
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
    this.#throwIfFailed();
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  async #send(prune: boolean): Promise<void> {
    while (this.#inFlight.size >= IN_FLIGHT) await Promise.race(this.#inFlight);
    this.#throwIfFailed();
    if (this.#ops.length === 0 && !prune) return;
    // Bodies are copied into the message, not transferred: they are views into buffers that other files share.
    const ops = this.#ops;
    this.#ops = [];
    const expected = this.expect();
    const done = expected.done
      .catch((e: Error) => {
        this.#failure ??= e;
      })
      .finally(() => this.#inFlight.delete(done));
    this.#inFlight.add(done);
    this.#worker.postMessage({ id: expected.id, ops, prune });
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure;
  }
}
