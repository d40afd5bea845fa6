import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lookupKey,
  newRequestHead,
  parseHead,
  type RunningServer,
  type ServeOptions,
  startServer,
} from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";
import { exchange, once } from "./helpers/raw-http.js";

const TRAVERSALS = [
  "/../secret.txt",
  "/../../secret.txt",
  "/..%2fsecret.txt",
  "/%2e%2e/secret.txt",
  "/%2E%2E%2Fsecret.txt",
  "/api/v1/../../secret.txt",
  "/api/v1/..%2f..%2fsecret.txt",
  "//secret.txt",
  "/public/../secret.txt",
  "/../package.json",
  "/..\\secret.txt",
  "/%00/../secret.txt",
  "/api/v1/index.json%00.txt",
  "/.%2e/secret.txt",
];

const text = fc.string({ unit: "binary", maxLength: 40 });
const method = fc.oneof(
  fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "DELETE", "CONNECT", "BREW", "G ET", "get", ""),
  text,
);
const path = fc.oneof(
  fc.constantFrom(...TRAVERSALS, "/api/v1/index.json", "/healthz", "*", "", "http://x/api/v1/index.json"),
  fc.webPath(),
  text.map((t) => `/${t}`),
  fc
    .array(fc.constantFrom("..", "%2e%2e", "%2f", ".", "api", "v1", "secret.txt", "%", "%zz", "%00", "//"), {
      maxLength: 8,
    })
    .map((segs) => `/${segs.join("/")}`),
);
const version = fc.oneof(fc.constantFrom("HTTP/1.1", "HTTP/1.0", "HTTP/1.2", "HTTP/2", "http/1.1", ""), text);
const value = fc.oneof(
  text,
  fc.constantFrom(
    "0",
    "000",
    "5",
    "x",
    "chunked",
    "chunked,chunked",
    "chunked, chunked",
    "gzip, chunked",
    "close",
    "closed",
    "keep-alive",
    "keep-alive, close",
    "Upgrade, HTTP2-Settings",
    "h2c",
    "websocket",
    "100-continue",
    "teapot",
  ),
);
const header = fc.oneof(
  fc.tuple(
    fc.constantFrom(
      "Host",
      "Accept-Encoding",
      "If-None-Match",
      "Range",
      "If-Range",
      "Content-Length",
      "Transfer-Encoding",
      "Connection",
      "Upgrade",
      "Expect",
    ),
    value,
  ),
  fc.tuple(text, text),
);
/** Sometimes about the 100-header limit: 95–105 short header lines. */
const headers = fc.oneof(
  { weight: 9, arbitrary: fc.array(header, { maxLength: 6 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 95, max: 105 })
      .map((n) => Array.from({ length: n }, (_, i) => [`X-${i}`, "1"] as [string, string])),
  },
);
const sep = fc.constantFrom("\r\n", "\n", "\r", "\r\n", "\r\n");
const requestBytes = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        method,
        path,
        version,
        headers,
        sep,
        fc.constantFrom(" ", " ", "  "),
        fc.constantFrom("", "\r\n"),
      )
      .map(
        ([m, p, v, hs, s, sp, lead]) =>
          `${lead}${m}${sp}${p}${sp}${v}${s}${hs.map(([k, val]) => `${k}: ${val}${s}`).join("")}${s}`,
      ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")) },
  {
    // Well-formed requests with the headers that decide whether a connection goes on (issue 36's corners), so that
    // what follows them in a pipeline is answered, or not, alike.
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "CONNECT"),
        fc.constantFrom("/api/v1/index.json", "/", "/nope.json"),
        fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.0"),
        fc.array(
          fc.tuple(
            fc.constantFrom("Connection", "Upgrade", "Expect", "Content-Length", "HTTP2-Settings"),
            value,
          ),
          { maxLength: 3 },
        ),
      )
      .map(
        ([m, p, v, hs]) =>
          `${m} ${p} ${v}\r\nHost: x\r\n${hs.map(([k, val]) => `${k}: ${val}\r\n`).join("")}\r\n`,
      ),
  },
);

