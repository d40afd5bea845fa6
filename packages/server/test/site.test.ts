import { rm } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CACHE_CONTROL,
  CONTENT_SECURITY_POLICY,
  cacheControlOf,
  dispositionOf,
  mediaTypeOf,
  movedClinicPage,
  preflightAllowHeaders,
  type RunningServer,
  type ServerMode,
  startServer,
} from "../src/index.js";
import { ASSET, CLINIC_IDS, clinicPage, fixtureSite, writeManifest } from "./helpers/fixture.js";
import { once } from "./helpers/raw-http.js";

describe("the header policy (policy.ts)", () => {
  it.each([
    ["/index.html", "text/html; charset=utf-8"],
    ["/assets/site-0123abcd.css", "text/css; charset=utf-8"],
    ["/assets/app-0123abcd.js", "text/javascript; charset=utf-8"],
    ["/favicon.svg", "image/svg+xml"],
    ["/favicon.ico", "image/x-icon"],
    ["/sitemap.xml", "application/xml"],
    ["/releases.atom", "application/atom+xml; charset=utf-8"],
    ["/files.tsv", "text/tab-separated-values; charset=utf-8"],
    ["/llms.txt", "text/plain; charset=utf-8"],
    ["/site.webmanifest", "application/manifest+json; charset=utf-8"],
    ["/api/v1/index.json", "application/json; charset=utf-8"],
    ["/downloads/x.parquet", "application/vnd.apache.parquet"],
    ["/downloads/x.ndjson", "application/x-ndjson; charset=utf-8"],
    ["/no-extension", "application/octet-stream"],
    ["/a.b/no-extension", "application/octet-stream"],
  ])("media type of %s is %s", (path, type) => {
    expect(mediaTypeOf(path)).toBe(type);
  });

  it.each([
    ["/downloads/urgent-care-clinics-2026-05-01.csv", 200, CACHE_CONTROL.immutable],
    ["/downloads/urgent-care-clinics-2026-05-01.parquet", 200, CACHE_CONTROL.immutable],
    ["/downloads/urgent-care-clinics-latest.csv", 200, CACHE_CONTROL.revalidate],
    ["/assets/site-0123abcd.css", 200, CACHE_CONTROL.immutable],
    ["/assets/site-0123abc.css", 200, CACHE_CONTROL.revalidate],
    ["/assets/site.css", 200, CACHE_CONTROL.revalidate],
    ["/api/v1/index.json", 200, CACHE_CONTROL.revalidate],
    ["/index.html", 200, CACHE_CONTROL.revalidate],
    ["/nope", 404, "public, max-age=60"],
    ["", 400, "no-store"],
    ["", 503, "no-store"],
  ] as const)("Cache-Control of %s (%i) is %s", (path, status, value) => {
    expect(cacheControlOf(path, status)).toBe(value);
  });

  it("saves bulk downloads as files, reads their manifest and licence inline", () => {
    expect(dispositionOf("/downloads/urgent-care-clinics-latest.csv")).toBe(
      'attachment; filename="urgent-care-clinics-latest.csv"',
    );
    expect(dispositionOf("/downloads/manifest.json")).toBeNull();
    expect(dispositionOf("/downloads/LICENSE.txt")).toBeNull();
    expect(dispositionOf("/api/v1/index.json")).toBeNull();
  });

  it.each([
    ["/clinics/texas/austin/k3v9q2m7x1ab/", "/clinics/texas/austin/k3v9q2m7x1ab.html"],
    ["/es/clinics/texas/austin/k3v9q2m7x1ab/", "/es/clinics/texas/austin/k3v9q2m7x1ab.html"],
    ["/clinics/texas/austin/page-2/", null],
    ["/clinics/texas/austin/k3v9q2m7x1ab", null],
    ["/clinics/texas/austin/k3v9q2m7x1ab.html", null],
    ["/clinics/texas/k3v9q2m7x1ab/", null],
    ["/api/v1/clinic/k3v9q2m7x1ab/", null],
  ])("the old clinic page address %s moved to %s", (path, moved) => {
    expect(movedClinicPage(path)).toBe(moved);
  });

  it.each([
    ["x-requested-with, traceparent", "x-requested-with, traceparent"],
    ["X-Custom-Thing", "X-Custom-Thing"],
    [undefined, "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Range, Range, Cache-Control"],
    [
      "bad header, (x)",
      "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Range, Range, Cache-Control",
    ],
  ])("a preflight asking for %j is allowed %j", (asked, allowed) => {
    expect(preflightAllowHeaders(asked)).toBe(allowed);
  });
});

