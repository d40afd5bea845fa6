import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { PARTIAL, type ScanState, scanHead } from "./head-scan.js";
import { HOST, newRequestHead, originForm } from "./http-parser.js";
import { Lingering } from "./linger.js";
import type { LiveSite } from "./live-site.js";
import type { AccessLogger, Logger } from "./log.js";
import { acceptFailed, type Limits, type RunningHttp } from "./raw-server.js";
import { closingHead, fresh, type Reply, tickClock } from "./reply.js";
import { type Answer, isStreamed, type Request, respond } from "./respond.js";
import type { Site } from "./site.js";
import { pumpFile } from "./stream-file.js";

const CHUNKED_LAST = /(?:^|,)[ \t]*chunked[ \t]*$/i;

/**
 * What node:http lets through and the raw parser refuses, so both modes answer alike: exactly one Host on
 * HTTP/1.1 (at most one on 1.0), of the `host[:port]` shape; Transfer-Encoding only on HTTP/1.1 and with
 * chunked last. Returns the request's origin-form target, or null for a 400.
 */
function acceptable(req: IncomingMessage): string | null {
  let hosts = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).length === 4 && (raw[i] as string).toLowerCase() === "host") {
      hosts++;
      if (!HOST.test((raw[i + 1] as string).trim())) return null;
    }
  }
  const http11 = req.httpVersion === "1.1";
  if (http11 ? hosts !== 1 : req.httpVersion !== "1.0" || hosts > 1) return null;
  const te = req.headers["transfer-encoding"];
  if (te !== undefined && (!http11 || !CHUNKED_LAST.test(te))) return null;
  return originForm(req.url ?? "", req.method ?? "");
}

function send(res: ServerResponse, answer: Answer): void {
  if (res.destroyed) {
    if (isStreamed(answer)) void answer.handle.close().catch(() => {});
    return;
  }
  if (!isStreamed(answer)) {
    res.writeHead(answer.status, answer.headers as string[]);
    res.end(answer.body ?? undefined);
    return;
  }
  res.writeHead(answer.reply.status, answer.reply.headers as string[]);
  pumpFile(answer.handle, answer.start, answer.end, res, (ok) => (ok ? res.end() : res.destroy()));
}

/**
 * Answers one `node:http` request from the loaded site, through the same `respond` as the raw server.
 * Never throws.
 * @example createServer((req, res) => handle(site, req, res));
 */
export function handle(site: Site, req: IncomingMessage, res: ServerResponse): void {
  const h = req.headers;
  // As the raw parser decides (`parseHead`): a request that carried a body we do not read is answered, then the
  // connection closed, so the body is never parsed as a request (`Content-Length: 000` is no body); so is one that
  // asks to switch protocols (Upgrade), and any HTTP/1.0 request, `Connection: keep-alive` or not.
  if (
    Number(h["content-length"] ?? 0) > 0 ||
    h["transfer-encoding"] !== undefined ||
    h.upgrade !== undefined ||
    req.httpVersion === "1.0"
  )
    res.shouldKeepAlive = false;
  const target = acceptable(req);
  if (target === null) {
    res.shouldKeepAlive = false;
    send(res, req.method === "HEAD" ? site.fixed.badRequest.head : site.fixed.badRequest.get);
    return;
  }
  const range = h.range;
  const request: Request = {
    method: req.method ?? "GET",
    target,
    acceptEncoding: h["accept-encoding"],
    ifNoneMatch: h["if-none-match"],
    range,
    ifRange: range === undefined ? undefined : (h["if-range"] as string | undefined),
    accessControlRequestHeaders: h["access-control-request-headers"],
  };
  const result = respond(site, request);
  if (result instanceof Promise) result.then((answer) => send(res, answer));
  else send(res, result);
}

/** node:http's parse errors, answered with the raw parser's statuses and bodies. */
function clientErrorReply(site: Site, code: string | undefined): Reply {
  const f = site.fixed;
  if (code === "HPE_HEADER_OVERFLOW") return f.headersTooLarge.get;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return f.requestTimeout.get;
  if (code === "HPE_URI_TOO_LONG") return f.uriTooLong.get;
  return f.badRequest.get;
}

