import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSite, restartDelay } from "../src/index.js";
import { fixtureSite, pointAt, RELEASES, writeFixture } from "./helpers/fixture.js";
import { exchange, once, parseResponses } from "./helpers/raw-http.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(PACKAGE, "bin", "ucd-server.js");

interface Child {
  proc: ChildProcess;
  url: string;
  exit: Promise<number | null>;
  output: () => string;
}

/** Runs this package's `ucd-server` bin in a child process and waits for the URL it prints. */
async function serveChild(dir: string, args: string[], prefix: string[] = []): Promise<Child> {
  if (!existsSync(join(PACKAGE, "dist", "cli.js"))) throw new Error("build first: npx tsc -b");
  const [cmd, ...rest] = [...prefix, process.execPath, BIN, dir, "--port", "0", ...args];
  const proc = spawn(cmd as string, rest, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const start = Date.now();
  const ready = /API index: (http:\/\/\S+)\/api\/v1\/index\.json/;
  while (!ready.test(out)) {
    if (Date.now() - start > 15_000 || proc.exitCode !== null)
      throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { proc, url: (ready.exec(out) as RegExpExecArray)[1] as string, exit, output: () => out };
}

async function healthVersion(url: string): Promise<string> {
  return JSON.parse((await once(url, "/healthz")).body.toString()).version;
}

/** Pids of the direct children of `pid` (a cluster's workers). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("ucd-server, the package's own bin", () => {
  it("prints its usage (the command and the options) and refuses bad usage with exit code 2", () => {
    const help = spawnSync(process.execPath, [BIN, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: ucd-server \[DIR\]/);
    expect(help.stdout).toMatch(/--mode raw\|node/);
    const bad = spawnSync(process.execPath, [BIN, "--mode", "turbo"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/invalid mode/);
    const missing = spawnSync(process.execPath, [BIN, "/nonexistent/public", "--workers", "1"], {
      encoding: "utf8",
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/ENOENT/);
  });

  it("restart delays grow exponentially up to a cap", () => {
    expect([0, 1, 2, 3, 4, 20].map((n) => restartDelay(n))).toEqual([0, 100, 200, 400, 800, 30_000]);
  });
});

describe.each([
  ["one process", ["--workers", "1"]],
  ["two cluster workers, old mode name", ["--workers", "2", "--mode", "fast"]],
])("ucd-server in a child process (%s)", (_name, workerArgs) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let child: Child;
  beforeAll(async () => {
    site = await fixtureSite(10);
    child = await serveChild(site.dir, [...workerArgs, "--no-watch", "--grace", "3000"]);
  });
  afterAll(async () => {
    if (child.proc.exitCode === null) child.proc.kill("SIGKILL");
    await site.cleanup();
  });

  it("reloads on SIGHUP, in every worker; a SIGHUP sent to a worker reloads too and kills nothing", async () => {
    for (const version of ["v9", "v10"]) {
      const release = join(site.parent, RELEASES, version, "site");
      await writeFixture(release, version, 10);
      const loaded = await loadSite(release);
      const want = loaded.version;
      await loaded.close();
      expect(await healthVersion(child.url)).not.toBe(want);
      await pointAt(site.parent, version);
      const workers = childrenOf(child.proc.pid as number);
      const target =
        version === "v9" || workers.length === 0 ? (child.proc.pid as number) : (workers[0] as number);
      process.kill(target, "SIGHUP");
      await until(async () => {
        // Fresh connections are spread over the workers: all of them must answer with the new build.
        const seen = await Promise.all(Array.from({ length: 6 }, () => healthVersion(child.url)));
        return seen.every((v) => v === want);
      });
      if (workers.length > 0) expect(childrenOf(child.proc.pid as number).sort()).toEqual(workers.sort());
    }
    expect(child.output()).toMatch(/"event":"reload"/);
    expect(child.output()).not.toMatch(/worker-exited/);
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    const port = Number(new URL(child.url).port);
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (d: Buffer) => chunks.push(d));
    const closed = new Promise((r) => socket.on("close", r));
    socket.on("error", () => {});
    await new Promise((r) => socket.on("connect", r));
    socket.write("GET /api/v1/index.json HTTP/1.1\r\nHost: x\r\n"); // a request under way
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    child.proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    socket.write("Accept-Encoding: gzip\r\n\r\n");
    await closed;
    const [response] = parseResponses(Buffer.concat(chunks));
    expect(response?.status).toBe(200);
    expect(response?.headers.connection).toBe("close");
    expect(response?.headers["content-encoding"]).toBe("gzip");
    expect(await child.exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8_000);
    const after = await exchange(child.url, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", { idleMs: 500 });
    expect(after.bytes.length).toBe(0);
  });
});

describe("cluster resilience", () => {
  it("replaces a worker that keeps crashing with exponential backoff, not at once", async () => {
    const site = await fixtureSite(5);
    const child = await serveChild(site.dir, ["--workers", "2", "--no-watch"]);
    try {
      // The release the primary checked now fails every worker's load (a same-size change: hash mismatch).
      const index = join(site.release, "api/v1/index.json");
      const body = readFileSync(index);
      await writeFile(index, Buffer.from(body.toString().replace("fixture", "FIXTURE")));
      const exits = () =>
        [...child.output().matchAll(/"event":"worker-exited".*?"restartInMs":(\d+)/g)].map((m) =>
          Number(m[1]),
        );
      const [worker] = childrenOf(child.proc.pid as number);
      const killed = Date.now();
      process.kill(worker as number, "SIGKILL");
      await until(() => exits().length >= 4);
      // Four exits took at least the three delays before them (0 + 100 + 200 ms); with no backoff, a crashing
      // worker is replaced ~11 times a second.
      expect(Date.now() - killed).toBeGreaterThanOrEqual(300);
      expect(exits().slice(0, 4)).toEqual([0, 100, 200, 400]);
      // The other worker serves on meanwhile.
      expect((await once(child.url, "/api/v1/states.json")).status).toBe(200);
    } finally {
      child.proc.kill("SIGKILL");
      await site.cleanup();
    }
  });

  const prlimit = spawnSync("sh", ["-c", "command -v prlimit"]).status === 0;
  it.skipIf(!prlimit)(
    "keeps serving after a connection flood under a low hard limit on open files (no EMFILE lock-up)",
    async () => {
      const site = await fixtureSite(5);
      const child = await serveChild(
        site.dir,
        ["--workers", "2", "--no-watch"],
        ["prlimit", "--nofile=256:256"],
      );
      const port = Number(new URL(child.url).port);
      try {
        expect((await once(child.url, "/healthz")).status).toBe(200);
        const held = new Set<Socket>();
        const until = Date.now() + 2_000;
        while (Date.now() < until) {
          while (held.size < 2_000) {
            const s = connect(port, "127.0.0.1");
            s.on("error", () => held.delete(s));
            s.on("close", () => held.delete(s));
            s.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
            held.add(s);
          }
          await new Promise((r) => setTimeout(r, 10));
        }
        for (const s of held) s.destroy();
        let served = 0;
        const deadline = Date.now() + 5_000;
        while (served < 10 && Date.now() < deadline) {
          const r = await exchange(
            child.url,
            "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            { idleMs: 1000 },
          );
          if (parseResponses(r.bytes)[0]?.status === 200) served++;
          else await new Promise((r) => setTimeout(r, 100));
        }
        expect(served).toBe(10);
      } finally {
        child.proc.kill("SIGKILL");
        await site.cleanup();
      }
    },
  );
});
