/**
 * Entry point of one cluster worker: serves the release the primary checked (passed in
 * `UCD_SERVE_OPTIONS`), loads the next one when told, asks the primary for a reload on SIGHUP (the whole
 * cluster reloads together), and shuts down gracefully on "shutdown" or SIGTERM.
 */
import type { ClusterMessage } from "./cluster.js";
import { jsonLogger } from "./log.js";
import { type ServeOptions, startServer } from "./server.js";

const options = JSON.parse(process.env.UCD_SERVE_OPTIONS ?? "{}") as ServeOptions & { graceMs?: number };
const log = jsonLogger("worker");
const send = (message: ClusterMessage) => process.send?.(message);

// Installed before loading: a SIGHUP meant for the whole server must never kill a worker.
process.on("SIGHUP", () => send({ type: "reload-request", reason: "SIGHUP to a worker" }));

try {
  const running = await startServer({ ...options, watch: false, log });
  // This worker serves the release folder the primary resolved; a file failing in it (changed, or pruned
  // with its release) asks the primary to reload, which resolves the served path afresh for every worker.
  running.live.requestReload = (reason) => send({ type: "reload-request", reason });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    running.close(options.graceMs).then(() => process.exit(0));
  };
  process.on("message", (message: ClusterMessage) => {
    if (message.type === "reload")
      running.reload(message.root).then((result) => send({ type: "reloaded", result }));
    else if (message.type === "shutdown") stop();
  });
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  send({
    type: "ready",
    url: running.url,
    version: running.site.version,
    documents: running.site.documents,
  });
} catch (e) {
  log("start-failed", { error: (e as Error).message });
  send({ type: "failed", error: (e as Error).message });
  process.exit(1);
}
