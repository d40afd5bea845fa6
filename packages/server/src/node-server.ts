import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import type { Limits } from "./fast-server.js";
import { handle } from "./handler.js";
import type { LiveSite } from "./live-site.js";
import type { AccessLogger } from "./log.js";
import { closingHead } from "./reply.js";

/**
 * The fallback server on `node:http`: same answers (it calls the same `respond`), Node's own parser and
 * limits. Slower, but the parser is Node's, for deployments that prefer it.
 * @example const s = createNodeServer(live, DEFAULT_LIMITS); s.server.listen(8080);
 */
export function createNodeServer(
  live: LiveSite,
  limits: Limits,
  accessLog?: AccessLogger,
): { server: Server; close(graceMs?: number): Promise<void> } {
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeadBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: Math.max(limits.headersTimeoutMs, 30_000),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above; its 30 s default would let slow clients linger.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(limits.headersTimeoutMs / 4))),
      noDelay: true,
    },
    (req, res) => {
      handle(live.current, req, res);
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
  server.maxConnections = limits.maxConnections;
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
    const f = live.current.fixed;
    const reply =
      err.code === "HPE_HEADER_OVERFLOW"
        ? f.headersTooLarge.get
        : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? f.requestTimeout.get
          : f.badRequest.get;
    socket.write(closingHead(reply));
    if (reply.body) socket.end(reply.body);
    else socket.end();
  });
  return {
    server,
    close(graceMs = 10_000) {
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
