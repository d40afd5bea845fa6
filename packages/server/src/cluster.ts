import cluster, { type Worker } from "node:cluster";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkInThread } from "./check-thread.js";
import { type ReloadResult, watchReplacement } from "./live-site.js";
import { jsonLogger, type Logger } from "./log.js";
import type { ServeOptions } from "./server.js";

/** Messages between the primary and its workers. */
export type ClusterMessage =
  | { type: "ready"; url: string; version: string; documents: number }
  | { type: "failed"; error: string }
  | { type: "reload"; root: string }
  | { type: "reloaded"; result: ReloadResult }
  | { type: "reload-request"; reason: string }
  | { type: "shutdown" };

export interface ClusterOptions extends Omit<ServeOptions, "log" | "accessLog"> {
  workers: number;
  accessLog?: boolean;
  /** Milliseconds the workers get to finish requests on shutdown. */
  graceMs?: number;
  log?: Logger;
  /** Restart backoff: first delay and cap in milliseconds, and how long a worker must stay up to reset it. */
  restart?: { baseMs: number; capMs: number; stableMs: number };
}

export interface RunningCluster {
  url: string;
  version: string;
  documents: number;
  /** Checks the folder again and, when it matches its manifest, tells every worker to load it. */
  reload(reason?: string): Promise<ReloadResult>;
  /** Graceful shutdown of every worker; resolves when all have exited. */
  close(): Promise<void>;
}

export const DEFAULT_RESTART = { baseMs: 100, capMs: 30_000, stableMs: 10_000 };

/**
 * Delay before replacing a worker that died, after `failures` deaths in a row: none for the first, then
 * exponential from `baseMs`, capped at `capMs`.
 * @example restartDelay(0); // 0
 * @example restartDelay(3); // 400
 */
export function restartDelay(failures: number, restart = DEFAULT_RESTART): number {
  if (failures <= 0) return 0;
  return Math.min(restart.capMs, restart.baseMs * 2 ** (failures - 1));
}

