import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSite } from "../src/index.js";
import { fixtureSite, swapInto, writeFixture } from "./helpers/fixture.js";
import { exchange, once, parseResponses } from "./helpers/raw-http.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CLI = join(ROOT, "bin", "ucd.js");

interface Child {
  proc: ChildProcess;
  url: string;
  exit: Promise<number | null>;
  output: () => string;
}

/** Runs `ucd serve` in a child process and waits for the URL it prints. */
async function serveChild(dir: string, args: string[]): Promise<Child> {
  if (!existsSync(join(ROOT, "dist", "cli", "main.js"))) throw new Error("build first: npx tsc -b");
  const proc = spawn(process.execPath, [CLI, "serve", dir, "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const start = Date.now();
  while (!/API index: (http:\/\/\S+)\/api\/v1\/index\.json/.test(out)) {
    if (Date.now() - start > 15_000 || proc.exitCode !== null)
      throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const url = (/API index: (http:\/\/\S+)\/api\/v1\/index\.json/.exec(out) as RegExpExecArray)[1] as string;
  return { proc, url, exit, output: () => out };
}

async function healthVersion(url: string): Promise<string> {
  return JSON.parse((await once(url, "/healthz")).body.toString()).version;
}

describe.each([
  ["one process", ["--workers", "1"]],
  ["two cluster workers", ["--workers", "2"]],
])("ucd serve in a child process (%s)", (_name, workerArgs) => {
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

  it("reloads on SIGHUP, in every worker", async () => {
    const next = join(site.parent, ".next");
    await writeFixture(next, "v9", 10);
    const want = (await loadSite(next)).version;
    expect(await healthVersion(child.url)).not.toBe(want);
    await swapInto(site.dir, next, join(site.parent, ".prev"));
    child.proc.kill("SIGHUP");
    const start = Date.now();
    for (;;) {
      // Fresh connections are spread over the workers: all of them must answer with the new build.
      const seen = await Promise.all(Array.from({ length: 6 }, () => healthVersion(child.url)));
      if (seen.every((v) => v === want)) break;
      if (Date.now() - start > 10_000) throw new Error(`still serving ${seen.join(", ")}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(child.output()).toMatch(/"event":"reload"/);
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    const { connect } = await import("node:net");
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
    const after = await exchange(child.url, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 500);
    expect(after.bytes.length).toBe(0);
  });
});
