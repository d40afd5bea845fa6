// The long tail (a clinic's document and pages) has no precompressed siblings: the server gzips it on the fly, and a
// client must not notice the difference from a document with a .gz sibling.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTENT_SECURITY_POLICY,
  compressesOnTheFly,
  GZIP_ON_THE_FLY,
  loadSite,
  type RunningServer,
  type ServerMode,
  startServer,
} from "../src/index.js";
import { CLINIC_IDS, clinicDocument, clinicPage, fixtureSite, TINY_CLINIC } from "./helpers/fixture.js";
import { once } from "./helpers/raw-http.js";

const tagOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}`;

describe("the on-the-fly policy", () => {
  it.each([
    ["/api/v1/clinic/k3v9q2m7x1ab.json", 1400, true],
    ["/clinics/texas/austin/k3v9q2m7x1ab.html", 9000, true],
    ["/feed.atom", 2000, true],
    ["/site.webmanifest", 400, true],
    ["/favicon.svg", 300, true],
    ["/assets/app-0123abcd.js", 5000, true],
    ["/api/v1/clinic/k3v9q2m7x1ab.json", GZIP_ON_THE_FLY.minBytes - 1, false],
    ["/api/v1/clinic/k3v9q2m7x1ab.json", GZIP_ON_THE_FLY.maxBytes + 1, false],
    ["/downloads/clinics.parquet", 5000, false],
    ["/icon.png", 5000, false],
    ["/no-extension", 5000, false],
  ] as const)("%s of %i bytes: %s", (path, size, want) => {
    expect(compressesOnTheFly(path, size)).toBe(want);
  });

  it("holds the gzip body of a held long-tail document, counted in its cost, and reads the identity only when asked", async () => {
    const site = await fixtureSite(5);
    const loaded = await loadSite(site.dir);
    try {
      const path = clinicDocument(CLINIC_IDS[0]);
      const entry = loaded.entry(path.slice(1));
      if (!entry) throw new Error(`${path} not listed`);
      const doc = loaded.buildSync(entry, 200, "gzip");
      expect(doc.gzip?.loaded).toBe(true);
      expect(doc.identity.loaded).toBe(false);
      const gzip = doc.gzip?.body as Buffer;
      expect(gunzipSync(gzip).equals(await readFile(join(site.release, path)))).toBe(true);
      expect(doc.cost).toBeGreaterThan(doc.gzip?.wireBytes ?? Infinity);
      const before = loaded.hot.bytes;
      expect(loaded.hot.add(doc)).toBe(true);
      expect(loaded.hot.bytes - before).toBe(doc.cost);
      expect(loaded.buildSync(entry, 200, null).identity.loaded).toBe(true);
    } finally {
      await loaded.close();
      await site.cleanup();
    }
  });
});

describe.each<ServerMode>(["raw", "node"])("gzip on the fly (%s mode)", (mode) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  /** Identity bodies streamed from disk, the gzip held (`streamOver` below the documents' sizes). */
  let streaming: RunningServer;
  const disk = (path: string) => readFile(join(site.release, path));
  beforeAll(async () => {
    site = await fixtureSite(5);
    server = await startServer({ dir: site.dir, port: 0, mode, log: () => {} });
    streaming = await startServer({ dir: site.dir, port: 0, mode, streamOver: 300, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await streaming.close(100);
    await site.cleanup();
  });

  it.each([
    ["a clinic's document", clinicDocument(CLINIC_IDS[0]), "application/json; charset=utf-8"],
    ["a clinic's page", clinicPage(CLINIC_IDS[0]), "text/html; charset=utf-8"],
    ["a clinic's Spanish page", clinicPage(CLINIC_IDS[0], "es"), "text/html; charset=utf-8"],
  ])("%s is sent gzip-encoded, from disk and then held, with the -gz ETag", async (_, path, type) => {
    const identity = await disk(path);
    // The first request is answered from disk, the second builds the held document, the third is answered by it.
    for (const turn of [1, 2, 3]) {
      const r = await once(server.url, path, { "Accept-Encoding": "br, gzip" });
      expect(r.status, `${turn}`).toBe(200);
      expect(r.headers["content-encoding"], `${turn}`).toBe("gzip");
      expect(r.headers.vary, `${turn}`).toBe("Accept-Encoding");
      expect(r.headers["content-type"], `${turn}`).toBe(type);
      expect(Number(r.headers["content-length"]), `${turn}`).toBe(r.body.length);
      expect(r.body.length, `${turn}`).toBeLessThan(identity.length);
      expect(gunzipSync(r.body).equals(identity), `${turn}`).toBe(true);
      expect(r.headers.etag, `${turn}`).toBe(`${tagOf(identity)}-gz"`);
      if (type.startsWith("text/html"))
        expect(r.headers["content-security-policy"], `${turn}`).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it.each([
    ["no Accept-Encoding", {}],
    ["gzip;q=0", { "Accept-Encoding": "gzip;q=0, identity" }],
    ["br only", { "Accept-Encoding": "br" }],
  ])("a client with %s gets the identity bytes, with their own ETag and Vary", async (_, headers) => {
    const path = clinicDocument(CLINIC_IDS[1]);
    const identity = await disk(path);
    for (const turn of [1, 2, 3]) {
      const r = await once(server.url, path, headers);
      expect(r.status, `${turn}`).toBe(200);
      expect(r.headers["content-encoding"], `${turn}`).toBeUndefined();
      expect(r.headers.vary, `${turn}`).toBe("Accept-Encoding");
      expect(r.body.equals(identity), `${turn}`).toBe(true);
      expect(r.headers.etag, `${turn}`).toBe(`${tagOf(identity)}"`);
    }
  });

  it("answers If-None-Match with either encoding's ETag 304, from disk and held", async () => {
    for (const id of [CLINIC_IDS[2], CLINIC_IDS[3]]) {
      const path = clinicDocument(id);
      const tag = tagOf(await disk(path));
      // CLINIC_IDS[2] is asked for with conditions only (never held); CLINIC_IDS[3] is held first.
      if (id === CLINIC_IDS[3]) for (let i = 0; i < 2; i++) await once(server.url, path);
      for (const [accept, sent] of [
        ["gzip", `${tag}-gz"`],
        ["", `${tag}"`],
      ] as const) {
        for (const inm of [`${tag}-gz"`, `${tag}"`, `W/${tag}-gz"`]) {
          const headers = { ...(accept ? { "Accept-Encoding": accept } : {}), "If-None-Match": inm };
          const r = await once(server.url, path, headers);
          expect(r.status, `${id} ${accept} ${inm}`).toBe(304);
          expect(r.body.length).toBe(0);
          expect(r.headers.etag, `${id} ${accept} ${inm}`).toBe(sent);
          expect(r.headers.vary).toBe("Accept-Encoding");
        }
      }
      const stale = await once(server.url, path, { "Accept-Encoding": "gzip", "If-None-Match": '"other"' });
      expect(stale.status).toBe(200);
    }
  });

  it("HEAD carries the GET's headers (the gzip length) and no body, from disk and held", async () => {
    const path = clinicPage(CLINIC_IDS[1], "es");
    for (const turn of [1, 2, 3]) {
      const head = await once(server.url, path, { "Accept-Encoding": "gzip" }, "HEAD");
      const get = await once(server.url, path, { "Accept-Encoding": "gzip" });
      expect(head.status, `${turn}`).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-encoding"], `${turn}`).toBe("gzip");
      expect(head.headers["content-length"], `${turn}`).toBe(String(get.body.length));
      expect(head.headers.etag, `${turn}`).toBe(get.headers.etag);
    }
  });

  it("applies a range to the gzip bytes, as to a .gz sibling", async () => {
    const path = clinicPage(CLINIC_IDS[2]);
    const whole = await once(server.url, path, { "Accept-Encoding": "gzip" });
    const part = await once(server.url, path, { "Accept-Encoding": "gzip", Range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBe("gzip");
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
    const plain = await once(server.url, path, { Range: "bytes=-5" });
    expect(plain.status).toBe(206);
    expect(plain.body.equals((await disk(path)).subarray(-5))).toBe(true);
  });

  it("sends a body under the minimum as it is, without Vary", async () => {
    for (let turn = 0; turn < 3; turn++) {
      const r = await once(server.url, TINY_CLINIC, { "Accept-Encoding": "gzip" });
      expect(r.status).toBe(200);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(r.headers.vary).toBeUndefined();
      expect(r.body.equals(await disk(TINY_CLINIC))).toBe(true);
    }
  });

  it("gzips a document whose identity is streamed from disk, and streams the identity", async () => {
    const path = clinicDocument(CLINIC_IDS[0]);
    const identity = await disk(path);
    expect(identity.length).toBeGreaterThan(300);
    const gz = await once(streaming.url, path, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(identity)).toBe(true);
    const plain = await once(streaming.url, path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.etag).toBe(`${tagOf(identity)}"`);
    expect(plain.body.equals(identity)).toBe(true);
    const notModified = await once(streaming.url, path, { "If-None-Match": gz.headers.etag as string });
    expect(notModified.status).toBe(304);
  });
});
