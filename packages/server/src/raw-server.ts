import { createServer, type Server, Socket, type SocketConstructorOpts } from "node:net";
import { PARTIAL, type ScanState, scanHead } from "./head-scan.js";
import { newRequestHead, type RequestHead } from "./http-parser.js";
import { Lingering } from "./linger.js";
import type { LiveSite } from "./live-site.js";
import type { AccessLogger, Logger } from "./log.js";
import { closingHead, fresh, type Reply, tickClock } from "./reply.js";
import { type Answer, isStreamed, respond, type Streamed } from "./respond.js";
import { pumpFile } from "./stream-file.js";

/** Limits of the servers; every one has a safe default. */
export interface Limits {
  /** Milliseconds a client may take to send a complete request head (slowloris guard). */
  headersTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection is kept. */
  keepAliveTimeoutMs: number;
  /** Milliseconds a response may sit unsent because the client does not read. */
  sendTimeoutMs: number;
  /** Most bytes of one request head (request line and headers). */
  maxHeadBytes: number;
  /**
   * Most connections held open at once; more are answered 503 and closed. Lowered automatically to fit
   * the process's file-descriptor limit (see `connectionCap`).
   */
  maxConnections: number;
  /** Read into one reused buffer (see `adopt`); false keeps Node's plain socket reads. */
  reuseReadBuffer: boolean;
  /**
   * Milliseconds a connection the server has finished with (its last answer sent, its side closed) is kept for the
   * client to read that answer; it no longer counts against `maxConnections` meanwhile (see `Lingering`).
   */
  lingerMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  sendTimeoutMs: 30_000,
  maxHeadBytes: 16 * 1024,
  maxConnections: 10_000,
  reuseReadBuffer: true,
  lingerMs: 2_000,
};

/** A server with a graceful close, as both modes return it. */
export interface RunningHttp {
  server: Server;
  /** Stops accepting, lets requests in flight finish, then closes; forces after `graceMs`. */
  close(graceMs?: number): Promise<void>;
  /** Open connections. */
  readonly connections: number;
}

