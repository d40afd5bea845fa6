import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSite, type RunningServer, type ServerMode, startServer } from "../src/index.js";
import { cityPaths, fixtureSite, swapInto, writeFixture } from "./helpers/fixture.js";

const PATHS = cityPaths(40);
const hashOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 22);

interface Tally {
  ok: number;
  failures: string[];
  versions: Set<string>;
}

/** GETs with a keep-alive agent, checking that every response is whole and from one version. */
function getChecked(url: string, agent: Agent, i: number, tally: Tally): Promise<void> {
  const path = PATHS[i % PATHS.length] as string;
  const accept = ["br, gzip", "gzip", ""][i % 3] as string;
  return new Promise((resolve) => {
    const req = request(
      `${url}${path}`,
      { agent, headers: accept ? { "accept-encoding": accept } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            const raw = Buffer.concat(chunks);
            const enc = res.headers["content-encoding"];
            const body = enc === "br" ? brotliDecompressSync(raw) : enc === "gzip" ? gunzipSync(raw) : raw;
            const etag = res.headers.etag ?? "";
            if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
            if (!etag.startsWith(`"${hashOf(body)}`)) throw new Error(`ETag ${etag} does not match the body`);
            if (Number(res.headers["content-length"]) !== raw.length)
              throw new Error("Content-Length mismatch");
            tally.versions.add(JSON.parse(body.toString()).version);
            tally.ok++;
          } catch (e) {
            tally.failures.push(`${path}: ${(e as Error).message}`);
          }
          resolve();
        });
        res.on("error", (e) => {
          tally.failures.push(`${path}: ${e.message}`);
          resolve();
        });
      },
    );
    req.on("error", (e) => {
      tally.failures.push(`${path}: ${e.message}`);
      resolve();
    });
    req.end();
  });
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each<ServerMode>(["raw", "node"])("hot reload (%s mode)", (mode) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  const logs: { event: string; fields: Record<string, unknown> }[] = [];
  const staged: Record<string, string> = {};
  const versions: Record<string, string> = {};
  beforeAll(async () => {
    site = await fixtureSite();
    for (const v of ["v1", "v2"]) {
      staged[v] = join(site.parent, `.stage-${v}`);
      await writeFixture(staged[v] as string, v);
      versions[v] = (await loadSite(staged[v] as string)).version;
    }
    server = await startServer({
      dir: site.dir,
      port: 0,
      mode,
      watch: true,
      log: (event, fields = {}) => logs.push({ event, fields }),
    });
    versions.v0 = server.site.version;
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it("swaps the build 20 times under load with zero failed requests, each response whole", async () => {
    const tally: Tally = { ok: 0, failures: [], versions: new Set() };
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let running = true;
    const loops = Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; running; i += 8) await getChecked(server.url, agent, i, tally);
    });
    let current = "v0";
    for (let n = 1; n <= 20; n++) {
      const next = n % 2 === 1 ? "v1" : "v2";
      const spare = join(site.parent, `.old-${n}`);
      await swapInto(site.dir, staged[next] as string, spare);
      staged[current] = spare; // the replaced build becomes the next one staged
      current = next;
      const want = versions[next] as string;
      await until(() => server.site.version === want);
      const before = tally.ok;
      await until(() => tally.ok > before + 5); // requests flowed on this version
    }
    running = false;
    await Promise.all(loops);
    agent.destroy();
    expect(tally.failures).toEqual([]);
    expect(tally.ok).toBeGreaterThan(100);
    expect(tally.versions).toEqual(new Set(["v0", "v1", "v2"]));
    expect(
      logs.filter((l) => l.event === "reload" && l.fields.changed === true).length,
    ).toBeGreaterThanOrEqual(20);
  });

  it("refuses a broken build with a log line and keeps serving the old one", async () => {
    const served = server.site.version;
    const broken = join(site.parent, ".broken");
    await mkdir(join(broken, "api", "v1"), { recursive: true });
    await writeFile(join(broken, "api", "v1", "states.json"), "{not json");
    await writeFile(join(broken, "404.json"), "{}");
    const before = logs.length;
    await swapInto(site.dir, broken, join(site.parent, ".good"));
    await until(() =>
      logs
        .slice(before)
        .some((l) => l.event === "reload-refused" && /index\.json/.test(String(l.fields.error))),
    );
    expect(server.site.version).toBe(served);
    const refused = logs.slice(before).find((l) => l.event === "reload-refused");
    expect(String(refused?.fields.error)).toMatch(/states\.json is not valid JSON/);
    const result = await server.reload();
    expect(result.ok).toBe(false);
    const tally: Tally = { ok: 0, failures: [], versions: new Set() };
    const agent = new Agent({ keepAlive: true });
    await getChecked(server.url, agent, 0, tally);
    agent.destroy();
    expect(tally.failures).toEqual([]);
  });
});
