import { readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize, sep } from "node:path";

/**
 * The Content-Security-Policy the server sends with every HTML page (packages/server): the pages must work
 * under it, so the browser tests serve them with it.
 */
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  xml: "application/xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
};

export interface StaticSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a built folder as the project's server will (the contract the site is written against): `/x/` →
 * `x/index.html`, media types by extension with `nosniff`, the strict CSP on HTML, unknown paths → `404.html`
 * with status 404 (`404.json` under `/api/`). Independent of packages/server, so that the site's browser tests
 * check the pages alone.
 */
export async function serveStatic(root: string): Promise<StaticSite> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let path = decodeURIComponent(url.pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = normalize(join(root, path));
    let status = 200;
    let target = file;
    const ok = file.startsWith(root + sep) && (await stat(file).catch(() => null))?.isFile();
    if (!ok) {
      status = 404;
      target = join(root, url.pathname.startsWith("/api/") ? "404.json" : "404.html");
    }
    const ext = target.slice(target.lastIndexOf(".") + 1);
    const type = TYPES[ext] ?? "application/octet-stream";
    const headers: Record<string, string> = { "Content-Type": type, "X-Content-Type-Options": "nosniff" };
    if (ext === "html") headers["Content-Security-Policy"] = CSP;
    const body = await readFile(target);
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
