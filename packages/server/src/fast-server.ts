import { createServer, type Server, Socket, type SocketConstructorOpts } from "node:net";
import { newRequestHead, parseHead, type RequestHead } from "./http-parser.js";
import type { LiveSite } from "./live-site.js";
import type { AccessLogger } from "./log.js";
import { closingHead, httpDate, type Reply } from "./reply.js";
import { respond } from "./respond.js";
import type { Site } from "./site.js";

/** Limits of the raw-socket server; every one has a safe default. */
export interface Limits {
  /** Milliseconds a client may take to send a complete request head (slowloris guard). */
  headersTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection is kept. */
  keepAliveTimeoutMs: number;
  /** Milliseconds a response may sit unsent because the client does not read. */
  sendTimeoutMs: number;
  /** Most bytes of one request head (request line and headers). */
  maxHeadBytes: number;
  /** Most connections held open at once; more are answered 503 and closed. */
  maxConnections: number;
  /** Read into one reused buffer (see `adopt`); false keeps Node's plain socket reads. */
  reuseReadBuffer: boolean;
}

export const DEFAULT_LIMITS: Limits = {
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  sendTimeoutMs: 30_000,
  maxHeadBytes: 16 * 1024,
  maxConnections: 10_000,
  reuseReadBuffer: true,
};

const END_OF_HEAD = Buffer.from("\r\n\r\n");

/** A server that answers on raw sockets, plus a graceful close. */
export interface FastServer {
  server: Server;
  /** Stops accepting, lets requests in flight finish, then closes; forces after `graceMs`. */
  close(graceMs?: number): Promise<void>;
  /** Open connections. */
  readonly connections: number;
}

/** Writes `reply` with `Connection: close` and ends the socket after it. */
function sendClosing(socket: Socket, reply: Reply): void {
  socket.write(closingHead(reply));
  if (reply.body) socket.end(reply.body);
  else socket.end();
}