/**
 * Most requests of one connection handed to node:http and not answered yet. The rest of a pipelined burst waits,
 * unread, so that a client that sends and never reads holds a bounded amount (raw mode stops reading when its
 * answers are not taken; node:http pauses too, but only after parsing whatever it was given).
 */
export const PIPELINE_DEPTH = 8;

/**
 * True when node:http has stopped reading `socket` because its answers are not being taken (its own `_paused`
 * mark, set with `socket.pause()` and cleared when the answers drain): it must not be given bytes meanwhile.
 */
function nodePaused(socket: Socket): boolean {
  return (socket as unknown as { _paused?: boolean })._paused === true;
}

/** What `--mode node` keeps per connection: the head scan in front of node's parser (see `guard`). */
interface Guard extends ScanState {
  socket: Socket;
  lastActive: number;
  /** The bytes received from the start of the next head on, not all of them handed to node's parser yet. */
  pending: Buffer | null;
  /** How many bytes of `pending` node's parser has (the start of a head still arriving). */
  passed: number;
  /** The bytes of `pending` are the start of a head still arriving. */
  partial: boolean;
  /** First byte of the head pending; 0 when none. */
  since: number;
  /** Heads passed to node's parser, and answers finished. */
  heads: number;
  answered: number;
  /** Last time an answer finished or the socket drained, or an answer began to be awaited (the send timeout). */
  progress: number;
  /** False after a head that ends the connection (a body, Connection: close): the rest is node's alone. */
  inspecting: boolean;
  /** The error to answer once the requests before it are answered. */
  refusal: Reply | null;
  sent: boolean;
  /** `feed` is running (node's parser can call back into it). */
  feeding: boolean;
  /** node:http's own listener of the socket's bytes, which `feed` hands them to. */
  nodeOnData: ((chunk: Buffer) => void) | null;
}

function newGuard(socket: Socket): Guard {
  const now = Date.now();
  const g: Guard = {
    socket,
    lastActive: now,
    pending: null,
    passed: 0,
    partial: false,
    since: 0,
    blank: 0,
    from: 0,
    heads: 0,
    answered: 0,
    progress: now,
    inspecting: true,
    refusal: null,
    sent: false,
    feeding: false,
    nodeOnData: null,
  };
  return g;
}

/**
 * The `node:http` server: Node's own parser and connection handling, the same `respond()`, the same
 * answers (the protocol test suites run against both modes). Slower; for deployments that prefer Node's parser.
 * @example const s = createNodeServer(live, DEFAULT_LIMITS); s.server.listen(8080);
 */
