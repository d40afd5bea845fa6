import { createHash } from "node:crypto";
import { cp, mkdir, rename, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSite, type RunningServer, type ServerMode, startServer } from "../src/index.js";
import {
  CLINIC_IDS,
  cityPaths,
  clinicDocument,
  fixtureSite,
  pointAt,
  RELEASES,
  swapInto,
  writeFixture,
} from "./helpers/fixture.js";
import { once } from "./helpers/raw-http.js";

// City documents (with siblings) and the long tail (gzipped on the fly), 44 paths: each is asked for in all
// three encodings by `getChecked`'s rotation.
const PATHS = [...cityPaths(40), ...CLINIC_IDS.map(clinicDocument)];
const hashOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 22);

interface Tally {
  ok: number;
  failures: string[];
  versions: Set<string>;
}

/** GETs with a keep-alive agent, checking that every response is whole and from one version. */
function getChecked(url: string, agent: Agent, i: number, tally: Tally, paths = PATHS): Promise<void> {
  const path = paths[i % paths.length] as string;
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
  const versions: Record<string, string> = {};
  beforeAll(async () => {
    site = await fixtureSite();
    for (const v of ["v1", "v2"]) {
      const release = join(site.parent, RELEASES, v, "site");
      await writeFixture(release, v);
      const loaded = await loadSite(release);
      versions[v] = loaded.version;
      await loaded.close();
    }
    server = await startServer({
      dir: site.dir,
      port: 0,
      mode,
      watch: true,
      // Small: most documents are loaded on demand, so the swaps exercise cold loads too.
      hotBytes: 64 * 1024,
      log: (event, fields = {}) => logs.push({ event, fields }),
    });
    versions.v0 = server.site.version;
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it("flips the release symlink 20 times under load with zero failed requests, each response whole", async () => {
    const tally: Tally = { ok: 0, failures: [], versions: new Set() };
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let running = true;
    // Eight clients, each with a request in flight at almost any moment, paced so that they leave the CPU to the
    // reloads they race (unpaced, they spin for as long as the 20 flips take: the time is the watcher's, not theirs).
    const loops = Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; running; i += 8) {
        await getChecked(server.url, agent, i, tally);
        await new Promise((r) => setTimeout(r, 2));
      }
    });
    for (let n = 1; n <= 20; n++) {
      const next = n % 2 === 1 ? "v1" : "v2";
      await pointAt(site.parent, next);
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

  it("serves one release even when the symlink flips while a reload is reading, and cold documents from it", async () => {
    // The reload resolves `public` once; flips during it change nothing of what it reads.
    await pointAt(site.parent, "v1");
    await until(() => server.site.version === versions.v1);
    server.live.unwatch();
    try {
      let flipping = true;
      const flips = (async () => {
        for (let n = 0; flipping; n++) await pointAt(site.parent, n % 2 ? "v1" : "v2");
      })();
      await pointAt(site.parent, "v2");
      const result = await server.reload();
      flipping = false;
      await flips;
      expect(result.ok).toBe(true);
      const loaded = server.site.version;
      const name = loaded === versions.v1 ? "v1" : loaded === versions.v2 ? "v2" : "?";
      expect(["v1", "v2"]).toContain(name);
      // Point `public` at the other release: every document, hot or cold, still comes from the loaded one.
      await pointAt(site.parent, name === "v1" ? "v2" : "v1");
      const tally: Tally = { ok: 0, failures: [], versions: new Set() };
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      for (let i = 0; i < PATHS.length * 3; i++) await getChecked(server.url, agent, i, tally);
      agent.destroy();
      expect(tally.failures).toEqual([]);
      expect(tally.versions).toEqual(new Set([name]));
    } finally {
      server.live.watch();
    }
  });

  it("refuses a half-written release (no manifest) with a log line and keeps serving the old one", async () => {
    const served = server.site.version;
    const broken = join(site.parent, RELEASES, "broken", "site");
    await mkdir(join(broken, "api", "v1"), { recursive: true });
    await cp(join(site.release, "api"), join(broken, "api"), { recursive: true });
    const before = logs.length;
    await pointAt(site.parent, "broken");
    await until(() => logs.slice(before).some((l) => l.event === "reload-refused"));
    expect(server.site.version).toBe(served);
    const refused = logs.slice(before).find((l) => l.event === "reload-refused");
    expect(String(refused?.fields.error)).toMatch(/files\.tsv/);
    const result = await server.reload();
    expect(result.ok).toBe(false);
    const r = await once(server.url, PATHS[0] as string);
    expect(r.status).toBe(200);
    await pointAt(site.parent, "v1");
    await rm(join(site.parent, RELEASES, "broken"), { recursive: true });
  });
});

describe("a plain folder replaced by renames (no symlink)", () => {
  it("never loads a mix: a reload racing the swaps is refused or loads one version", async () => {
    const site = await fixtureSite(10);
    const plain = join(site.parent, "plain");
    await writeFixture(plain, "p0", 120);
    const staged = { p1: join(site.parent, ".p1"), p2: join(site.parent, ".p2") };
    await writeFixture(staged.p1, "p1", 120);
    await writeFixture(staged.p2, "p2", 120);
    const server = await startServer({ dir: plain, port: 0, log: () => {} });
    try {
      for (let round = 0; round < 6; round++) {
        let swapping = true;
        const swaps = (async () => {
          for (let n = 0; swapping; n++) {
            const spare = join(site.parent, `.spare-${round}-${n}`);
            const next = n % 2 ? staged.p1 : staged.p2;
            await swapInto(plain, next, spare);
            await rename(spare, next); // the replaced folder is staged again
          }
        })();
        const result = await server.reload();
        swapping = false;
        await swaps;
        if (!result.ok) continue;
        const names = new Set<string>();
        for (const path of cityPaths(120)) {
          const r = await once(server.url, path);
          if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
          names.add(JSON.parse(r.body.toString()).version);
        }
        expect(names.size).toBe(1);
      }
    } finally {
      await server.close(100);
      await site.cleanup();
    }
  });
});
