/**
 * The command line of the server, shared by `ucd-server` (this package's bin) and `ucd serve` (the
 * project's CLI): options, their environment fallbacks, and the run loop (signals, shutdown).
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { startCluster, workerFlags } from "./cluster.js";
import { startServer } from "./server.js";
import { DEFAULT_SITE_OPTIONS } from "./site.js";

/** Bad usage of the command line (exit code 2). */
export class ServeUsageError extends Error {
  override readonly name = "ServeUsageError";
}

/** The options, as `node:util` `parseArgs` takes them. */
export const SERVE_OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  workers: { type: "string" },
  mode: { type: "string" },
  "access-log": { type: "boolean" },
  "max-connections": { type: "string" },
  "headers-timeout": { type: "string" },
  grace: { type: "string" },
  "hot-mib": { type: "string" },
  "no-watch": { type: "boolean" },
} as const;

/** The options' help lines (shared by every command that serves). */
export const SERVE_OPTIONS_HELP = `  --host HOST             address to listen on (default: $HOST or 127.0.0.1)
  --port N                port to listen on, 0 for any free one (default: $PORT or 8080)
  --workers N             worker processes (default: $WORKERS, or the number of cores; 1 with 2 cores or fewer)
  --mode raw|node         raw-socket HTTP/1.1 server (raw, default; "fast" is an old name for it) or node:http
  --access-log            one JSON line per response on stdout (off by default)
  --max-connections N     connections per worker before answering 503 (default 10000, lowered to fit
                          the open-files limit)
  --headers-timeout MS    time a client gets to send its request head (default 10000)
  --grace MS              time in-flight requests get on shutdown (default 10000)
  --hot-mib N             MiB of documents per worker held with precomputed responses (default ${DEFAULT_SITE_OPTIONS.hotBytes / 1048576})
  --no-watch              reload on SIGHUP only, not when the folder is replaced`;

export const SERVE_USAGE = `Usage: ucd-server [DIR] [options]

Serves a build output folder (default: public) over HTTP: the API, the site, the downloads. It refuses a
folder that does not match its files.tsv. A new build published in place (the public symlink swapped, or
the folder renamed) or SIGHUP reloads it without dropping a request; SIGTERM/SIGINT finish requests in
flight and exit 0.

Options:
${SERVE_OPTIONS_HELP}
  -h, --help              show this help`;

export interface ServeSettings {
  host: string;
  port: number;
  workers: number;
  mode: "raw" | "node";
  accessLog: boolean;
  maxConnections: number;
  headersTimeoutMs: number;
  graceMs: number;
  hotBytes: number;
  watch: boolean;
}

type Values = {
  [K in keyof typeof SERVE_OPTIONS]?: (typeof SERVE_OPTIONS)[K]["type"] extends "boolean" ? boolean : string;
};

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ServeUsageError(`invalid ${name}: ${value}`);
  return n;
}

function port(value: string | undefined): number {
  if (value === undefined || value === "") return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ServeUsageError(`invalid port: ${value}`);
  return n;
}

/**
 * Workers when none are asked for: one process on a machine of one or two cores (a small VPS: a cluster there
 * costs two or three Node processes, ~45 MiB each before serving anything, for no more throughput than one
 * process gets beside the other work of the box), else one per core (docs/server.md, "Memory").
 * @example defaultWorkers(2); // 1
 */
export function defaultWorkers(cores = availableParallelism()): number {
  return cores <= 2 ? 1 : cores;
}

/**
 * Reads the serve options (and their environment fallbacks) into settings.
 * @example serveSettings({ port: "0", mode: "fast" }).mode; // "raw"
 */