export function createNodeServer(
  live: LiveSite,
  limits: Limits,
  accessLog?: AccessLogger,
  log?: Logger,
): RunningHttp {
  const sockets = new Map<Socket, Guard>();
  const lingering = new Lingering(limits.lingerMs);
  const ending = new WeakSet<Socket>();
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeadBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: Math.max(limits.headersTimeoutMs, 30_000),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above; its 30 s default would let slow clients linger.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(limits.headersTimeoutMs / 4))),
      noDelay: true,
      // The Host checks are ours (acceptable), so that the answer is our JSON 400 as in the raw mode.
      requireHostHeader: false,
    },
    (req, res) => {
      const entry = sockets.get(req.socket);
      if (entry) {
        entry.lastActive = Date.now();
        res.once("close", () => answered(entry));
      }
      handle(live.current, req, res);
      // This connection ends after the answer: whatever follows is not parsed as a request (no 400 after it).
      if (!res.shouldKeepAlive) ending.add(req.socket);
      if (accessLog) {
        res.once("finish", () =>
          accessLog(
            req.method ?? "",
            req.url ?? "",
            res.statusCode,
            Number(res.getHeader("content-length") ?? 0),
            req.socket.remoteAddress,
          ),
        );
      }
    },
  );
  // An Expect (100-continue or any other) is answered as if absent, as the raw server does: no 100 (no body is ever
  // read) and no 417 (RFC 9110 §10.1.1 lets a server do either).
  const request = server.listeners("request")[0] as (req: IncomingMessage, res: ServerResponse) => void;
  server.on("checkContinue", request);
  server.on("checkExpectation", request);
  const refuse = (socket: Socket, reply: Reply) => {
    tickClock();
    socket.write(closingHead(fresh(reply)));
    if (reply.body) socket.end(reply.body);
    else socket.end();
  };
  // Connections past the cap get the raw mode's 503 rather than node:http's silent drop: the server's own
  // connection listener only sees the connections kept.
  const httpConnection = server.listeners("connection")[0] as (socket: Socket) => void;
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    if (sockets.size >= limits.maxConnections) {
      // Read and drop whatever the client sends so its close is seen; it lingers, uncounted, then is cut off.
      socket.on("error", () => socket.destroy());
      socket.resume();
      refuse(socket, live.current.fixed.unavailable.get);
      lingering.add(socket, Date.now());
      return;
    }
    // Connections finished with give way to a new one (their descriptors are within the cap too).
    if (sockets.size + lingering.size >= limits.maxConnections) lingering.evictOldest();
    const entry = newGuard(socket);
    sockets.set(socket, entry);
    socket.once("close", () => sockets.delete(socket));
    // Its last answer is out and our side closed: it stops counting, and lingers (see `Lingering`).
    socket.once("finish", () => {
      sockets.delete(socket);
      lingering.add(socket, Date.now());
    });
    httpConnection.call(server, socket);
    guard(entry);
  });
  const scanned = newRequestHead();
  /**
   * Puts the raw server's framing (`scanHead`) in front of node:http's parser: node's own listener of the
   * socket's bytes is replaced by one that scans each head first and passes on only the bytes of heads it
   * accepts, so both modes refuse the same heads, at the same moment, with the same status. (Adding a `data`
   * listener makes node:http read through JavaScript instead of consuming the socket natively: this mode is the
   * slower one anyway.) A refusal waits for the answers to the requests before it, then closes. Heads are handed
   * over one at a time, at most `PIPELINE_DEPTH` unanswered and none while node has stopped reading; the rest
   * waits with the socket paused.
   */
  function guard(g: Guard): void {
    const socket = g.socket;
    const nodeOnData = socket.listeners("data")[0] as ((chunk: Buffer) => void) | undefined;
    if (!nodeOnData) return;
    socket.removeListener("data", nodeOnData);
    g.nodeOnData = nodeOnData;
    // A head cut short by the client's end is dropped without an answer, as the raw server (and nginx) do; node's
    // parser would answer 400 to the half-closed connection.
    socket.prependListener("end", () => {
      if (g.inspecting && g.partial) socket.destroy();
    });
    socket.on("data", (chunk: Buffer) => {
      g.lastActive = Date.now();
      // After a refusal, or a head that ends the connection: dropped, as the raw server drops it.
      if (g.refusal || !g.inspecting) return;
      g.pending = g.pending ? Buffer.concat([g.pending, chunk]) : chunk;
      feed(g);
    });
    // node:http reads again (its answers drained): what waited goes on.
    socket.on("resume", () => feed(g));
    socket.on("drain", () => {
      g.progress = Date.now();
    });
  }
  /** Hands `g.pending` to node's parser as far as it may have it now (see `guard`). */
  function feed(g: Guard): void {
    if (g.feeding || g.nodeOnData === null) return;
    g.feeding = true;
    try {
      feedNow(g, g.nodeOnData);
    } finally {
      g.feeding = false;
    }
  }
  function feedNow(g: Guard, nodeOnData: (chunk: Buffer) => void): void {
    const socket = g.socket;
    const pass = (buf: Buffer, end: number) => {
      if (end > g.passed) nodeOnData(buf.subarray(g.passed, end));
      g.passed = end;
    };
    while (g.pending !== null && !g.refusal && !socket.destroyed) {
      const buf = g.pending;
      if (nodePaused(socket)) return; // node resumes it, and this runs again ("resume")
      if (g.since === 0) g.since = g.lastActive;
      const next = scanHead(buf, 0, buf.length, g, limits.maxHeadBytes, scanned);
      if (next === PARTIAL) {
        // A head still arriving: node's parser has its start too (it parses as bytes come, as it always does).
        pass(buf, buf.length);
        g.pending = g.from < buf.length ? buf.subarray(g.from) : null;
        g.passed = Math.max(0, g.passed - g.from);
        g.partial = g.pending !== null;
        break;
      }
      if (next < 0) {
        g.pending = null;
        g.partial = false;
        const f = live.current.fixed;
        const status = -next;
        refuseInOrder(
          g,
          status === 431 ? f.headersTooLarge.get : status === 414 ? f.uriTooLong.get : f.badRequest.get,
        );
        return;
      }
      // A whole head: handed over when fewer than PIPELINE_DEPTH answers are awaited (or when node has its start).
      const awaited = g.heads - g.answered;
      if (g.passed === 0 && awaited >= PIPELINE_DEPTH) {
        g.since = 0; // whole: no longer on the head's clock (the send timeout applies)
        socket.pause();
        return;
      }
      if (awaited === 0) g.progress = Date.now();
      g.since = 0;
      g.heads++;
      g.partial = false;
      // After a head that ends the connection (a body, Connection: close, Upgrade, HTTP/1.0), nothing more is
      // handed over, as the raw server reads nothing more: node answers it and closes.
      const ends = scanned.hasBody || !scanned.keepAlive;
      g.pending = ends || next === buf.length ? null : buf.subarray(next);
      if (ends) g.inspecting = false;
      pass(buf, next);
      g.passed = 0;
    }
    // Everything received is handed over (but a head still arriving): read on, unless node has stopped reading.
    if (socket.isPaused() && !nodePaused(socket)) socket.resume();
  }
  function answered(g: Guard): void {
    g.answered++;
    g.progress = Date.now();
    if (g.refusal && g.answered >= g.heads) sendRefusal(g);
    if (g.pending !== null) feed(g);
  }
  function refuseInOrder(g: Guard, reply: Reply): void {
    g.refusal = reply;
    g.pending = null;
    g.partial = false;
    if (g.answered >= g.heads) sendRefusal(g);
  }
  function sendRefusal(g: Guard): void {
    const reply = g.refusal as Reply;
    if (g.sent || !g.socket.writable) return;
    g.sent = true;
    ending.add(g.socket);
    refuse(g.socket, reply);
  }
  // The time a client gets for a head runs from its first byte (empty lines before it included), as in raw mode.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const g of sockets.values()) {
        if (g.inspecting && !g.refusal && g.since !== 0 && now - g.since > limits.headersTimeoutMs)
          refuseInOrder(g, live.current.fixed.requestTimeout.get);
        // A client that does not read its answers: cut off after the send timeout without progress, as in raw mode.
        const waiting = g.heads > g.answered || g.socket.writableLength > 0;
        if (waiting && now - g.progress > limits.sendTimeoutMs) g.socket.destroy();
      }
      lingering.sweep(now);
    },
    Math.max(20, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  );
  sweep.unref();
  server.on("error", (e: NodeJS.ErrnoException) =>
    acceptFailed(e, new Set(sockets.values()), log, lingering),
  );
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
    if (ending.has(socket)) return socket.end();
    const g = sockets.get(socket);
    if (g?.refusal) return; // ours is on its way, after the answers before it
    // After the answers to the requests before the bad one, as the raw server answers.
    if (g) refuseInOrder(g, clientErrorReply(live.current, err.code));
    else refuse(socket, clientErrorReply(live.current, err.code));
  });
  // CONNECT (authority-form) is no request for a document: 400, as the raw parser answers.
  server.on("connect", (_req: IncomingMessage, socket: Socket) =>
    refuse(socket, live.current.fixed.badRequest.get),
  );
  return {
    server,
    get connections() {
      return sockets.size;
    },
    close(graceMs = 10_000) {
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
          lingering.destroyAll();
        }, graceMs);
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
