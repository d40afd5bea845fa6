// Clients that never close their side (issue 36): once the server has answered them for the last time, their
// connections stop counting against the connection cap, so normal clients are answered again.
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { type RunningServer, type ServerMode, startServer } from "../src/index.js";
import { fixtureSite } from "./helpers/fixture.js";
import { exchange, parseResponses, request } from "./helpers/raw-http.js";

const HEADERS_TIMEOUT = 2_000;
const LINGER = 1_000;
const LIMIT = 12;

/**
 * How a holder ends its connection, as far as the server is concerned: what it sends first, what it keeps sending
 * every `every` ms (200 by default) afterwards (it never closes), and the status it is answered with before the
 * server is done with it.
 */
interface Kind {
  name: string;
  first: string;
  drip: string;
  every?: number;
  statuses: number[];
}

/** Empty lines only, every 500 ms: 408 once the head's time is out, or 400 at the fifth line. */
const EMPTY_LINES: Kind = {
  name: "empty lines",
  first: "\r\n",
  drip: "\r\n",
  every: 500,
  statuses: [408, 400],
};

const HOLDERS: Kind[] = [
  EMPTY_LINES,
  {
    name: "a head that never ends",
    first: "GET / HTTP/1.1\r\nHost: x\r\n",
    drip: "X-A: 1\r\n",
    statuses: [408],
  },
  { name: "a malformed head", first: "BREW / HTTP/1.1\r\n", drip: "junk\r\n", statuses: [400] },
  {
    name: "a head too large",
    first: `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}`,
    drip: "a",
    statuses: [431],
  },
  {
    name: "a request with a body",
    first: "POST /api/v1/index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n",
    drip: "a".repeat(100),
    statuses: [405],
  },
  {
    name: "Connection: close",
    first: request("/api/v1/index.json", { Connection: "close" }),
    drip: "\r\n",
    statuses: [200],
  },
];

interface Holder {
  socket: Socket;
  /** The first status line the server sent, once it has. */
  status: () => number | null;
}

/** A client that sends `first`, then `drip` every `every` ms, and never closes; `read: false`: it never reads either. */
function hold(port: number, { first, drip, every = 200 }: Kind, read: boolean): Promise<Holder> {
  return new Promise((resolve) => {
    // allowHalfOpen: Node's socket would otherwise close its side as soon as it reads the server's end.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let received = "";
    socket.on("error", () => {});
    if (read) socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
    else socket.pause();
    const timer = setInterval(() => {
      if (socket.writable) socket.write(drip);
    }, every);
    socket.on("close", () => clearInterval(timer));
    socket.on("connect", () => {
      socket.write(first);
      resolve({
        socket,
        status: () => {
          const m = /^HTTP\/1\.1 (\d{3}) /.exec(received);
          return m ? Number(m[1]) : null;
        },
      });
    });
  });
}

/** The status of one normal request (`Connection: close`), or null when the connection gave none. */
async function normal(url: string): Promise<number | null> {
  const { bytes } = await exchange(url, request("/api/v1/index.json", { Connection: "close" }), {
    idleMs: 2_000,
  });
  return bytes.length > 0 ? (parseResponses(bytes)[0]?.status ?? null) : null;
}

/** Waits until `condition` holds, checking every 50 ms; false when `ms` pass first. */
async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

async function serve(mode: ServerMode, dir: string): Promise<RunningServer> {
  return startServer({
    dir,
    port: 0,
    mode,
    maxConnections: LIMIT,
    headersTimeoutMs: HEADERS_TIMEOUT,
    keepAliveTimeoutMs: 1_000,
    lingerMs: LINGER,
    log: () => {},
  });
}

describe.each<ServerMode>(["raw", "node"])("clients that never close (%s mode)", (mode) => {
  it("stop holding a slot once answered: twice the cap of them, and a normal client is answered 200 again", async () => {
    const site = await fixtureSite(5);
    const server = await serve(mode, site.dir);
    const port = Number(new URL(server.url).port);
    const holders: Holder[] = [];
    const start = (kinds: Kind[], count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) => {
          return hold(port, kinds[i % kinds.length] as Kind, i % 2 === 0); // every other one never reads
        }),
      );
    try {
      // The cap's worth of clients whose heads never end: answered when their time for a head runs out.
      const slow = await start(HOLDERS.slice(0, 2), LIMIT);
      holders.push(...slow);
      expect(await until(async () => (await normal(server.url)) === 503, 5_000)).toBe(true);
      // As many again, past the cap: answered 503 at once, and never closing either.
      const over = await start([{ ...EMPTY_LINES, statuses: [503] }], LIMIT);
      holders.push(...over);
      let started = Date.now();
      // Within the head timeout plus the linger (and room for a busy machine), a normal client is served again.
      let served = await until(async () => (await normal(server.url)) === 200, 15_000);
      expect(served, `a normal client still refused ${Date.now() - started} ms after the cap was full`).toBe(
        true,
      );
      // The cap's worth of clients answered at once (400, 431, 405 and close, 200), never closing: a normal
      // client is served within the linger.
      const quick = await start(HOLDERS.slice(2), LIMIT);
      holders.push(...quick);
      started = Date.now();
      served = await until(async () => (await normal(server.url)) === 200, 15_000);
      expect(served, `a normal client still refused ${Date.now() - started} ms after the cap was full`).toBe(
        true,
      );
      for (const [i, h] of [...slow, ...quick].entries()) {
        const kind = (i < LIMIT ? HOLDERS.slice(0, 2) : HOLDERS.slice(2))[i % (i < LIMIT ? 2 : 4)];
        if (i % 2 === 0) expect(kind?.statuses, kind?.name).toContain(h.status());
      }
      // 503 at the cap (one that came in as a slot was freed is answered as any holder of empty lines).
      for (const h of over.filter((_, i) => i % 2 === 0)) expect([503, 408, 400]).toContain(h.status());
      // None of the holders closed its side: the server closes them all, after the linger.
      const closed = await until(
        () => holders.every((h) => h.socket.readableEnded || h.socket.destroyed),
        15_000,
      );
      expect(closed, "the server closes every holder's connection").toBe(true);
    } finally {
      for (const h of holders) h.socket.destroy();
      await server.close(100);
      await site.cleanup();
    }
  }, 60_000);

  it("shuts down within the head timeout plus the linger, not the grace, when clients never close", async () => {
    const site = await fixtureSite(5);
    const server = await serve(mode, site.dir);
    const port = Number(new URL(server.url).port);
    const holders = await Promise.all(
      HOLDERS.flatMap((kind) => [hold(port, kind, true), hold(port, kind, false)]),
    );
    try {
      // The server has read every holder: those refused at once have their answer.
      const answered = await until(
        () => [2, 3, 4, 5].every((i) => holders[2 * i]?.status() !== null),
        10_000,
      );
      expect(answered).toBe(true);
      const started = Date.now();
      let done = false;
      const closing = server.close(60_000).then(() => (done = true));
      const ended = await until(() => done, 20_000);
      expect(ended, `still closing after ${Date.now() - started} ms (grace 60 s)`).toBe(true);
      await closing;
    } finally {
      for (const h of holders) h.socket.destroy();
      if (!server.server.listening) await site.cleanup();
    }
  }, 60_000);
});
