// nginx and Caddy with the generated configs, serving the suite's sample build: what a user would notice.
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { type RunningServer, startServer } from "@urgent-care-directory/server";
import {
  CACHE_CONTROL,
  CONTENT_SECURITY_POLICY,
  compressesOnTheFly,
  LONG_TAIL_PATTERN,
  movedClinicPage,
  OLD_CLINIC_PAGE_PATTERN,
} from "@urgent-care-directory/server/policy";
import AjvModule from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caddyConfig } from "../../src/deploy/caddy.js";
import { MOVED_CLINIC_PAGES, redirectsFile } from "../../src/deploy/headers.js";
import { BROTLI_MODULE_PATHS, nginxConfig } from "../../src/deploy/nginx.js";
import { isLongTail } from "../../src/render/output/compress.js";
import { OLD_CLINIC_PAGE } from "../../src/render/paths.js";
import { json, request } from "../helpers/http.js";
import { sampleSite } from "../helpers/sample-build.js";
import { BINARIES, type Engine, missing, missingFile, nginxUser, startEngine } from "./engines.js";

const root = sampleSite();

/**
 * Targets that name a listed document once normalised, and that `ucd serve` answers 404 (issue 36): empty segments,
 * dot segments (literal, percent-encoded, mixed), encoded slashes, in origin-form and absolute-form.
 */
const UNLISTED = [
  "/api//v1/index.json",
  "//api/v1/index.json",
  "/api/v1//states.json",
  "/api/v1/../v1/index.json",
  "/api/v1/cities/../states.json",
  "/api/v1/./index.json",
  "/api/v1/.",
  "/api/v1/%2e%2e/v1/index.json",
  "/api/v1/%2E%2E/v1/index.json",
  "/api/v1/.%2e/v1/index.json",
  "/api/v1/%2e/index.json",
  "/api%2fv1%2findex.json",
  "/api/v1%2Fstates.json",
  "/about//",
  "/./about/",
  "/about/../about/",
  "/x/..",
  "http://127.0.0.1/api/v1/../v1/index.json",
];

/** Targets that look alike but are listed: a query is not the path, an escaped letter is the letter. */
const LISTED = ["/api/v1/index.json?x=/../", "/api/v1/%69ndex.json", "/%61bout/", "/api/v1/index.json?a=//b"];

/**
 * The long tail of one clinic of the sample: its API document and its pages in both languages (URL paths), found
 * from the document's `url`.
 */
async function clinicFiles(): Promise<string[]> {
  const id = (await readdir(join(root, "api/v1/clinic"))).find((f) => f.endsWith(".json"));
  const document = `/api/v1/clinic/${id}`;
  const { clinic } = JSON.parse(await readFile(join(root, document), "utf8")) as { clinic: { url: string } };
  const page = new URL(clinic.url).pathname;
  return [document, page, `/es${page}`];
}

const nginx = (brotliModule: string | null) => () =>
  startEngine(BINARIES.nginx, ["-p", "{dir}", "-c", "{config}"], (port) =>
    nginxConfig({ root, host: "127.0.0.1", port, brotliModule, foreground: true, ...nginxUser() }),
  );

/**
 * `sent`: the Content-Encoding for `Accept-Encoding: br, gzip`. `sharedEtag`: the ETag of a compressed response
 * validates the same document on a request without Accept-Encoding (one representation per document).
 */
const ENGINES = [
  { name: "nginx", skip: missing("nginx"), sent: "gzip", sharedEtag: true, start: nginx(null) },
  {
    name: "nginx --brotli",
    skip: missing("nginx") ?? missingFile(BROTLI_MODULE_PATHS[0] as string),
    sent: "br",
    sharedEtag: false,
    start: nginx(BROTLI_MODULE_PATHS[0] as string),
  },
  {
    name: "caddy",
    skip: missing("caddy"),
    sent: "br",
    sharedEtag: false,
    start: () =>
      startEngine(BINARIES.caddy, ["run", "--config", "{config}", "--adapter", "caddyfile"], (port) =>
        caddyConfig({ root, host: "127.0.0.1", port }),
      ),
  },
];