describe.each<ServerMode>(["raw", "node"])("serving the public site (%s mode)", (mode) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await fixtureSite(10);
    server = await startServer({ dir: site.dir, port: 0, mode, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it.each(["/", "/clinics/st-0/", "/clinics/st-0/city-0/", "/docs/", "/index.html"])(
    "%s is an HTML page with the security headers, ETag, brotli and 304",
    async (path) => {
      const r = await once(server.url, path, { "Accept-Encoding": "br, gzip" });
      expect(r.status).toBe(200);
      expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(r.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(r.body).toString()).toMatch(/^<!doctype html>/);
      expect(r.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(r.headers["x-frame-options"]).toBe("DENY");
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.headers.vary).toBe("Accept-Encoding");
      expect(r.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
      const again = await once(server.url, path, {
        "Accept-Encoding": "br, gzip",
        "If-None-Match": r.headers.etag as string,
      });
      expect(again.status).toBe(304);
    },
  );

  it("a folder URL without its slash is redirected, query kept", async () => {
    const r = await once(server.url, "/clinics/st-0/city-0?utm=x&y=1");
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe("/clinics/st-0/city-0/?utm=x&y=1");
    expect((await once(server.url, "/clinics/st-0")).headers.location).toBe("/clinics/st-0/");
    // The API's folder keeps answering with its index, as clients expect.
    expect((await once(server.url, "/api/v1")).status).toBe(200);
  });

  it("a clinic page's old address (its own folder) is redirected to its page, query kept", async () => {
    const [id] = CLINIC_IDS;
    for (const lang of ["en", "es"] as const) {
      const page = clinicPage(id, lang);
      const old = `${page.slice(0, -".html".length)}/`;
      for (const method of ["GET", "HEAD"]) {
        const r = await once(server.url, `${old}?utm=x&y=1`, {}, method);
        expect(r.status, `${method} ${old}`).toBe(301);
        expect(r.headers.location).toBe(`${page}?utm=x&y=1`);
        expect(r.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
      }
      expect((await once(server.url, old)).headers.location).toBe(page);
      expect((await once(server.url, page)).status).toBe(200);
    }
    // Only to a page that exists; an address of another shape is no old clinic page.
    for (const path of [
      "/clinics/st-0/city-0/zzzzzzzzzzzz/",
      `/clinics/st-0/city-0/${id}`,
      `/clinics/st-0/${id}/`,
      `/fr/clinics/st-0/city-0/${id}/`,
      `/clinics/st-0/city-0/${id.toUpperCase()}/`,
    ]) {
      const r = await once(server.url, path);
      expect(r.status, path).toBe(404);
      expect(r.headers["content-type"], path).toBe("text/html; charset=utf-8");
    }
  });

  it("unknown site paths get the HTML 404 page with status 404; unknown API paths the JSON body", async () => {
    const page = await once(server.url, "/clinics/nowhere/", { "Accept-Encoding": "br" });
    expect(page.status).toBe(404);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers["cache-control"]).toBe("public, max-age=60");
    expect(page.body.toString()).toContain("Not found");
    const api = await once(server.url, "/api/v1/clinics/nowhere.json");
    expect(api.status).toBe(404);
    expect(api.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(api.headers["content-security-policy"]).toBeUndefined();
    expect(JSON.parse(api.body.toString())).toMatchObject({ status: 404, code: "not_found" });
  });

  it("applies the policy to assets, feeds, downloads", async () => {
    const asset = await once(server.url, ASSET);
    expect(asset.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(asset.headers["cache-control"]).toBe(CACHE_CONTROL.immutable);
    expect(asset.headers["content-security-policy"]).toBeUndefined();
    expect((await once(server.url, "/releases.atom")).headers["content-type"]).toBe(
      "application/atom+xml; charset=utf-8",
    );
    expect((await once(server.url, "/sitemap.xml")).headers["content-type"]).toBe("application/xml");
    expect((await once(server.url, "/favicon.svg")).headers["content-type"]).toBe("image/svg+xml");
    const dated = await once(server.url, "/downloads/urgent-care-clinics-2026-05-01.csv");
    expect(dated.headers["cache-control"]).toBe(CACHE_CONTROL.immutable);
    expect(dated.headers["content-disposition"]).toBe(
      'attachment; filename="urgent-care-clinics-2026-05-01.csv"',
    );
    expect(
      (await once(server.url, "/downloads/manifest.json")).headers["content-disposition"],
    ).toBeUndefined();
  });

  it("a preflight is allowed whatever headers it asks for", async () => {
    const r = await once(
      server.url,
      "/api/v1/index.json",
      {
        Origin: "https://app.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-requested-with, traceparent, x-b3-traceid",
      },
      "OPTIONS",
    );
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-headers"]).toBe("x-requested-with, traceparent, x-b3-traceid");
    expect(r.headers["access-control-allow-origin"]).toBe("*");
    expect(r.headers.vary).toBe("Access-Control-Request-Headers");
  });
});

describe("a build without 404.html", () => {
  it("answers unknown site paths with the JSON 404 body", async () => {
    const site = await fixtureSite(3);
    for (const f of ["404.html", "404.html.br", "404.html.gz"]) await rm(join(site.release, f));
    await writeManifest(site.release);
    const server = await startServer({ dir: site.dir, port: 0, log: () => {} });
    try {
      const r = await once(server.url, "/nowhere/");
      expect(r.status).toBe(404);
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(r.body.toString()).code).toBe("not_found");
    } finally {
      await server.close(100);
      await site.cleanup();
    }
  });
});