describe("parser properties", () => {
  it("parseHead never throws and only accepts clean, origin-form requests", () => {
    fc.assert(
      fc.property(requestBytes, (raw) => {
        const end = raw.indexOf("\r\n\r\n");
        const head = newRequestHead();
        const status = parseHead(end < 0 ? raw : raw.slice(0, end), head);
        expect([0, 400, 431]).toContain(status);
        if (status === 0) {
          expect(head.target === "*" || head.target.startsWith("/")).toBe(true);
          expect(head.method).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
          for (const v of [head.target, head.acceptEncoding, head.ifNoneMatch, head.range])
            expect(v ?? "").not.toMatch(/[\r\n\0]/);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('lookupKey returns null, "" (no such name) or an absolute path without NUL', () => {
    fc.assert(
      fc.property(fc.oneof(path, text), (p) => {
        const key = lookupKey(p);
        if (key !== null && key !== "") {
          expect(key.startsWith("/")).toBe(true);
          expect(key).not.toContain("\0");
        }
      }),
      { numRuns: 3_000 },
    );
  });
});

describe.each<[string, Partial<ServeOptions>]>([
  ["raw", {}],
  ["raw, plain socket reads", { reuseReadBuffer: false }],
  ["node", { mode: "node" }],
])("random requests on the wire (%s mode)", (_name, config) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await fixtureSite(10);
    server = await startServer({ dir: site.dir, port: 0, ...config, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it("never crash the process nor leak a file outside the output folder", async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(requestBytes, { minLength: 1, maxLength: 3 }), async (requests) => {
        const { bytes } = await exchange(server.url, Buffer.from(requests.join(""), "latin1"), {
          idleMs: 300,
          halfClose: true,
        });
        const reply = bytes.toString("latin1");
        expect(reply).not.toContain(site.secret);
        expect(reply).not.toContain("root:");
        if (bytes.length > 0) expect(reply.startsWith("HTTP/1.1 ")).toBe(true);
        for (const m of reply.matchAll(/HTTP\/1\.1 (\d{3}) /g)) statuses.add(Number(m[1]));
      }),
      { numRuns: config.mode === "node" ? 150 : 250 },
    );
    for (const s of statuses)
      expect([200, 204, 206, 301, 304, 400, 404, 405, 408, 413, 414, 416, 431]).toContain(s);
    // Still alive and still right.
    const r = await once(server.url, "/api/v1/index.json");
    expect(r.status).toBe(200);
    for (const p of TRAVERSALS)
      expect((await once(server.url, p)).body.toString()).not.toContain(site.secret);
  });
});

describe("both modes give the same answer to every generated request", () => {
  const configs: [string, Partial<ServeOptions>][] = [
    ["raw", {}],
    ["raw, plain socket reads", { reuseReadBuffer: false }],
    ["node", { mode: "node" }],
  ];
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let servers: RunningServer[];
  beforeAll(async () => {
    site = await fixtureSite(10);
    servers = await Promise.all(
      configs.map(([, config]) => startServer({ dir: site.dir, port: 0, ...config, log: () => {} })),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close(100)));
    await site.cleanup();
  });

  it("the same statuses, in the same order, from raw (both read paths) and node:http", async () => {
    const statuses = (bytes: Buffer) =>
      [...bytes.toString("latin1").matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    await fc.assert(
      fc.asyncProperty(fc.array(requestBytes, { minLength: 1, maxLength: 3 }), async (requests) => {
        const data = Buffer.from(requests.join(""), "latin1");
        const answers = await Promise.all(
          servers.map((s) => exchange(s.url, data, { idleMs: 300, halfClose: true })),
        );
        const [raw, ...others] = answers.map((a) => statuses(a.bytes).join(","));
        for (const other of others) expect(other, JSON.stringify(data.toString("latin1"))).toBe(raw);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1000) },
    );
  });
});
