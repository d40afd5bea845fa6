// Varnish with the generated VCL in front of `ucd serve` on a release folder: one cached object per document for
// every encoding (304 across encodings), a new release
// published by the symlink switch, the purge that `ucd build --purge` sends, and only the new release served. And the
// long tail (a clinic's document, written without siblings) arriving gzipped from `ucd serve` and from the generated
// nginx, which both compress it on the fly.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import { CACHE_CONTROL } from "@urgent-care-directory/server/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromRecords } from "../../src/dataset/store.js";
import { nginxConfig } from "../../src/deploy/nginx.js";
import { purge } from "../../src/deploy/purge.js";
import { varnishConfig } from "../../src/deploy/varnish.js";
import { publishRelease } from "../../src/release/publish.js";
import { json, request } from "../helpers/http.js";
import { API_BUILD, smallRecords, tempDir } from "../helpers/sample-site.js";
import { BINARIES, type Engine, missing, nginxUser, startEngine } from "./engines.js";

const skip = missing("varnishd");
const skipNginx = skip ?? missing("nginx");
const DOC = "/api/v1/index.json";

/** varnishd with the generated VCL, in front of an origin on `originPort`. */
const startVarnish = (originPort: number) =>
  startEngine(
    BINARIES.varnishd,
    [
      "-F",
      "-j",
      "none",
      "-T",
      "none",
      "-n",
      "{dir}/work",
      "-s",
      "malloc,32m",
      "-f",
      "{config}",
      "-a",
      "127.0.0.1:{port}",
    ],
    () => varnishConfig({ originHost: "127.0.0.1", originPort }),
    {},
    // varnishd compiles its VCL with the C compiler before it listens: seconds on a loaded machine, and two start
    // here, one while a release is built.
    30_000,
  );

/**
 * A clinic's document through a cache: gzip to a client that takes it (its body gunzips to the file), the same object
 * gunzipped for one that does not, and 304 on its ETag whatever the encoding.
 */
async function expectLongTail(cache: Engine, out: string): Promise<void> {
  const id = (await readdir(join(out, "api/v1/clinic"))).find((f) => f.endsWith(".json"));
  const path = `/api/v1/clinic/${id}`;
  const file = await readFile(join(out, path));
  const gz = await request(cache.url, path, { headers: { "accept-encoding": "br, gzip" } });
  expect(gz.status).toBe(200);
  expect(gz.headers["x-cache"]).toBe("MISS");
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gz.headers.vary).toMatch(/Accept-Encoding/);
  expect(gz.wire.length).toBeLessThan(file.length);
  expect(gz.body.equals(file)).toBe(true);
  const plain = await request(cache.url, path);
  expect(plain.headers["x-cache"], "the same object, gunzipped").toBe("HIT");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.wire.equals(file)).toBe(true);
  for (const headers of [{}, { "accept-encoding": "gzip" }]) {
    const notModified = await request(cache.url, path, {
      headers: { ...headers, "if-none-match": gz.headers.etag as string },
    });
    expect(notModified.status, JSON.stringify(headers)).toBe(304);
  }
}

