import cluster, { type Worker } from "node:cluster";
import { watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReloadResult } from "./live-site.js";
import { jsonLogger, type Logger } from "./log.js";
import type { ServeOptions } from "./server.js";

/** Messages between the primary and its workers. */
export type ClusterMessage =
  | { type: "ready"; url: string; version: string; documents: number }
  | { type: "failed"; error: string }
  | { type: "reload" }
  | { type: "reloaded"; result: ReloadResult }
  | { type: "shutdown" };

export interface ClusterOptions extends Omit<ServeOptions, "log" | "accessLog"> {
  workers: number;
  accessLog?: boolean;
  /** Milliseconds the workers get to finish requests on shutdown. */
  graceMs?: number;
  log?: Logger;
}

export interface RunningCluster {
  url: string;
  version: string;
  documents: number;
  /** Asks every worker to reload. */
  reload(): void;
  /** Graceful shutdown of every worker; resolves when all have exited. */
  close(): Promise<void>;
}

/**
 * Starts `workers` processes that share one listening socket (node:cluster). Each worker holds the site
 * in memory; the primary only watches the folder and relays reloads and shutdowns. A worker that dies
 * unexpectedly is replaced.
 * @example const c = await startCluster({ dir: "public", port: 8080, workers: 2, watch: true }); process.on("SIGHUP", () => c.reload());
 */
export function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? jsonLogger("primary");
  const { log: _log, ...passed } = options;
  const env = { UCD_SERVE_OPTIONS: JSON.stringify({ ...passed, dir: resolve(options.dir) }) };
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./worker.js", import.meta.url)) });
  let stopping = false;
  let started = false;
  const fork = () => cluster.fork(env);

  return new Promise<RunningCluster>((resolveStart, rejectStart) => {
    let ready = 0;
    let first: Extract<ClusterMessage, { type: "ready" }> | null = null;
    const onMessage = (worker: Worker, message: ClusterMessage) => {
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
      }
    };
    cluster.on("message", onMessage);
    cluster.on("exit", (worker, code, signal) => {
      if (stopping || !started) return;
      log("worker-exited", { worker: worker.id, code, signal, action: "replacing" });
      fork();
    });
    for (let i = 0; i < options.workers; i++) fork();

    function running(info: Extract<ClusterMessage, { type: "ready" }>): RunningCluster {
      const broadcast = (message: ClusterMessage) => {
        for (const w of Object.values(cluster.workers ?? {})) w?.send(message);
      };
      let unwatch = () => {};
      if (options.watch) {
        const dir = resolve(options.dir);
        let timer: NodeJS.Timeout | null = null;
        const watcher = watch(dirname(dir), (_e, file) => {
          if (file !== basename(dir)) return;
          if (timer) clearTimeout(timer);
          timer = setTimeout(() => broadcast({ type: "reload" }), 50);
        });
        watcher.on("error", (e) => log("watch-error", { error: e.message }));
        unwatch = () => {
          watcher.close();
          if (timer) clearTimeout(timer);
        };
      }
      return {
        url: info.url,
        version: info.version,
        documents: info.documents,
        reload: () => broadcast({ type: "reload" }),
        close: () => {
          stopping = true;
          unwatch();
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
              w.send({ type: "shutdown" });
            }
          });
        },
      };
    }
  });
}

function flatten(result: ReloadResult): Record<string, string | boolean> {
  return result.ok
    ? { ok: true, version: result.version, changed: result.changed }
    : { ok: false, error: result.error };
}
