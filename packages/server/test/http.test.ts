import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, type ServerMode, startServer } from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";
import { once } from "./helpers/raw-http.js";

const CITY = "/api/v1/clinics/st-1/city-1.json";
const hashOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}`;

describe.each<ServerMode>(["raw", "node"])("HTTP behaviour (%s mode)", (mode) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await fixtureSite();
    server = await startServer({ dir: site.dir, port: 0, mode, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it.each([
    ["br, gzip", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
    ["", undefined, (b: Buffer) => b],
    ["gzip;q=0, identity", undefined, (b: Buffer) => b],
  ] as const)(
    "negotiates Accept-Encoding %j → %s with a per-encoding ETag",
    async (accept, encoding, decode) => {
      const r = await once(server.url, CITY, accept ? { "Accept-Encoding": accept } : {});
      expect(r.status).toBe(200);
      expect(r.headers["content-encoding"]).toBe(encoding);
      expect(r.headers.vary).toBe("Accept-Encoding");
      const body = decode(r.body);
      expect(JSON.parse(body.toString()).version).toBe("v0");
      expect(r.headers.etag?.startsWith(hashOf(body))).toBe(true);
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(r.headers["access-control-allow-origin"]).toBe("*");
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.headers.server).toBeUndefined();
      expect(r.headers.date).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    },
  );

  it("HEAD carries the GET headers and no body", async () => {
    const get = await once(server.url, CITY, { "Accept-Encoding": "gzip" });
    const head = await once(server.url, CITY, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it("If-None-Match with any variant's ETag → 304 with the validators, no body", async () => {
    const br = await once(server.url, CITY, { "Accept-Encoding": "br" });
    for (const inm of [
      br.headers.etag as string,
      `W/${br.headers.etag}`,
      `"nope", ${br.headers.etag}`,
      "*",
    ]) {
      const r = await once(server.url, CITY, { "If-None-Match": inm, "Accept-Encoding": "br" });
      expect(r.status).toBe(304);
      expect(r.body.length).toBe(0);
      expect(r.headers.etag).toBe(br.headers.etag);
      expect(r.headers["cache-control"]).toBeDefined();
    }
    expect((await once(server.url, CITY, { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("answers byte ranges: 206 with Content-Range, suffix ranges, 416, If-Range", async () => {
    const full = await once(server.url, "/downloads/clinics.parquet");
    const size = full.body.length;
    const r = await once(server.url, "/downloads/clinics.parquet", { Range: "bytes=0-3" });
    expect(r.status).toBe(206);
    expect(r.headers["content-range"]).toBe(`bytes 0-3/${size}`);
    expect(r.body.toString()).toBe("PAR1");
    const tail = await once(server.url, "/downloads/clinics.parquet", { Range: "bytes=-4" });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(full.body.subarray(size - 4))).toBe(true);
    const open = await once(server.url, "/downloads/clinics.parquet", { Range: `bytes=${size - 10}-` });
    expect(open.body.length).toBe(10);
    const bad = await once(server.url, "/downloads/clinics.parquet", { Range: `bytes=${size}-` });
    expect(bad.status).toBe(416);
    expect(bad.headers["content-range"]).toBe(`bytes */${size}`);
    const ifRange = await once(server.url, "/downloads/clinics.parquet", {
      Range: "bytes=0-3",
      "If-Range": full.headers.etag as string,
    });
    expect(ifRange.status).toBe(206);
    const stale = await once(server.url, "/downloads/clinics.parquet", {
      Range: "bytes=0-3",
      "If-Range": '"old"',
    });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(size);
    const many = await once(server.url, "/downloads/clinics.parquet", { Range: "bytes=0-1,4-5" });
    expect(many.status).toBe(200);
  });

  it("serves bulk downloads as attachments with their media types, text ones compressed", async () => {
    const csv = await once(server.url, "/downloads/clinics.csv", { "Accept-Encoding": "gzip" });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="clinics.csv"');
    expect(csv.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(csv.body).toString().startsWith("id,name,city\n")).toBe(true);
    const nd = await once(server.url, "/downloads/clinics.ndjson");
    expect(nd.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    const pq = await once(server.url, "/downloads/clinics.parquet", { "Accept-Encoding": "br, gzip" });
    expect(pq.headers["content-type"]).toBe("application/vnd.apache.parquet");
    expect(pq.headers["content-encoding"]).toBeUndefined();
    expect(pq.headers["accept-ranges"]).toBe("bytes");
    expect((await once(server.url, "/api/v1/index.json")).headers["content-disposition"]).toBeUndefined();
  });

  it("CORS preflight → 204 with the allowed methods", async () => {
    const r = await once(
      server.url,
      CITY,
      { Origin: "https://example.org", "Access-Control-Request-Method": "GET" },
      "OPTIONS",
    );
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-origin"]).toBe("*");
    expect(r.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    expect(r.headers["access-control-max-age"]).toBe("86400");
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "TRACE"])("%s → 405 JSON with Allow", async (method) => {
    const r = await once(server.url, CITY, {}, method);
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(JSON.parse(r.body.toString())).toMatchObject({ status: 405, code: "method_not_allowed" });
  });

  it.each([
    ["/api/v1/nope.json", 404],
    ["/api/v1/%E0%A4%A.json", 400],
    ["/api/v1/%00.json", 400],
    [`/${"a".repeat(3000)}`, 414],
    ["/api/../../secret.txt", 404],
    ["/api/..%2fsecret.txt", 404],
    ["/api%2fv1%2findex.json", 404],
    ["/api/v1%2findex.json", 404],
    ["/api/v1", 200],
    ["/api/v1/", 200],
    ["/api/v1/index.json?x=1#y", 200],
    ["/healthz", 200],
  ])("GET %s → %i with a JSON body", async (path, status) => {
    const r = await once(server.url, path);
    expect(r.status).toBe(status);
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(() => JSON.parse(r.body.toString())).not.toThrow();
    expect(r.body.toString()).not.toContain(site.secret);
  });

  it("/healthz names the served version and is never cached", async () => {
    const r = await once(server.url, "/healthz");
    expect(JSON.parse(r.body.toString())).toEqual({ status: "ok", version: server.site.version });
    expect(r.headers["cache-control"]).toBe("no-store");
  });

  it("oversized request headers → 431 and the connection is closed", async () => {
    const r = await once(server.url, CITY, { "X-Big": "a".repeat(20_000) });
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body.toString()).code).toBe("headers_too_large");
  });
});
