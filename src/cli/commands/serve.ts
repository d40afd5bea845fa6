import { availableParallelism } from "node:os";
import { startCluster, startServer } from "@urgent-care-directory/server";
import { type Command, parse, portFrom, UsageError } from "../args.js";

const usage = `Usage: ucd serve [DIR] [options]

Serves a build output folder (default: public) over HTTP, from memory, on every core. A new build renamed
into place (what \`ucd build\` does) or SIGHUP reloads it without dropping a request; an invalid build is
refused and the old one keeps serving. SIGTERM/SIGINT finish requests in flight and exit 0.

Options:
  --host HOST             address to listen on (default: $HOST or 127.0.0.1)
  --port N                port to listen on, 0 for any free one (default: $PORT or 8080)
  --workers N             worker processes (default: $WORKERS or the number of cores)
  --mode fast|node        raw-socket server (fast, default) or the node:http fallback (node)
  --access-log            one JSON line per response on stdout (off by default)
  --max-connections N     connections per worker before answering 503 (default 10000)
  --headers-timeout MS    time a client gets to send its request head (default 10000)
  --grace MS              time in-flight requests get on shutdown (default 10000)
  --no-watch              reload on SIGHUP only, not when the folder is replaced
  -h, --help              show this help`;

/** Options of `serve` shared with `start`. */
export const SERVE_OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  workers: { type: "string" },
  mode: { type: "string" },
  "access-log": { type: "boolean" },
  "max-connections": { type: "string" },
  "headers-timeout": { type: "string" },
  grace: { type: "string" },
  "no-watch": { type: "boolean" },
} as const;

export interface ServeSettings {
  host: string;
  port: number;
  workers: number;
  mode: "fast" | "node";
  accessLog: boolean;
  maxConnections: number;
  headersTimeoutMs: number;
  graceMs: number;
  watch: boolean;
}

type Values = {
  [K in keyof typeof SERVE_OPTIONS]?: (typeof SERVE_OPTIONS)[K]["type"] extends "boolean" ? boolean : string;
};

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`invalid ${name}: ${value}`);
  return n;
}

/** Reads the serve options (and their environment fallbacks) into settings. */
export function serveSettings(values: Values): ServeSettings {
  const mode = values.mode ?? "fast";
  if (mode !== "fast" && mode !== "node") throw new UsageError(`invalid mode: ${mode} (fast or node)`);
  return {
    host: values.host ?? process.env.HOST ?? "127.0.0.1",
    port: portFrom(values.port ?? process.env.PORT, 8080),
    workers: positive(values.workers ?? process.env.WORKERS, availableParallelism(), "workers"),
    mode,
    accessLog: values["access-log"] ?? false,
    maxConnections: positive(values["max-connections"], 10_000, "max-connections"),
    headersTimeoutMs: positive(values["headers-timeout"], 10_000, "headers-timeout"),
    graceMs: positive(values.grace, 10_000, "grace"),
    watch: !(values["no-watch"] ?? false),
  };
}

export const serveCommand: Command = {
  name: "serve",
  summary: "serve a build output folder over HTTP",
  usage,
  async run(argv) {
    const { values, positionals } = parse(argv, SERVE_OPTIONS, true);
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`serve takes one folder, got ${positionals.length}`);
    await serve(positionals[0] ?? "public", serveSettings(values));
    return 0;
  },
};

/**
 * Starts the server (one process, or a cluster of workers), prints where the API is, reloads on SIGHUP,
 * and resolves after a graceful shutdown on SIGINT/SIGTERM.
 */
export async function serve(dir: string, s: ServeSettings): Promise<void> {
  const options = {
    dir,
    host: s.host,
    port: s.port,
    mode: s.mode,
    watch: s.watch,
    accessLog: s.accessLog,
    maxConnections: s.maxConnections,
    headersTimeoutMs: s.headersTimeoutMs,
  };
  let url: string;
  let reload: () => void;
  let close: () => Promise<void>;
  if (s.workers === 1) {
    const running = await startServer(options);
    console.log(`serving ${dir} (${running.site.documents.size} documents, 1 process, ${s.mode} mode)`);
    ({ url } = running);
    reload = () => void running.reload();
    close = () => running.close(s.graceMs);
  } else {
    const running = await startCluster({ ...options, workers: s.workers, graceMs: s.graceMs });
    console.log(`serving ${dir} (${running.documents} documents, ${s.workers} workers, ${s.mode} mode)`);
    ({ url, reload } = running);
    close = () => running.close();
  }
  console.log(`  API index: ${url}/api/v1/index.json`);
  console.log(`  OpenAPI:   ${url}/api/openapi.json`);
  console.log(`  Health:    ${url}/healthz`);
  process.on("SIGHUP", reload);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.log(`${signal}: finishing requests in flight, then exiting`);
      const timer = setTimeout(() => process.exit(0), s.graceMs + 5_000);
      timer.unref();
      close().then(resolve, resolve);
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
  process.off("SIGHUP", reload);
}
