import type { AddressInfo, Server } from "node:net";
import { connectionCap } from "./fd-limit.js";
import { LiveSite, type ReloadResult } from "./live-site.js";
import { type AccessLogger, accessLogger, jsonLogger, type Logger } from "./log.js";
import { createNodeServer } from "./node-server.js";
import { createRawServer, DEFAULT_LIMITS, type Limits } from "./raw-server.js";
import type { Site, SiteOptions } from "./site.js";

/**
 * `raw`: a raw-socket HTTP/1.1 server with its own strict parser (default). `node`: node:http. `fast` is
 * the former name of `raw`, still accepted.
 */
export type ServerMode = "raw" | "node" | "fast";

export interface ServeOptions extends Partial<Limits>, SiteOptions {
  /** Output folder of a build (or the `public` symlink to the current release). */
  dir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  mode?: ServerMode;
  /** Reload when the folder is replaced by a rename (default false here; the CLI turns it on). */
  watch?: boolean;
  /** true for JSON lines on stdout, or a function of your own. Off by default: nothing is logged per request. */
  accessLog?: boolean | AccessLogger;
  /** Reloads, refusals and shutdowns (default: JSON lines on stderr). */
  log?: Logger;
  /** Least time between two `file-failed` lines and the reloads they ask for (default 10 s). */
  failureIntervalMs?: number;
}

export interface RunningServer {
  server: Server;
  /** The site answering requests now. */
  readonly site: Site;
  live: LiveSite;
  mode: "raw" | "node";
  url: string;
  /** Loads the folder again; a valid build replaces the served one, an invalid one is refused and logged. */
  reload(root?: string): Promise<ReloadResult>;
  /** Stops accepting, finishes requests in flight, closes; connections still open after `graceMs` are cut. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Loads the output folder and serves it in this process.
 * @example const s = await startServer({ dir: "public", port: 0 }); console.log(s.url); await s.close();
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const log = options.log ?? jsonLogger();
  const siteOptions: SiteOptions = {};
  if (options.hotBytes !== undefined) siteOptions.hotBytes = options.hotBytes;
  if (options.streamOver !== undefined) siteOptions.streamOver = options.streamOver;
  if (options.checkFiles !== undefined) siteOptions.checkFiles = options.checkFiles;
  if (options.openFiles !== undefined) siteOptions.openFiles = options.openFiles;
  const live = await LiveSite.open(options.dir, log, siteOptions, options.failureIntervalMs);
  const limits: Limits = {
    headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_LIMITS.headersTimeoutMs,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_LIMITS.keepAliveTimeoutMs,
    sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_LIMITS.sendTimeoutMs,
    maxHeadBytes: options.maxHeadBytes ?? DEFAULT_LIMITS.maxHeadBytes,
    maxConnections: connectionCap(options.maxConnections ?? DEFAULT_LIMITS.maxConnections),
    reuseReadBuffer: options.reuseReadBuffer ?? DEFAULT_LIMITS.reuseReadBuffer,
    lingerMs: options.lingerMs ?? DEFAULT_LIMITS.lingerMs,
  };
  const access = options.accessLog === true ? accessLogger() : options.accessLog || undefined;
  const mode = options.mode === "node" ? "node" : "raw";
  const running =
    mode === "node"
      ? createNodeServer(live, limits, access, log)
      : createRawServer(live, limits, access, log);
  const server = running.server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8080, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const unwatch = options.watch ? live.watch() : () => {};
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    get site() {
      return live.current;
    },
    live,
    mode,
    url: `http://${host}:${address.port}`,
    reload: (root?: string) => live.reload("request", root),
    close: async (graceMs?: number) => {
      unwatch();
      await running.close(graceMs);
      await live.close();
    },
  };
}