/** One buffer per process that every adopted connection reads into; its bytes are used before the next read. */
const READ_BUFFER = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * Re-wraps an accepted connection so that its reads land in `READ_BUFFER` (net.Socket's `onread` option)
 * instead of a fresh 64 KiB allocation and a trip through the Readable stream per read: about a quarter of
 * the CPU a request costs (docs/benchmarks.md). It takes the handle from the accepted socket, which is
 * undocumented (`_handle`), so it returns null when there is none and the caller keeps the plain socket.
 */
function adopt(accepted: Socket, onChunk: (chunk: Buffer) => void): Socket | null {
  const holder = accepted as unknown as { _handle?: object | null };
  const handle = holder._handle;
  if (!handle) return null;
  holder._handle = null;
  const options = {
    handle,
    onread: { buffer: READ_BUFFER, callback: (n: number) => onChunk(READ_BUFFER.subarray(0, n)) },
  } as unknown as SocketConstructorOpts;
  const socket = new Socket(options);
  // The server counts the accepted socket; it ends with the one that replaced it.
  socket.once("close", () => accepted.destroy());
  return socket;
}

class Connection {
  buffered: Buffer | null = null;
  /** Clock time the current request head started arriving; 0 when none is pending. */
  pendingSince = 0;
  lastActive: number;
  waiting = false;
  done = false;

  constructor(
    public socket: Socket,
    now: number,
  ) {
    this.lastActive = now;
  }
}

/**
 * Serves the live site on raw `net` sockets with a strict HTTP/1.1 parser: keep-alive, pipelining,
 * HEAD, conditional GET, ranges, each whole-document answer a single write of a precomputed buffer.
 * @example const fast = createFastServer(live, DEFAULT_LIMITS); fast.server.listen(8080);
 */
export function createFastServer(live: LiveSite, limits: Limits, accessLog?: AccessLogger): FastServer {
  const conns = new Set<Connection>();
  const head: RequestHead = newRequestHead();
  let closing = false;
  let now = Date.now();
  let second = Math.floor(now / 1000);
  let stamped: Site | null = null;

  const tickMs = Math.max(
    20,
    Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.keepAliveTimeoutMs) / 4)),
  );
  const tick = setInterval(() => {
    now = Date.now();
    const s = Math.floor(now / 1000);
    const site = live.current;
    if (s !== second || site !== stamped) {
      second = s;
      stamped = site;
      site.dates.stamp(Buffer.from(httpDate(now), "latin1"));
    }
    for (const c of conns) sweep(c);
  }, tickMs);
  tick.unref();

  function sweep(c: Connection): void {
    const s = c.socket;
    if (c.pendingSince !== 0 && now - c.pendingSince > limits.headersTimeoutMs) {
      const r = live.current.fixed.requestTimeout.get;
      c.done = true;
      sendClosing(s, r);
    } else if (s.writableLength > 0) {
      if (now - c.lastActive > limits.sendTimeoutMs) s.destroy();
    } else if (c.done) {
      if (now - c.lastActive > limits.keepAliveTimeoutMs) s.destroy(); // closed by us, never by the client
    } else if (c.pendingSince === 0 && now - c.lastActive > (closing ? 0 : limits.keepAliveTimeoutMs)) {
      c.done = true;
      s.end();
    }
  }

  function finish(c: Connection, reply: Reply): void {
    c.done = true;
    c.buffered = null;
    c.pendingSince = 0;
    sendClosing(c.socket, reply);
  }

  function fail(c: Connection, status: 400 | 414 | 431): void {
    const f = live.current.fixed;
    finish(c, (status === 431 ? f.headersTooLarge : status === 414 ? f.uriTooLong : f.badRequest).get);
  }

  function process(c: Connection, data: Buffer): void {
    const socket = c.socket;
    const buf = data;
    let start = 0;
    const len = buf.length;
    let corked = false;
    while (start < len) {
      if (c.waiting || c.done) break;
      // RFC 9112 §2.2: ignore empty lines before a request line.
      while (start + 1 < len && buf[start] === 13 && buf[start + 1] === 10) start += 2;
      if (start >= len) break;
      const end = buf.indexOf(END_OF_HEAD, start);
      if (end < 0) {
        const rest = len - start;
        if (rest > limits.maxHeadBytes) {
          const lineEnd = buf.indexOf(13, start);
          fail(c, lineEnd < 0 || lineEnd - start > limits.maxHeadBytes ? 414 : 431);
          return;
        }
        c.buffered = Buffer.from(buf.subarray(start)); // a copy, so a large chunk is not retained
        if (c.pendingSince === 0) c.pendingSince = now;
        if (corked) socket.uncork();
        return;
      }
      if (end - start > limits.maxHeadBytes) {
        fail(c, 431);
        return;
      }
      const status = parseHead(buf.toString("latin1", start, end), head);
      start = end + 4;
      c.pendingSince = 0;
      if (status !== 0) {
        fail(c, status);
        return;
      }
      if (!corked && start < len) {
        socket.cork(); // pipelined requests in one read: their answers leave in one writev
        corked = true;
      }
      const reply = respond(
        live.current,
        head.method,
        head.target,
        head.acceptEncoding,
        head.ifNoneMatch,
        head.range,
        head.range === undefined ? undefined : head.ifRange,
      );
      if (accessLog)
        accessLog(
          head.method,
          head.target,
          reply.status,
          reply.wire.length + (reply.tail?.length ?? 0),
          socket.remoteAddress,
        );
      if (!head.keepAlive || closing) {
        if (corked) socket.uncork();
        finish(c, reply);
        return;
      }
      if (reply.tail !== null) {
        if (!corked) socket.cork();
        socket.write(reply.wire);
        socket.write(reply.tail);
        if (!corked) socket.uncork();
        if (socket.writableNeedDrain) {
          c.waiting = true;
          socket.pause();
        }
      } else if (!socket.write(reply.wire)) {
        c.waiting = true;
        socket.pause();
      }
    }
    if (corked) socket.uncork();
    if (c.waiting && start < len) c.buffered = Buffer.from(buf.subarray(start));
  }

  const server = createServer({ noDelay: true, pauseOnConnect: true }, (accepted) => {
    if (closing || conns.size >= limits.maxConnections) {
      const r = live.current.fixed.unavailable.get;
      // Read and drop whatever the client sends so its close is seen; cut it off if it lingers.
      const cut = setTimeout(() => accepted.destroy(), 1_000);
      accepted.on("close", () => clearTimeout(cut));
      accepted.on("error", () => accepted.destroy());
      accepted.resume();
      sendClosing(accepted, r);
      return;
    }
    const c = new Connection(accepted, now);
    const onChunk = (chunk: Buffer): void => {
      c.lastActive = now;
      const pending = c.buffered;
      if (pending === null) {
        process(c, chunk);
        return;
      }
      c.buffered = null;
      process(c, Buffer.concat([pending, chunk]));
    };
    const socket = limits.reuseReadBuffer ? (adopt(accepted, onChunk) ?? accepted) : accepted;
    if (socket === accepted) {
      socket.on("data", onChunk);
      socket.resume();
    }
    c.socket = socket;
    conns.add(c);
    socket.on("drain", () => {
      c.lastActive = now;
      if (!c.waiting) return;
      c.waiting = false;
      socket.resume();
      const pending = c.buffered;
      c.buffered = null;
      if (pending) process(c, pending);
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => conns.delete(c));
  });

  return {
    server,
    get connections() {
      return conns.size;
    },
    close(graceMs = 10_000) {
      closing = true;
      return new Promise<void>((resolveClose) => {
        const force = setTimeout(() => {
          for (const c of conns) c.socket.destroy();
        }, graceMs);
        server.close(() => {
          clearTimeout(force);
          clearInterval(tick);
          resolveClose();
        });
        for (const c of conns) {
          // Idle connections go now; one with a request or response under way goes when it is done.
          if (c.pendingSince === 0 && c.socket.writableLength === 0 && c.buffered === null) {
            c.done = true;
            c.socket.end();
          }
        }
      });
    },
  };
}
