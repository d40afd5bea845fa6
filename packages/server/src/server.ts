import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { errorBody } from "./errors.js";
import { handle } from "./handler.js";
import { loadSite, type Site } from "./site.js";

export interface ServeOptions {
  /** Output folder of a build. */
  dir: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Milliseconds a client may take to send its request headers (slowloris guard). */
  headersTimeoutMs?: number;
  /** Most connections held open at once. */
  maxConnections?: number;
}

export interface RunningServer {
  server: Server;
  site: Site;
  url: string;
  close(): Promise<void>;
}

/**
 * Loads the output folder and serves it.
 * @example const s = await startServer({ dir: "public", port: 0 }); console.log(s.url); await s.close();
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const site = await loadSite(options.dir);
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
    },
    (req, res) => handle(site, req, res),
  );
  server.maxConnections = options.maxConnections ?? 10_000;
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const body = status === 408 ? "" : errorBody(status as 400);
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        "Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n" +
        body,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8080, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    site,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