describe("the long tail and the old clinic page addresses, as the server and the configs see them", () => {
  it("is what the build writes without siblings, and every file of it is gzipped on the fly", async () => {
    const lines = (await readFile(join(root, "files.tsv"), "utf8"))
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.split("\t") as [string, string, string]);
    const listed = new Set(lines.map(([path]) => path));
    const pattern = new RegExp(LONG_TAIL_PATTERN);
    const documents = lines.filter(([path]) => !/\.(?:br|gz)$/.test(path));
    const disagree = documents.filter(([path]) => pattern.test(`/${path}`) !== isLongTail(path));
    expect(disagree.map(([path]) => path)).toEqual([]);
    const longTail = documents.filter(([path]) => isLongTail(path));
    expect(longTail.length).toBeGreaterThan(1000);
    for (const [path] of longTail)
      expect(listed.has(`${path}.gz`) || listed.has(`${path}.br`), path).toBe(false);
    const plain = longTail.filter(([path, size]) => !compressesOnTheFly(`/${path}`, Number(size)));
    expect(plain.map(([path, size]) => `${path} (${size} B)`)).toEqual([]);
  });

  it("redirects old clinic page addresses by the build's own pattern, in _redirects too", () => {
    expect(new RegExp(OLD_CLINIC_PAGE_PATTERN).source).toBe(OLD_CLINIC_PAGE.source);
    // A placeholder is one path segment, on Netlify and Cloudflare Pages alike.
    const moved = (path: string) => {
      for (const [from, to] of MOVED_CLINIC_PAGES) {
        const m = new RegExp(`^${from.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`).exec(path);
        if (m?.groups) return to.replace(/:(\w+)/g, (_, name: string) => m.groups?.[name] ?? "");
      }
      return null;
    };
    for (const path of ["/clinics/texas/austin/k3v9q2m7x1ab/", "/es/clinics/texas/austin/k3v9q2m7x1ab/"]) {
      expect(moved(path), path).toBe(movedClinicPage(path));
      expect(redirectsFile()).toContain(
        `${path.replace(/texas\/austin\/k3v9q2m7x1ab/, ":state/:city/:id")}  `,
      );
    }
  });
});

