import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, type ServeOptions, startServer } from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";
import { exchange, parseResponses, request } from "./helpers/raw-http.js";

const A = "/api/v1/clinics/st-0/city-0.json";
const B = "/api/v1/clinics/st-1/city-1.json";

describe.each<[string, Partial<ServeOptions>]>([
  ["raw", {}],
  ["raw, plain socket reads", { reuseReadBuffer: false }],
  ["node", { mode: "node" }],
])("connection handling (%s mode)", (_name, config) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await fixtureSite();
    server = await startServer({ dir: site.dir, port: 0, ...config, maxConnections: 20, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it("answers pipelined requests in order, HEAD and 304 included, on one connection", async () => {
    const first = parseResponses(
      (await exchange(server.url, request(A), { until: { responses: 1 } })).bytes,
    )[0];
    const etag = first?.headers.etag as string;
    const burst = [
      request(A),
      request(B, {}, "HEAD"),
      request(A, { "If-None-Match": etag }),
      request("/nope.json"),
      request(B),
    ].join("");
    const { bytes, closed } = await exchange(server.url, burst, {
      until: { responses: 5, bodiless: [false, true] },
    });
    expect(closed).toBe(false);
    const rs = parseResponses(bytes, [false, true]);
    expect(rs.map((r) => r.status)).toEqual([200, 200, 304, 404, 200]);
    expect(JSON.parse(rs[0]?.body.toString() ?? "").city.slug).toBe("city-0");
    expect(rs[1]?.body.length).toBe(0);
    expect(JSON.parse(rs[4]?.body.toString() ?? "").city.slug).toBe("city-1");
  });

  it("keeps a connection alive across requests sent one by one", async () => {
    const { bytes } = await exchange(
      server.url,
      request(A) + request(B) + request(A, { Connection: "close" }),
      { idleMs: 1000 },
    );
    expect(parseResponses(bytes).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("closes after an HTTP/1.0 request", async () => {
    const { bytes, closed } = await exchange(server.url, `GET ${A} HTTP/1.0\r\n\r\n`, { idleMs: 2000 });
    expect(closed).toBe(true);
    expect(parseResponses(bytes)[0]?.status).toBe(200);
  });

  it("answers a request that carries a body, then closes rather than parse the body as a request", async () => {
    const smuggled = `POST ${A} HTTP/1.1\r\nHost: x\r\nContent-Length: ${request(B).length}\r\n\r\n${request(B)}`;
    const { bytes, closed } = await exchange(server.url, smuggled, { idleMs: 2000 });
    expect(closed).toBe(true);
    const rs = parseResponses(bytes);
    expect(rs.map((r) => r.status)).toEqual([405]);
  });

  it.each([
    // Bare line ends: refused at once, not after the headers timeout (10 s here).
    "GET / HTTP/1.1\nHost: x\n\n",
    "GET / HTTP/1.1\r\nHost: x\n\r\n",
    "GET / HTTP/1.1\rHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nX: 1\n",
    // Host: exactly one on HTTP/1.1, of the host[:port] shape.
    "GET / HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: user@a\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: \r\n\r\n",
    "GET / HTTP/1.1\r\nHost: <script>\r\n\r\n",
    // Versions, methods, targets node:http and the raw parser must answer alike.
    "GET / HTTP/2.0\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.2\r\nHost: x\r\n\r\n",
    "BREW / HTTP/1.1\r\nHost: x\r\n\r\n",
    "get / HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET x HTTP/1.1\r\nHost: x\r\n\r\n",
    "CONNECT x:443 HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
    "GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",
    "GET\r\n\r\n",
    "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
    "GET /a\x7fb HTTP/1.1\r\nHost: x\r\n\r\n",
    // Where the two modes used to differ (issue 23): the stricter answer, in both.
    "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked,chunked\r\n\r\n0\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
    "GET /  HTTP/1.1\r\nHost: x\r\n\r\n",
    `${"\r\n".repeat(5)}GET / HTTP/1.1\r\nHost: x\r\n\r\n`,
    // Heads refused before they end: the request line or a header line is already wrong.
    "BREW / HTTP/1.1\r\nHost: x\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\nX: 1\r\n",
    "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 1\r\n",
    "GET /  HTTP/1.1\r\n",
    "GE\x01",
    "GET / HTTP/1.1\r\nHost: x\r\nX\x00",
  ])("refuses a malformed request with 400 at once and closes: %j", async (raw) => {
    const started = Date.now();
    const { bytes, closed } = await exchange(server.url, raw, { idleMs: 2000 });
    expect(closed).toBe(true);
    expect(parseResponses(bytes).map((r) => r.status)).toEqual([400]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it.each([
    [`GET http://example.org${A} HTTP/1.1\r\nHost: example.org\r\n\r\n`, 200],
    ["OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 204],
    [`GET  ${A} HTTP/1.1\r\nHost: x\r\n\r\n`, 200],
    [`GET ${A} HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n`, 200],
    [`GET ${A} HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n`, 200],
    [`GET ${A} HTTP/1.0\r\n\r\n`, 200],
    ["GET /api%2fv1%2findex.json HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ["GET /api/v1/%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400],
  ])("answers %j with %i", async (raw, status) => {
    const { bytes } = await exchange(server.url, raw, { idleMs: 300, until: { responses: 1 } });
    expect(parseResponses(bytes)[0]?.status).toBe(status);
  });

  it.each<[string, string, number[], boolean]>([
    // Where the two modes used to differ (issue 36), one answer in both (docs/server.md, "Protection").
    [
      "a request after Connection: close is not read",
      request(A, { Connection: "close" }) + request(B),
      [200],
      true,
    ],
    ["Connection: closed is not close", request(A, { Connection: "closed" }) + request(B), [200, 200], false],
    [
      "Upgrade: h2c is answered as if absent, then the connection closes",
      request(A, {
        Connection: "Upgrade, HTTP2-Settings",
        Upgrade: "h2c",
        "HTTP2-Settings": "AAMAAABkAAQAoAAAAAIAAAAA",
      }) + request(B),
      [200],
      true,
    ],
    ["Upgrade alone closes too", request(A, { Upgrade: "websocket" }) + request(B), [200], true],
    [
      "Content-Length: 000 is no body",
      request(A, { "Content-Length": "000" }) + request(B),
      [200, 200],
      false,
    ],
    [
      "HTTP/1.0 closes, keep-alive asked or not",
      `GET ${A} HTTP/1.0\r\nConnection: keep-alive\r\n\r\n${request(B)}`,
      [200],
      true,
    ],
    [
      "an unknown Expect is ignored (no 417)",
      request(A, { Expect: "teapot" }) + request(B),
      [200, 200],
      false,
    ],
    [
      "Expect: 100-continue gets no 100, and the connection closes after",
      request(A, { Expect: "100-continue" }) + request(B),
      [200],
      true,
    ],
    ["CONNECT / is a 400", `CONNECT / HTTP/1.1\r\nHost: x\r\n\r\n${request(B)}`, [400], true],
  ])("%s", async (_what, raw, statuses, closes) => {
    const { bytes, closed } = await exchange(server.url, raw, {
      idleMs: 2000,
      ...(closes ? {} : { until: { responses: statuses.length } }),
    });
    expect(parseResponses(bytes).map((r) => r.status)).toEqual(statuses);
    expect(closed).toBe(closes);
  });

  it("answers 503 and closes beyond the connection cap, and serves again once connections close", async () => {
    const { connect } = await import("node:net");
    const port = Number(new URL(server.url).port);
    const held = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<import("node:net").Socket>((ok) => {
            const s = connect(port, "127.0.0.1", () => ok(s));
            s.on("error", () => {});
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const over = await exchange(server.url, request(A), { idleMs: 2000 });
    expect(over.closed).toBe(true);
    expect(parseResponses(over.bytes)[0]?.status).toBe(503);
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(
      parseResponses(
        (await exchange(server.url, request(A, { Connection: "close" }), { idleMs: 2000 })).bytes,
      )[0]?.status,
    ).toBe(200);
  });

  it("answers 431 to 101 header lines (the raw parser's limit, node's too)", async () => {
    const headers = Array.from({ length: 100 }, (_, i) => `X-${i}: 1\r\n`).join("");
    const { bytes, closed } = await exchange(server.url, `GET ${A} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`, {
      idleMs: 2000,
    });
    expect(closed).toBe(true);
    expect(parseResponses(bytes).map((r) => r.status)).toEqual([431]);
    const fits = Array.from({ length: 99 }, (_, i) => `X-${i}: 1\r\n`).join("");
    const ok = await exchange(server.url, `GET ${A} HTTP/1.1\r\nHost: x\r\n${fits}\r\n`, {
      until: { responses: 1 },
    });
    expect(parseResponses(ok.bytes)[0]?.status).toBe(200);
  });

  it("answers a request after up to four empty lines, pipelined after another, in order", async () => {
    const { bytes } = await exchange(server.url, `${request(A)}\r\n\r\n\r\n\r\n${request(B)}`, {
      until: { responses: 2 },
    });
    expect(parseResponses(bytes).map((r) => r.status)).toEqual([200, 200]);
  });

  it("answers the requests before a malformed one, then 400, in order", async () => {
    const { bytes, closed } = await exchange(server.url, `${request(A)}${request(B)}BREW / HTTP/1.1\r\n`, {
      idleMs: 2000,
    });
    expect(closed).toBe(true);
    expect(parseResponses(bytes).map((r) => r.status)).toEqual([200, 200, 400]);
  });

  it("answers a 414 or 431 when the request line never ends", async () => {
    const { bytes, closed } = await exchange(server.url, `GET /${"a".repeat(20_000)}`, { idleMs: 2000 });
    expect(closed).toBe(true);
    expect([414, 431]).toContain(parseResponses(bytes)[0]?.status);
  });
});