/** Writes `reply` with `Connection: close` and ends the socket after it. */
function sendClosing(socket: Socket, reply: Reply): void {
  socket.write(closingHead(fresh(reply)));
  if (reply.body && reply.body.length > 0) socket.end(reply.body);
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

class Connection implements ScanState {
  buffered: Buffer | null = null;
  /** Clock time the first byte of the current request head arrived (empty lines before it count); 0 when none is pending. */
  pendingSince = 0;
  blank = 0;
  from = 0;
  lastActive: number;
  /** Paused until the socket drains (the client reads slower than we answer). */
  waiting = false;
  /** An answer is being loaded from disk or streamed; later requests wait in `buffered`. */
  busy = false;
  done = false;

  constructor(
    public socket: Socket,
    now: number,
  ) {
    this.lastActive = now;
  }
}

/**
 * Serves the live site on raw `net` sockets with a strict HTTP/1.1 parser (`http-parser.ts`): keep-alive,
 * pipelining (answers in order), HEAD, conditional GET, ranges; a hot document's answer is one write of a
 * precomputed buffer, a cold one is loaded and verified first, a large file is streamed.
 * @example const http = createRawServer(live, DEFAULT_LIMITS); http.server.listen(8080);
 */
export function createRawServer(
  live: LiveSite,
  limits: Limits,
  accessLog?: AccessLogger,
  log?: Logger,
): RunningHttp {
  const conns = new Set<Connection>();
  const lingering = new Lingering(limits.lingerMs);
  const head: RequestHead = newRequestHead();
  let closing = false;
  let now = Date.now();

  const tickMs = Math.max(
    20,
    Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.keepAliveTimeoutMs) / 4)),
  );
  const tick = setInterval(() => {
    now = Date.now();
    tickClock(now);
    for (const c of conns) sweep(c);
    lingering.sweep(now);
  }, tickMs);
  tick.unref();

  function sweep(c: Connection): void {
    const s = c.socket;
    if (c.pendingSince !== 0 && now - c.pendingSince > limits.headersTimeoutMs) {
      c.done = true;
      c.pendingSince = 0;
      sendClosing(s, live.current.fixed.requestTimeout.get);
    } else if (s.writableLength > 0) {
      if (now - c.lastActive > limits.sendTimeoutMs) s.destroy();
    } else if (c.done) {
      if (now - c.lastActive > limits.keepAliveTimeoutMs) s.destroy(); // closed by us, never by the client
    } else if (
      !c.busy &&
      c.pendingSince === 0 &&
      now - c.lastActive > (closing ? 0 : limits.keepAliveTimeoutMs)
    ) {
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

  /** Writes a whole reply on a kept-alive connection; false when the socket asks us to wait. */
  function write(socket: Socket, reply: Reply, corked: boolean): boolean {
    fresh(reply);
    if (reply.tail === null) return socket.write(reply.wire);
    if (!corked) socket.cork();
    socket.write(reply.wire);
    socket.write(reply.tail);
    if (!corked) socket.uncork();
    return !socket.writableNeedDrain;
  }

  /** Carries on with requests that arrived while an answer was loaded or streamed. */
  function resume(c: Connection): void {
    c.busy = false;
    if (c.socket.writableNeedDrain) {
      c.waiting = true;
      return;
    }
    carryOn(c);
  }

  /**
   * Answers the requests already received, then reads on only if they are all answered: a client that pipelines
   * faster than it reads its answers holds one read's worth of requests, never more.
   */
  function carryOn(c: Connection): void {
    const pending = c.buffered;
    c.buffered = null;
    if (pending) process(c, pending);
    if (!c.waiting && !c.busy && !c.done) c.socket.resume();
  }

  /** Sends an answer that was not ready at once (loaded from disk, or a file to stream). */
  function deliver(c: Connection, answer: Answer, keepAlive: boolean): void {
    const socket = c.socket;
    if (socket.destroyed || c.done) {
      if (isStreamed(answer)) void answer.handle.close().catch(() => {});
      return;
    }
    c.lastActive = now;
    if (!isStreamed(answer)) {
      if (!keepAlive) finish(c, answer);
      else {
        write(socket, answer, false);
        resume(c);
      }
      return;
    }
    streamFile(c, answer, keepAlive);
  }

  function streamFile(c: Connection, answer: Streamed, keepAlive: boolean): void {
    const socket = c.socket;
    const reply = fresh(answer.reply);
    if (!keepAlive) c.done = true;
    socket.write(keepAlive ? reply.head : closingHead(reply));
    pumpFile(
      answer.handle,
      answer.start,
      answer.end,
      socket,
      (ok) => {
        if (!ok) socket.destroy();
        else if (!keepAlive) socket.end();
        else resume(c);
      },
      () => {
        c.lastActive = now;
      },
    );
  }

  function process(c: Connection, data: Buffer): void {
    const socket = c.socket;
    const buf = data;
    let start = 0;
    const len = buf.length;
    let corked = false;
    while (start < len) {
      if (c.waiting || c.busy || c.done) break;
      // The time a client gets for a head runs from its first byte, empty lines before it included.
      if (c.pendingSince === 0) c.pendingSince = now;
      const next = scanHead(buf, start, len, c, limits.maxHeadBytes, head);
      if (next === PARTIAL) {
        if (c.from < len) c.buffered = Buffer.from(buf.subarray(c.from)); // a copy: the read buffer is reused
        if (corked) socket.uncork();
        return;
      }
      if (next < 0) {
        fail(c, -next as 400 | 414 | 431);
        return;
      }
      start = next;
      c.pendingSince = 0;
      if (!corked && start < len) {
        socket.cork(); // pipelined requests in one read: their answers leave in one writev
        corked = true;
      }
      const keepAlive = head.keepAlive && !closing;
      const result = respond(live.current, head);
      if (result instanceof Promise) {
        c.busy = true;
        socket.pause();
        if (start < len) c.buffered = Buffer.from(buf.subarray(start));
        if (corked) socket.uncork();
        const method = head.method;
        const target = head.target;
        result.then((answer) => {
          if (accessLog) {
            const r = isStreamed(answer) ? answer.reply : answer;
            const bytes = isStreamed(answer) ? answer.end - answer.start + 1 : r.wire.length;
            accessLog(method, target, r.status, bytes, socket.remoteAddress);
          }
          deliver(c, answer, keepAlive);
        });
        return;
      }
      if (accessLog)
        accessLog(
          head.method,
          head.target,
          result.status,
          result.wire.length + (result.tail?.length ?? 0),
          socket.remoteAddress,
        );
      if (!keepAlive) {
        if (corked) socket.uncork();
        finish(c, result);
        return;
      }
      if (!write(socket, result, corked)) {
        c.waiting = true;
        socket.pause();
      }
    }
    if (corked) socket.uncork();
    if (c.waiting && start < len) c.buffered = Buffer.from(buf.subarray(start));
  }

  const server = createServer({ noDelay: true, pauseOnConnect: true }, (accepted) => {
    if (closing || conns.size >= limits.maxConnections) {
      // Read and drop whatever the client sends so its close is seen; it lingers, uncounted, then is cut off.
      accepted.on("error", () => accepted.destroy());
      accepted.resume();
      sendClosing(accepted, live.current.fixed.unavailable.get);
      lingering.add(accepted, now);
      return;
    }
    // Connections finished with give way to a new one (their descriptors are within the cap too).
    if (conns.size + lingering.size >= limits.maxConnections) lingering.evictOldest();
    const c = new Connection(accepted, now);
    const onChunk = (chunk: Buffer): void => {
      if (c.done) return; // answered for the last time: what follows is dropped, and keeps nothing alive
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
      if (!c.waiting || c.busy) return;
      c.waiting = false;
      carryOn(c);
    });
    socket.on("error", () => socket.destroy());
    // Its last answer is out and our side closed: it stops counting, and lingers (see `Lingering`).
    socket.on("finish", () => {
      conns.delete(c);
      lingering.add(socket, now);
    });
    socket.on("close", () => conns.delete(c));
  });
  server.on("error", (e: NodeJS.ErrnoException) => acceptFailed(e, conns, log, lingering));

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
          lingering.destroyAll();
        }, graceMs);
        server.close(() => {
          clearTimeout(force);
          clearInterval(tick);
          resolveClose();
        });
        for (const c of conns) {
          // Idle connections go now; one with a request or response under way goes when it is done.
          if (!c.busy && c.pendingSince === 0 && c.socket.writableLength === 0 && c.buffered === null) {
            c.done = true;
            c.socket.end();
          }
        }
      });
    },
  };
}

/**
 * An accept failed (EMFILE/ENFILE: out of file descriptors, despite the connection cap). Keep serving: log it
 * and free descriptors by closing the connections finished with, and the longest-idle keep-alive connections, a
 * tenth of them, so that accepting can succeed again. Other listener errors are only logged.
 */
export function acceptFailed(
  e: NodeJS.ErrnoException,
  conns: Set<{ socket: Socket; lastActive: number; busy?: boolean }>,
  log: Logger | undefined,
  lingering: Lingering,
): void {
  if (e.code !== "EMFILE" && e.code !== "ENFILE") {
    log?.("accept-error", { error: e.message });
    return;
  }
  lingering.destroyAll();
  const idle = [...conns]
    .filter((c) => !c.busy && c.socket.writableLength === 0)
    .sort((a, b) => a.lastActive - b.lastActive);
  const shed = idle.slice(0, Math.max(1, Math.ceil(conns.size / 10)));
  for (const c of shed) c.socket.destroy();
  log?.("accept-error", { error: e.code, open: conns.size, closed: shed.length });
}
