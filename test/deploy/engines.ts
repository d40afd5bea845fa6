// Real servers for the deploy tests: a free port, a process started with a generated config, its port awaited.
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Installed binaries the tests drive; a missing one skips its suite, except under CI where it fails. */
export const BINARIES = {
  nginx: "/usr/sbin/nginx",
  caddy: "/usr/bin/caddy",
  varnishd: "/usr/sbin/varnishd",
  rclone: "/usr/bin/rclone",
};

/** Null when `binary` can run; otherwise why its suite is skipped (and, under CI, a thrown error). */
export function missing(name: keyof typeof BINARIES): string | null {
  try {
    accessSync(BINARIES[name], constants.X_OK);
    return null;
  } catch {
    const why = `${BINARIES[name]} is not installed (apt-get install nginx-light libnginx-mod-http-brotli-static caddy varnish rclone)`;
    if (process.env.CI) throw new Error(why);
    return why;
  }
}

/** Null when `path` exists (a module an engine loads); otherwise why its suite is skipped (under CI: thrown). */
export function missingFile(path: string): string | null {
  try {
    accessSync(path, constants.R_OK);
    return null;
  } catch {
    const why = `${path} is not installed`;
    if (process.env.CI) throw new Error(why);
    return why;
  }
}

/** A port free on 127.0.0.1 now (bound to port 0, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
    server.on("error", reject);
  });
}

/** Resolves once something accepts connections on the port, or rejects after `ms`. */
export async function waitForPort(port: number, child: ChildProcess, log: () => string, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before listening:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing listening on ${port} after ${ms} ms:\n${log()}`);
}

export interface Engine {
  url: string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
}

/**
 * Starts `command args` (with `{dir}` and `{port}` replaced) after writing `config` (a function of the port) to
 * `dir/config`, and waits for its port (up to `waitMs`).
 */
export async function startEngine(
  command: string,
  args: string[],
  config: (port: number, dir: string) => string,
  env: NodeJS.ProcessEnv = {},
  waitMs = 10_000,
): Promise<Engine> {
  const dir = await mkdtemp(join(tmpdir(), "ucd-engine-"));
  const port = await freePort();
  const file = join(dir, "config");
  await writeFile(file, config(port, dir));
  let output = "";
  const child = spawn(
    command,
    args.map((a) => a.replace("{dir}", dir).replace("{config}", file).replace("{port}", String(port))),
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, ...env },
    },
  );
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    // Retried: varnishd's child process can still be writing its shared-memory files just after the manager exits
    // (seen as ENOTEMPTY on a loaded machine).
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  };
  try {
    await waitForPort(port, child, () => output, waitMs);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `http://127.0.0.1:${port}`, port, dir, stop };
}

/** The user nginx's workers run as: as root, root (the suite's folders are private to their owner). */
export const nginxUser = (): { user?: string } => (process.getuid?.() === 0 ? { user: "root" } : {});
