import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, type ServerMode, startServer } from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";
import { once } from "./helpers/raw-http.js";

const CITY = "/api/v1/clinics/st-2/city-2.json";

/** A client that starts a request and then sends one header line every `everyMs`, never finishing. */
function slowClient(port: number, everyMs: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => {
    received += d.toString("latin1");
  });
  socket.on("error", () => {});
  // Written now, not on "connect": a socket queues what is written before it connects, in order, and on a busy
  // machine connecting took longer than the first drip, whose header line then opened the request (a 400).
  socket.write("GET /api/v1/index.json HTTP/1.1\r\nHost: x\r\n");
  const drip = setInterval(() => {
    if (!socket.destroyed && socket.writable)
      socket.write(`X-Drip-${Math.random().toString(36).slice(2, 6)}: 1\r\n`);
  }, everyMs);
  const closed = new Promise<string>((resolve) =>
    socket.on("close", () => {
      clearInterval(drip);
      resolve(received);
    }),
  );
  return { socket, closed };
}

/** A client that sends an empty line every `everyMs` and nothing else (RFC 9112 lets a server skip a few). */
function blankLineClient(port: number, everyMs: number): Promise<{ received: string; ms: number }> {
  const started = Date.now();
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => {
    received += d.toString("latin1");
  });
  socket.on("error", () => {});
  const drip = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write("\r\n");
  }, everyMs);
  const giveUp = setTimeout(() => socket.destroy(), 5_000);
  return new Promise((resolve) =>
    socket.on("close", () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ received, ms: Date.now() - started });
    }),
  );
}

describe.each<ServerMode>(["raw", "node"])("slow clients (%s mode)", (mode) => {
  let site: Awaited<ReturnType<typeof fixtureSite>>;
  let server: RunningServer;
  beforeAll(async () => {
    site = await fixtureSite();
    server = await startServer({
      dir: site.dir,
      port: 0,
      mode,
      headersTimeoutMs: 400,
      keepAliveTimeoutMs: 1_000,
      log: () => {},
    });
  });
  afterAll(async () => {
    await server.close(100);
    await site.cleanup();
  });

  it("closes slowloris connections after the headers timeout while normal clients are served", async () => {
    const port = Number(new URL(server.url).port);
    const started = Date.now();
    const slow = Array.from({ length: 20 }, () => slowClient(port, 50));
    let served = 0;
    while (Date.now() - started < 800) {
      const r = await once(server.url, CITY, { "Accept-Encoding": "br" });
      expect(r.status).toBe(200);
      served++;
    }
    const answers = await Promise.all(slow.map((s) => s.closed));
    const elapsed = Date.now() - started;
    expect(served).toBeGreaterThan(5);
    expect(elapsed).toBeLessThan(5_000); // closed by the server, not by the test's end
    for (const answer of answers) {
      // The server either says 408 before closing or just closes; it never answers the unfinished request.
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it("closes connections that send only empty lines (each before the idle timeout) with 408, from their first byte", async () => {
    const port = Number(new URL(server.url).port);
    // Every 300 ms, under the 1 s keep-alive timeout: each line used to restart the idle timer, forever.
    const clients = await Promise.all(Array.from({ length: 20 }, () => blankLineClient(port, 300)));
    for (const c of clients) {
      expect(c.ms).toBeLessThan(4_000); // closed by the server, not by the client giving up at 5 s
      // 408 once the 400 ms for a head have passed since the first empty line (before a fifth line, a 400).
      expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it("closes a connection that never sends anything after the keep-alive timeout", async () => {
    const port = Number(new URL(server.url).port);
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.resume(); // read, so that the server's close is seen
    await new Promise((resolve) => socket.on("close", resolve));
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});