describe.skipIf(skip)("Varnish in front of ucd serve (and of the generated nginx)", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let origin: RunningServer;
  let varnish: Engine;
  const generated = (res: Awaited<ReturnType<typeof request>>) =>
    json<{ meta: { generated_at: string } }>(res).meta.generated_at;

  /** The generated nginx on the same folder, and a second Varnish in front of it. */
  let nginx: Engine | undefined;
  let nginxCache: Engine | undefined;

  beforeAll(async () => {
    tmp = await tempDir("ucd-varnish-");
    out = join(tmp.dir, "public");
    // nginx reads the folder only when asked: it and its cache start while the release is built.
    const behindNginx = skipNginx
      ? undefined
      : startEngine(BINARIES.nginx, ["-p", "{dir}", "-c", "{config}"], (port) =>
          nginxConfig({ root: out, host: "127.0.0.1", port, foreground: true, ...nginxUser() }),
        ).then(async (engine) => {
          nginx = engine;
          nginxCache = await startVarnish(engine.port);
        });
    behindNginx?.catch(() => {}); // awaited below: a failure is the hook's, not an unhandled rejection meanwhile
    // Releases of the API alone: one document is what goes through the cache.
    await publishRelease(fromRecords(smallRecords()), out, API_BUILD);
    origin = await startServer({ dir: out, port: 0 });
    varnish = await startVarnish(Number(new URL(origin.url).port));
    await behindNginx;
  });
  afterAll(async () => {
    await nginxCache?.stop();
    await nginx?.stop();
    await varnish?.stop();
    await origin?.close();
    await tmp?.cleanup();
  });

  it("keeps one gzip object per document for every encoding, 304 across encodings, and serves only the new release after a purge", async () => {
    const get = (headers: Record<string, string> = {}) => request(varnish.url, DOC, { headers });
    const first = await get({ "accept-encoding": "br, gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(first.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    const identity = await get();
    expect(identity.headers["x-cache"], "the same object, gunzipped").toBe("HIT");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);
    expect(identity.wire.equals(first.body)).toBe(true);
    expect(identity.headers.etag).toBe(`W/${first.headers.etag}`);
    const br = await get({ "accept-encoding": "br" });
    expect(br.headers["content-encoding"], "no br through the cache").toBeUndefined();
    for (const headers of [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "br" }]) {
      const notModified = await get({ ...headers, "if-none-match": first.headers.etag as string });
      expect(notModified.status, JSON.stringify(headers)).toBe(304);
    }
    const before = generated(first);

    // A new release, published by the symlink switch; the origin reloads (as on SIGHUP or its watcher).
    await publishRelease(fromRecords(smallRecords()), out, {
      ...API_BUILD,
      generatedAt: "2026-06-01T00:00:00Z",
    });
    await origin.reload();
    expect(generated(await request(origin.url, DOC))).toBe("2026-06-01T00:00:00Z");
    expect(generated(await get({ "accept-encoding": "br" })), "the cache still has the old release").toBe(
      before,
    );

    const result = await purge(`${varnish.url}/`, { prefix: true });
    expect(result).toMatchObject({ method: "BAN", status: 200, ok: true });
    for (const [encoding, cache] of [
      ["", "MISS"],
      ["gzip", "HIT"],
      ["br", "HIT"],
    ]) {
      const res = await get(encoding ? { "accept-encoding": encoding } : {});
      expect(res.headers["x-cache"], encoding).toBe(cache);
      expect(generated(res), encoding).toBe("2026-06-01T00:00:00Z");
    }
    const one = await purge(`${varnish.url}${DOC}`);
    expect(one).toMatchObject({ method: "PURGE", status: 200, ok: true });
    expect((await get()).headers["x-cache"]).toBe("MISS");
  });

  it("gets the long tail gzipped from ucd serve, which compresses it on the fly", async () => {
    await expectLongTail(varnish, out);
  });

  it.skipIf(skipNginx)(
    "gets the long tail gzipped from the generated nginx, which compresses it on the fly",
    async () => {
      await expectLongTail(nginxCache as Engine, out);
    },
  );

  it("passes targets on as sent: what ucd serve and the generated nginx answer 404 stays a 404", async () => {
    const unlisted = [
      "/api//v1/index.json",
      "/api/v1/../v1/index.json",
      "/api/v1/%2e%2e/v1/index.json",
      "/api/v1/.%2E/v1/index.json",
      "/api/v1/./index.json",
      "/api%2fv1%2findex.json",
    ];
    const caches = [varnish, ...(nginxCache ? [nginxCache] : [])];
    for (const cache of caches)
      for (const path of unlisted) {
        const res = await request(cache.url, path);
        expect(res.status, `${cache.url}${path}`).toBe(404);
        expect(json(res), path).toMatchObject({ status: 404, code: "not_found" });
      }
    expect((await request(varnish.url, "/api/v1/index.json?x=/../")).status).toBe(200);
  });

  it("answers other methods 405 with a JSON body and forwards preflights with CORS", async () => {
    const post = await request(varnish.url, DOC, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(json(post)).toMatchObject({ status: 405, code: "method_not_allowed" });
    const preflight = await request(varnish.url, DOC, {
      method: "OPTIONS",
      headers: { "access-control-request-headers": "traceparent" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toBe("traceparent");
    const missing = await request(varnish.url, "/api/v1/nope.json");
    expect(missing.status).toBe(404);
    expect(missing.headers["access-control-allow-origin"]).toBe("*");
    expect(json(missing)).toMatchObject({ status: 404, code: "not_found" });
  });
});
