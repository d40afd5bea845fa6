// A repeatable rebuild (same input, same --generated-at: the same manifest digest) published again and again while
// `ucd serve` runs: the release store keeps two release folders and recycles or prunes older ones, so a server that
// kept reading the folder it first resolved answered 503 for everything not held in memory (issue 23, item 1).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readlink } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./helpers/sample-site.js";
import { manifestOf } from "./helpers/tree.js";

const exec = promisify(execFile);
const BIN = join(process.cwd(), "bin/ucd.js");
const INPUT = join(process.cwd(), "test/fixtures/ingest/hifld-sample.csv");

/** `ucd build` of the same input with a fixed data version and generation time: byte-identical releases. */
function build(out: string): Promise<unknown> {
  const args = ["build", "--input", INPUT, "--out", out, "--data-version", "2026-10-01"];
  args.push("--generated-at", "2026-10-01T00:00:00Z", "--compression", "fast");
  return exec(process.execPath, [BIN, ...args], { timeout: 120_000 });
}

interface Served {
  child: ChildProcess;
  url: string;
  /** Its log lines (JSON on stderr) so far. */
  log: () => string;
}

/** `ucd serve` on port 0 with a 1 MiB hot set (most documents read from disk); resolves with its address. */
function serve(out: string, ...extra: string[]): Promise<Served> {
  const args = [BIN, "serve", out, "--port", "0", "--hot-mib", "1", ...extra];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let logged = "";
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    logged += d;
  });
  const log = () => logged;
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      text += d;
      const m = /Site:\s+(http:\/\/\S+?)\//.exec(text);
      if (m) resolve({ child, url: m[1] as string, log });
    });
    child.on("exit", (code) => reject(new Error(`ucd serve exited with ${code}: ${text}`)));
  });
}

async function statusOf(url: string): Promise<number> {
  const res = await fetch(url, { headers: { "accept-encoding": "br" } });
  await res.arrayBuffer();
  return res.status;
}

/** Statuses of every clinic document and page, in a count by status. */
async function crawl(url: string, paths: string[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const p of paths) {
    const status = await statusOf(`${url}/${p}`);
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("serving while the same build is published again and again", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let paths: string[];
  let watching: Served;
  let hupOnly: Served;

  beforeAll(async () => {
    tmp = await tempDir();
    out = join(tmp.dir, "public");
    await build(out);
    paths = [...(await manifestOf(out)).keys()].filter((p) =>
      /^(api\/v1\/clinic\/.+\.json|clinics\/.+\.html)$/.test(p),
    );
    // A cluster that follows the published link by itself, and one process that reloads on SIGHUP only.
    [watching, hupOnly] = await Promise.all([
      serve(out, "--workers", "2"),
      serve(out, "--workers", "1", "--no-watch"),
    ]);
  }, 120_000);
  afterAll(async () => {
    for (const s of [watching, hupOnly]) s?.child.kill("SIGTERM");
    await tmp.cleanup();
  });

  it("three more identical builds recycle the first release folder; both servers keep answering every document", async () => {
    expect(paths.length).toBeGreaterThan(40);
    const first = await readlink(out);
    for (let i = 0; i < 3; i++) await build(out);
    expect(await readlink(out)).not.toBe(first); // the folder the servers first read is gone
    // The watching cluster followed each publication; the other moves to the new folder when told to, before a
    // request (a failing file also makes it reload: that is not what is tested here).
    const reloads = () => hupOnly.log().match(/"event":"reload"/g)?.length ?? 0;
    const before = reloads();
    hupOnly.child.kill("SIGHUP");
    expect(await until(() => reloads() > before, 10_000)).toBe(true);
    expect(await crawl(hupOnly.url, paths)).toEqual({ 200: paths.length });
    expect(await crawl(watching.url, paths)).toEqual({ 200: paths.length });
    expect(watching.log()).not.toMatch(/file-failed/);
  }, 120_000);
});
