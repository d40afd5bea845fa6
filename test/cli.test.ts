import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { readdir, readFile, readlink } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleBuildLog, sampleSite } from "./helpers/sample-build.js";
import { SITE_URL, tempDir } from "./helpers/sample-site.js";
import { HIFLD_FIXTURE } from "./ingest/helpers.js";

const exec = promisify(execFile);
const BIN = join(process.cwd(), "bin/ucd.js");

/** Runs the compiled CLI (npm test compiles first) and returns its exit code and output. */
async function ucd(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], { timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a process runs (a zombie, ended and not yet reaped by whoever adopted it, does not). */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

// Each test runs its own process: they run side by side.
describe.concurrent("ucd command line", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(() => tmp.cleanup());

  it("lists its commands with --help and exits 0", async () => {
    const r = await ucd("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/build/);
    expect(r.stdout).toMatch(/serve/);
  });

  it.each(["build", "serve", "start"])("%s --help prints its usage and exits 0", async (command) => {
    const r = await ucd(command, "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Usage: ucd ${command}`));
  });

  it.each([
    [["frobnicate"], /unknown command/],
    [["build", "--no-such-flag"], /Unknown option/],
    [["build", "--site-url", "ftp://example.org"], /not an http/],
    [["build", "--compression", "ultra"], /max or fast/],
    [["serve", "--port", "99999"], /invalid port/],
    [["serve", "a", "b"], /one folder/],
  ])("exits 2 on bad usage: %j", async (args, message) => {
    const r = await ucd(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("exits 2 with no command at all", async () => {
    expect((await ucd()).code).toBe(2);
  });

  it("start with its port taken fails before building anything, saying to set PORT or --port", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen({ host: "127.0.0.1", port: 0 }, resolve));
    const port = (taken.address() as AddressInfo).port;
    const out = join(tmp.dir, "start-port-taken");
    try {
      const r = await ucd("start", "--host", "127.0.0.1", "--port", String(port), "--out", out);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(r.stderr).toMatch(
        new RegExp(`nothing was built\\. Set PORT=${port + 1} or pass --port ${port + 1}`),
      );
      expect(r.stdout).not.toMatch(/built the synthetic sample/);
      await expect(readdir(out)).rejects.toThrow(/ENOENT/);
    } finally {
      taken.close();
    }
  });

  it("builds the sample into --out with the given site address and exits 0", async () => {
    // The suite's shared sample is built by this very command (test/global-setup.ts).
    expect(sampleBuildLog()).toMatch(/^built 8600 clinics \(synthetic sample\) into /m);
    expect(sampleBuildLog()).toMatch(/^release 0001-\d{4}-\d{2}-\d{2} published$/m);
    const index = JSON.parse(await readFile(join(sampleSite(), "api/v1/index.json"), "utf8"));
    expect(index.base_url).toBe(`${SITE_URL}/api/v1`);
    expect((await readdir(join(sampleSite(), "api/v1/clinics"))).length).toBe(51);
  });

  it("a build runs with its V8 flag, and a SIGTERM stops it with nothing published", async () => {
    // Node 23.11+: the process itself becomes the build (`process.execve`); Node 20: a child process runs it.
    const out = join(tmp.dir, "stopped");
    const started = spawn(process.execPath, [BIN, "build", "--out", out, "--compression", "fast"], {
      stdio: "ignore",
    });
    const exited = once(started, "exit");
    const flagged = async (pid: number) =>
      (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => ""))
        .split("\0")
        .includes("--max-semi-space-size=64");
    // Until the build is found (however long a busy machine takes to start it), or the process ended.
    let build = 0;
    while (build === 0 && started.exitCode === null && started.signalCode === null) {
      const children = await readFile(`/proc/${started.pid}/task/${started.pid}/children`, "utf8").catch(
        () => "",
      );
      for (const pid of [started.pid as number, ...children.trim().split(" ").filter(Boolean).map(Number)])
        if (await flagged(pid)) build = pid;
      if (build === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(build).toBeGreaterThan(0);
    started.kill("SIGTERM");
    const [code, signal] = await exited;
    expect([code, signal]).toEqual([null, "SIGTERM"]);
    expect(() => process.kill(build, 0)).toThrow(/ESRCH/);
    await expect(readdir(out).catch(() => [])).resolves.not.toContain("public");
  });

  it("on Node 20's path, a build whose parent is killed (SIGKILL) ends too, and the next build is not refused", async () => {
    // The relaunch's child process (Node 20): where Node has process.execve, it is taken away to take that path.
    const out = join(tmp.dir, "orphaned");
    const lock = join(tmp.dir, ".orphaned.releases", ".lock");
    const noExecve = "data:text/javascript,delete process.execve";
    const parent = spawn(
      process.execPath,
      ["--import", noExecve, BIN, "build", "--input", HIFLD_FIXTURE, "--out", out, "--compression", "fast"],
      { stdio: "ignore" },
    );
    const exited = once(parent, "exit");
    // The child holds the store's lock once it has imported, while it renders (seconds).
    let child = 0;
    for (let i = 0; i < 4800 && child === 0; i++) {
      const holder = Number(await readFile(lock, "utf8").catch(() => "0"));
      if (holder > 0 && holder !== parent.pid) child = holder;
      else await sleep(25);
    }
    expect(child).toBeGreaterThan(0);
    parent.kill("SIGKILL");
    await exited;
    let alive = true;
    for (let i = 0; i < 2400 && alive; i++) {
      alive = await running(child);
      if (alive) await sleep(25);
    }
    expect(alive).toBe(false);
    await expect(readlink(out)).rejects.toThrow(/ENOENT/); // nothing published
    const next = await ucd("build", "--input", HIFLD_FIXTURE, "--out", out, "--compression", "fast");
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/^release \d{4}-\S+ published$/m);
  });

  it("exits 1 when serving a folder that does not exist", async () => {
    const r = await ucd("serve", join(tmp.dir, "missing"), "--port", "0");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ENOENT/);
  });
});