describe.each(ENGINES)("$name with the generated config", ({ name, skip, sent, sharedEtag, start }) => {
  let engine: Engine;
  let validateError: (doc: unknown) => boolean;
  let dated: string;
  let asset: string;
  /** A clinic's API document and pages: the long tail, written without siblings. */
  let longTail: string[];
  /** `ucd serve` on the same folder: what the engine must answer alike. */
  let server: RunningServer;

  beforeAll(async () => {
    if (skip) return;
    engine = await start();
    server = await startServer({ dir: root, port: 0, log: () => {} });
    const openapi = JSON.parse(await readFile(join(root, "api/openapi.json"), "utf8"));
    const ajv = new AjvModule.default({ strict: false });
    ajv.addSchema(openapi, "openapi.json");
    validateError = ajv.compile({ $ref: "openapi.json#/components/schemas/Error" });
    const downloads = await readdir(join(root, "downloads"));
    dated = `/downloads/${downloads.find((f) => /-\d{4}-\d{2}-\d{2}\.csv$/.test(f))}`;
    asset = `/assets/${(await readdir(join(root, "assets"))).find((f) => f.endsWith(".css"))}`;
    longTail = await clinicFiles();
  });
  afterAll(async () => {
    await server?.close();
    await engine?.stop();
  });

  it.skipIf(skip)(
    "serves documents with their media type, ETag, Cache-Control and CORS; 304 on a match",
    async () => {
      const res = await request(engine.url, "/api/v1/states.json");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.body.equals(await readFile(join(root, "api/v1/states.json")))).toBe(true);
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^(W\/)?"/);
      const again = await request(engine.url, "/api/v1/states.json", { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.wire.length).toBe(0);
      expect((await request(engine.url, "/api/v1")).headers["content-type"]).toMatch(/^application\/json/);
    },
  );

  it.skipIf(skip)("sends the precompressed siblings with Content-Encoding and Vary", async () => {
    const identity = await readFile(join(root, "api/v1/cities.json"));
    for (const [accept, encoding] of [
      ["br, gzip", sent],
      ["gzip", "gzip"],
      ["", undefined],
    ] as const) {
      const headers = accept ? { "accept-encoding": accept } : {};
      const res = await request(engine.url, "/api/v1/cities.json", { headers });
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(res.body.equals(identity), accept).toBe(true);
      if (!encoding) expect(res.wire.equals(identity), "identity bytes on the wire").toBe(true);
      const etag = res.headers.etag as string;
      const cond = { ...headers, "if-none-match": etag };
      expect((await request(engine.url, "/api/v1/cities.json", { headers: cond })).status).toBe(304);
    }
    const head = await request(engine.url, "/api/v1/cities.json", {
      method: "HEAD",
      headers: { "accept-encoding": "gzip" },
    });
    expect(head.wire.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("gzip");
  });

  it.skipIf(skip)(
    "gzips the long tail (a clinic's document and pages, no siblings) on the fly, with 304 on its ETag",
    async () => {
      for (const path of longTail) {
        const file = await readFile(join(root, path));
        for (const accept of ["gzip", "br, gzip"]) {
          const res = await request(engine.url, path, { headers: { "accept-encoding": accept } });
          expect(res.status, `${path} ${accept}`).toBe(200);
          expect(res.headers["content-encoding"], `${path} ${accept}`).toBe("gzip");
          expect(res.headers.vary, `${path} ${accept}`).toMatch(/Accept-Encoding/);
          expect(res.wire.length, path).toBeLessThan(file.length);
          expect(res.body.equals(file), `${path} ${accept}`).toBe(true);
          for (const headers of [{ "accept-encoding": accept }, {}]) {
            const cond = { ...headers, "if-none-match": res.headers.etag as string };
            const again = await request(engine.url, path, { headers: cond });
            expect(again.status, `${path} ${JSON.stringify(cond)}`).toBe(304);
          }
        }
        const plain = await request(engine.url, path);
        expect(plain.headers["content-encoding"], path).toBeUndefined();
        expect(plain.wire.equals(file), path).toBe(true);
      }
    },
  );

  it.skipIf(skip)(
    "redirects a clinic page's old address (its own folder) to its page, query kept",
    async () => {
      for (const page of longTail.filter((p) => p.endsWith(".html"))) {
        const old = `${page.slice(0, -".html".length)}/`;
        const res = await request(engine.url, old);
        expect(res.status, old).toBe(301);
        expect(res.headers.location, old).toBe(page);
        const query = await request(engine.url, `${old}?utm_source=letter&x=1`);
        expect(query.status, old).toBe(301);
        expect(query.headers.location, old).toBe(`${page}?utm_source=letter&x=1`);
      }
      const unknown = `${longTail[1]?.slice(0, -"xxxxxxxxxxxx.html".length)}zzzzzzzzzzzz/`;
      expect((await request(engine.url, unknown)).status, unknown).toBe(404);
    },
  );

  it.skipIf(skip)(
    sharedEtag
      ? "answers 304 to the ETag of a compressed response on a request in another encoding"
      : "answers 304 only to the ETag of the same encoding (each precompressed file has its own)",
    async () => {
      const compressed = await request(engine.url, "/api/v1/cities.json", {
        headers: { "accept-encoding": "br, gzip" },
      });
      const etag = compressed.headers.etag as string;
      for (const accept of ["", "gzip", "br, gzip"]) {
        const headers = { ...(accept ? { "accept-encoding": accept } : {}), "if-none-match": etag };
        const res = await request(engine.url, "/api/v1/cities.json", { headers });
        const same = accept === "br, gzip" || (accept === "gzip" && sent === "gzip");
        expect(res.status, accept).toBe(sharedEtag || same ? 304 : 200);
      }
    },
  );

  it.skipIf(skip)(
    "marks dated downloads and fingerprinted assets immutable; downloads are attachments",
    async () => {
      const download = await request(engine.url, dated, { method: "HEAD" });
      expect(download.status).toBe(200);
      expect(download.headers["cache-control"]).toBe(CACHE_CONTROL.immutable);
      expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(download.headers["content-disposition"]).toBe(`attachment; filename="${dated.slice(11)}"`);
      // The plain file to a client without gzip (wget, curl): its length, and ranges to resume.
      expect(download.headers["content-encoding"]).toBeUndefined();
      expect(Number(download.headers["content-length"])).toBe((await stat(join(root, dated))).size);
      const part = await request(engine.url, dated, { headers: { range: "bytes=0-99" } });
      expect(part.status).toBe(206);
      expect(part.wire.length).toBe(100);
      const css = await request(engine.url, asset, { method: "HEAD" });
      expect(css.headers["cache-control"]).toBe(CACHE_CONTROL.immutable);
      expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
      const manifest = await request(engine.url, "/downloads/manifest.json", { method: "HEAD" });
      expect(manifest.headers["content-disposition"]).toBeUndefined();
    },
  );

  it.skipIf(skip)("answers preflights 204 with the requested headers allowed", async () => {
    const res = await request(engine.url, "/api/v1/states.json", {
      method: "OPTIONS",
      headers: {
        origin: "https://example.org",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-requested-with, traceparent",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-headers"]).toBe("x-requested-with, traceparent");
    expect(res.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    expect(res.headers["cache-control"]).toBe(CACHE_CONTROL.noStore);
  });

  it.skipIf(skip)(
    "answers unknown API paths 404 with a JSON body valid against the Error schema, with CORS",
    async () => {
      for (const path of [
        "/api/v1/clinics/nowhere/nothing.json",
        "/api/v1/nope.json",
        "/api/v1/clinic/000000000000.json",
        "/api/v1/index.json.br",
        // A .json path outside the API (a base URL without /api/v1) gets the JSON body too, the generic one.
        "/cities.json",
      ]) {
        const res = await request(engine.url, path, { headers: { "accept-encoding": "br, gzip" } });
        expect(res.status, path).toBe(404);
        expect(res.headers["content-type"], path).toBe("application/json; charset=utf-8");
        expect(res.headers["access-control-allow-origin"], path).toBe("*");
        expect(res.headers["cache-control"], path).toBe(CACHE_CONTROL.notFound);
        expect(validateError(json(res)), path).toBe(true);
      }
    },
  );

  it.skipIf(skip)(
    "answers unknown site paths with the HTML 404 page and the pages' security headers",
    async () => {
      for (const path of ["/no-such-page/", "/files.tsv", "/assets/"]) {
        const res = await request(engine.url, path);
        expect(res.status, path).toBe(404);
        expect(res.headers["content-type"], path).toBe("text/html; charset=utf-8");
        expect(res.headers["content-security-policy"], path).toBe(CONTENT_SECURITY_POLICY);
        expect(res.headers["access-control-allow-origin"], path).toBe("*");
        expect(res.body.equals(await readFile(join(root, "404.html"))), path).toBe(true);
      }
      const home = await request(engine.url, "/");
      expect(home.status).toBe(200);
      expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(home.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(home.headers["x-frame-options"]).toBe("DENY");
      const folder = await request(engine.url, "/about");
      expect([301, 308], name).toContain(folder.status);
      expect(folder.headers.location).toMatch(/\/about\/$/);
    },
  );

  it.skipIf(skip)(
    "answers 404 where ucd serve does: empty and dot segments, encoded dots and slashes",
    async () => {
      for (const path of [...UNLISTED, ...LISTED]) {
        const [ours, theirs] = await Promise.all([request(server.url, path), request(engine.url, path)]);
        expect(ours.status, path).toBe(UNLISTED.includes(path) ? 404 : 200);
        expect(theirs.status, path).toBe(ours.status);
        expect(theirs.headers["content-type"], path).toBe(ours.headers["content-type"]);
      }
    },
  );

  it.skipIf(skip)("refuses other methods with 405, Allow and a JSON error body", async () => {
    const res = await request(engine.url, "/api/v1/states.json", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(validateError(json(res))).toBe(true);
  });
});
