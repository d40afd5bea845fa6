import type { IncomingMessage, ServerResponse } from "node:http";
import { respond } from "./respond.js";
import type { Site } from "./site.js";

/**
 * Answers one `node:http` request from the loaded site. Never throws; never touches the filesystem.
 * @example createServer((req, res) => handle(site, req, res));
 */
export function handle(site: Site, req: IncomingMessage, res: ServerResponse): void {
  const h = req.headers;
  const range = h.range;
  const reply = respond(
    site,
    req.method ?? "GET",
    req.url ?? "/",
    h["accept-encoding"],
    h["if-none-match"],
    range,
    range === undefined ? undefined : (h["if-range"] as string | undefined),
  );
  // A request that carried a body we do not read: answer, then close, so the body is never parsed as a request.
  if (h["content-length"] !== undefined && h["content-length"] !== "0") res.shouldKeepAlive = false;
  if (h["transfer-encoding"] !== undefined) res.shouldKeepAlive = false;
  res.writeHead(reply.status, reply.headers as string[]);
  res.end(reply.body ?? undefined);
}