/**
 * Starts `workers` processes that share one listening socket (node:cluster). The primary checks the
 * folder against its manifest (once, for all workers) and hands each worker the resolved release to load;
 * it watches for a new release and relays reloads and shutdowns. Workers accept connections themselves
 * (`SCHED_NONE`): the primary holds no client connections, so running out of descriptors can never stop it
 * handing out work. A worker that dies is replaced after an exponential backoff (reset once a worker has
 * stayed up).
 * @example const c = await startCluster({ dir: "public", port: 8080, workers: 2, watch: true }); process.on("SIGHUP", () => c.reload());
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? jsonLogger("primary");
  const restart = options.restart ?? DEFAULT_RESTART;
  const dir = resolve(options.dir);
  const { log: _log, restart: _restart, ...passed } = options;
  let checked = await checkInThread(dir, options.openFiles);
  const env = () => ({
    UCD_SERVE_OPTIONS: JSON.stringify({ ...passed, dir: checked.root, checkFiles: false }),
    // Workers accept from one shared socket; libuv's single-accept mode makes each take one connection and
    // yield, so a burst of connections is spread over the workers instead of landing on the first awake.
    UV_TCP_SINGLE_ACCEPT: process.env.UV_TCP_SINGLE_ACCEPT ?? "1",
  });
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({
    exec: fileURLToPath(new URL("./worker.js", import.meta.url)),
    execArgv: workerFlags(process.execArgv),
  });
  let stopping = false;
  let started = false;
  let failures = 0;
  const born = new Map<Worker, number>();
  const fork = () => born.set(cluster.fork(env()), Date.now());
  const broadcast = (message: ClusterMessage) => {
    for (const w of Object.values(cluster.workers ?? {})) if (w?.isConnected()) w.send(message);
  };

  let reloading: Promise<ReloadResult> | null = null;
  let again = false;
  const reload = (reason = "request"): Promise<ReloadResult> => {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async (): Promise<ReloadResult> => {
      try {
        const next = await checkInThread(dir, options.openFiles);
        const changed = next.version !== checked.version;
        // Broadcast even when unchanged: the same build republished lives in another release folder (see LiveSite).
        const moved = !changed && next.root !== checked.root;
        checked = next;
        log("reload", { reason, version: next.version, root: next.root, changed, moved });
        broadcast({ type: "reload", root: next.root });
        return { ok: true, version: next.version, changed };
      } catch (e) {
        const error = (e as Error).message;
        log("reload-refused", { reason, error, serving: checked.version });
        return { ok: false, error };
      } finally {
        reloading = null;
        if (again) {
          again = false;
          void reload("follow-up");
        }
      }
    })();
    return reloading;
  };

  return new Promise<RunningCluster>((resolveStart, rejectStart) => {
    let ready = 0;
    let first: Extract<ClusterMessage, { type: "ready" }> | null = null;
    cluster.on("message", (worker: Worker, message: ClusterMessage) => {
      if (message.type === "ready") {
        first ??= message;
        if (!started && ++ready === options.workers) {
          started = true;
          resolveStart(running(first));
        }
      } else if (message.type === "failed" && !started) {
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.kill();
        rejectStart(new Error(message.error));
      } else if (message.type === "reloaded") {
        log("worker-reloaded", { worker: worker.id, ...flatten(message.result) });
      } else if (message.type === "reload-request") {
        void reload(message.reason);
      }
    });
    cluster.on("exit", (worker, code, signal) => {
      const lived = Date.now() - (born.get(worker) ?? 0);
      born.delete(worker);
      if (stopping || !started) return;
      if (lived >= restart.stableMs) failures = 0;
      const delay = restartDelay(failures, restart);
      failures++;
      log("worker-exited", { worker: worker.id, code, signal, livedMs: lived, restartInMs: delay });
      const timer = setTimeout(() => {
        if (!stopping) fork();
      }, delay);
      timer.unref();
    });
    for (let i = 0; i < options.workers; i++) fork();

    function running(info: Extract<ClusterMessage, { type: "ready" }>): RunningCluster {
      const watcher = options.watch
        ? watchReplacement(
            dir,
            50,
            () => void reload("folder replaced"),
            (e) => log("watch-error", { error: e.message }),
          )
        : null;
      return {
        url: info.url,
        version: info.version,
        documents: info.documents,
        reload,
        close: () => {
          stopping = true;
          watcher?.close();
          const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
          return new Promise<void>((done) => {
            let left = alive.length;
            if (left === 0) return done();
            const force = setTimeout(
              () => {
                for (const w of alive) w.process.kill("SIGKILL");
              },
              (options.graceMs ?? 10_000) + 2_000,
            );
            for (const w of alive) {
              w.once("exit", () => {
                if (--left === 0) {
                  clearTimeout(force);
                  done();
                }
              });
              if (w.isConnected()) w.send({ type: "shutdown" });
              else w.process.kill("SIGTERM");
            }
          });
        },
      };
    }
  });
}

/**
 * The Node flags of a worker: the primary's, and a 1 MiB semi-space unless one is given. V8's young generation
 * otherwise grows to ~48 MiB under a steady request load (each request leaves a little garbage), and that stays
 * resident: measured on the sample, a worker's anonymous memory after a wrk run went from ~65 to ~34 MiB, with no
 * loss of throughput or p99 (docs/server.md, "Where the memory goes").
 * @example workerFlags([]); // ["--max-semi-space-size=1"]
 */
export function workerFlags(execArgv: readonly string[]): string[] {
  if (execArgv.some((a) => a.startsWith("--max-semi-space-size"))) return [...execArgv];
  return [...execArgv, "--max-semi-space-size=1"];
}

function flatten(result: ReloadResult): Record<string, string | boolean> {
  return result.ok
    ? { ok: true, version: result.version, changed: result.changed }
    : { ok: false, error: result.error };
}
