import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, type ServeOptions, startServer } from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";
import { exchange, parseResponses, request } from "./helpers/raw-http.js";

const A = "/api/v1/clinics/st-0/city-0.json";
const B = "/api/v1/clinics/st-1/city-1.json";

describe.each<[string, Partial<ServeOptions>]>([
  ["fast", {}],
  ["fast, plain socket reads", { reuseReadBuffer: false }],
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
    const first = parseResponses((await exchange(server.url, request(A))).bytes)[0];
    const etag = first?.headers.etag as string;
    const burst = [
      request(A),
      request(B, {}, "HEAD"),
      request(A, { "If-None-Match": etag }),
      request("/nope.json"),
      request(B),
    ].join("");
    const { bytes, closed } = await exchange(server.url, burst);
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
      1000,
    );
    expect(parseResponses(bytes).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("closes after an HTTP/1.0 request", async () => {
    const { bytes, closed } = await exchange(server.url, `GET ${A} HTTP/1.0\r\n\r\n`, 2000);
    expect(closed).toBe(true);
    expect(parseResponses(bytes)[0]?.status).toBe(200);
  });

  it("answers a request that carries a body, then closes rather than parse the body as a request", async () => {
    const smuggled = `POST ${A} HTTP/1.1\r\nHost: x\r\nContent-Length: ${request(B).length}\r\n\r\n${request(B)}`;
    const { bytes, closed } = await exchange(server.url, smuggled, 2000);
    expect(closed).toBe(true);
    const rs = parseResponses(bytes);
    expect(rs.map((r) => r.status)).toEqual([405]);
  });

  it.each([
    "GET\r\n\r\n",
    "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
    "GET /a\x7fb HTTP/1.1\r\nHost: x\r\n\r\n",
  ])("refuses a malformed request with 400 and closes: %j", async (raw) => {
    const { bytes, closed } = await exchange(server.url, raw, 2000);
    expect(closed).toBe(true);
    expect(parseResponses(bytes)[0]?.status).toBe(400);
  });
});

describe("fast mode only", () => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await fixtureSite();
    server = await startServer({ dir: site.dir, port: 0, maxConnections: 5, log: () => {} });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it("strictly requires HTTP/1.x and exactly one Host on HTTP/1.1", async () => {
    for (const raw of [
      `GET ${A} HTTP/2.0\r\nHost: x\r\n\r\n`,
      `GET ${A} HTTP/1.1\r\n\r\n`,
      `GET ${A} HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`,
    ]) {
      expect(parseResponses((await exchange(server.url, raw, 2000)).bytes)[0]?.status).toBe(400);
    }
  });

  it("answers absolute-form targets and OPTIONS *", async () => {
    const abs = parseResponses(
      (await exchange(server.url, `GET http://example.org${A} HTTP/1.1\r\nHost: example.org\r\n\r\n`)).bytes,
    );
    expect(abs[0]?.status).toBe(200);
    const star = parseResponses((await exchange(server.url, "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")).bytes);
    expect(star[0]?.status).toBe(204);
  });

  it("answers 503 and closes beyond the connection cap, and serves again once connections close", async () => {
    const { connect } = await import("node:net");
    const port = Number(new URL(server.url).port);
    const held = await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<import("node:net").Socket>((ok) => {
            const s = connect(port, "127.0.0.1", () => ok(s));
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const over = await exchange(server.url, request(A), 2000);
    expect(over.closed).toBe(true);
    expect(parseResponses(over.bytes)[0]?.status).toBe(503);
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(
      parseResponses((await exchange(server.url, request(A, { Connection: "close" }), 2000)).bytes)[0]
        ?.status,
    ).toBe(200);
  });

  it("answers a 414 when the request line never ends", async () => {
    const { bytes, closed } = await exchange(server.url, `GET /${"a".repeat(20_000)}`, 2000);
    expect(closed).toBe(true);
    expect(parseResponses(bytes)[0]?.status).toBe(414);
  });
});