export function serveSettings(values: Values): ServeSettings {
  const mode = values.mode ?? "raw";
  if (mode !== "raw" && mode !== "fast" && mode !== "node")
    throw new ServeUsageError(`invalid mode: ${mode} (raw or node)`);
  return {
    host: values.host ?? process.env.HOST ?? "127.0.0.1",
    port: port(values.port ?? process.env.PORT),
    workers: positive(values.workers ?? process.env.WORKERS, defaultWorkers(), "workers"),
    mode: mode === "node" ? "node" : "raw",
    accessLog: values["access-log"] ?? false,
    maxConnections: positive(values["max-connections"], 10_000, "max-connections"),
    headersTimeoutMs: positive(values["headers-timeout"], 10_000, "headers-timeout"),
    graceMs: positive(values.grace, 10_000, "grace"),
    hotBytes: positive(values["hot-mib"], DEFAULT_SITE_OPTIONS.hotBytes / 1048576, "hot-mib") * 1048576,
    watch: !(values["no-watch"] ?? false),
  };
}

/** Set in the environment of a process that `execForServing` started, so that it never does it twice. */
const EXECED = "UCD_SERVE_EXECED";

/**
 * For a command that does nothing but serve in one process (`ucd-server`, `ucd serve` with one worker): starts
 * the process afresh with the Node flags cluster workers get (`workerFlags`: a 1 MiB semi-space, so V8's young
 * generation does not grow to ~48 MiB under load), by `process.execve` — the same process, PID and standard
 * streams, a new Node. Only on Node versions that have it (23.11+), only when no such flag is set already, and
 * never for a command that did work of its own first (`ucd start` builds, then serves). Returns when it does
 * nothing.
 * @example execForServing(settings.workers); // before anything is loaded or printed
 */
export function execForServing(workers: number): void {
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => void })
    .execve;
  if (workers !== 1 || typeof execve !== "function" || process.env[EXECED] === "1") return;
  const flags = workerFlags(process.execArgv);
  if (
    flags.length === process.execArgv.length ||
    /--max-semi-space-size/.test(process.env.NODE_OPTIONS ?? "")
  )
    return;
  execve.call(process, process.execPath, [process.execPath, ...flags, ...process.argv.slice(1)], {
    ...process.env,
    [EXECED]: "1",
  });
}

/**
 * Starts the server (one process, or a cluster of workers), prints where it is, reloads on SIGHUP, and
 * resolves after a graceful shutdown on SIGINT/SIGTERM.
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
    hotBytes: s.hotBytes,
  };
  let url: string;
  let reload: () => void;
  let close: () => Promise<void>;
  if (s.workers === 1) {
    const running = await startServer(options);
    console.log(`serving ${dir} (${running.site.documents} documents, 1 process, ${s.mode} mode)`);
    ({ url } = running);
    reload = () => void running.reload();
    close = () => running.close(s.graceMs);
  } else {
    const running = await startCluster({ ...options, workers: s.workers, graceMs: s.graceMs });
    console.log(`serving ${dir} (${running.documents} documents, ${s.workers} workers, ${s.mode} mode)`);
    url = running.url;
    reload = () => void running.reload("SIGHUP");
    close = () => running.close();
  }
  console.log(`  Site:      ${url}/`);
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

/**
 * Runs `ucd-server` with `argv` (without the node and script paths); returns the exit code: 0 after a
 * graceful shutdown, 1 when the folder cannot be served, 2 on bad usage.
 * @example process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[]): Promise<number> {
  try {
    const parsed = (() => {
      try {
        return parseArgs({
          args: argv,
          options: { ...SERVE_OPTIONS, help: { type: "boolean", short: "h" } },
          allowPositionals: true,
          strict: true,
        });
      } catch (e) {
        throw new ServeUsageError((e as Error).message);
      }
    })();
    if (parsed.values.help) {
      console.log(SERVE_USAGE);
      return 0;
    }
    if (parsed.positionals.length > 1)
      throw new ServeUsageError(`takes one folder, got ${parsed.positionals.length}`);
    const settings = serveSettings(parsed.values);
    execForServing(settings.workers);
    await serve(parsed.positionals[0] ?? "public", settings);
    return 0;
  } catch (e) {
    if (e instanceof ServeUsageError) {
      console.error(`ucd-server: ${e.message}\n\n${SERVE_USAGE}`);
      return 2;
    }
    const err = e as NodeJS.ErrnoException;
    console.error(`ucd-server: ${err.code ? `${err.code}: ` : ""}${err.message}`);
    return 1;
  }
}
