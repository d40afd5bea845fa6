import { readFile, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize, sep } from "node:path";
import { CONTENT_SECURITY_POLICY, MEDIA_TYPES } from "@urgent-care-directory/server";

/**
 * The Content-Security-Policy the server sends with every HTML page (packages/server's policy, which every deploy
 * target's config is generated from): the pages must work under it, so the browser tests serve them with it.
 */
export const CSP = CONTENT_SECURITY_POLICY;

const TYPES = MEDIA_TYPES;

export interface StaticSite {
  origin: string;
  /** Bodies served instead of the folder's, by URL path (`/sw.js`, `/clinics/texas/`): a next release, in part. */
  overlay: Map<string, string>;
  /** Stops answering: every connection is closed (the browser is then as good as offline). */
  close(): Promise<void>;
}

/**
 * Serves a built folder as the project's server will (the contract the site is written against): `/x/` →
 * `x/index.html`, media types by extension with `nosniff`, the strict CSP on HTML, unknown paths → `404.html`
 * with status 404 (`404.json` under `/api/`). Independent of packages/server, so that the site's browser tests
 * check the pages alone.
 */
export async function serveStatic(root: string): Promise<StaticSite> {
  const overlay = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const replaced = overlay.get(url.pathname);
    if (replaced !== undefined) {
      const ext = url.pathname.endsWith("/") ? "html" : url.pathname.slice(url.pathname.lastIndexOf(".") + 1);
      const headers: Record<string, string> = { "Content-Type": TYPES[ext] ?? "application/octet-stream" };
      if (ext === "html") headers["Content-Security-Policy"] = CSP;
      res.writeHead(200, headers);
      res.end(replaced);
      return;
    }
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
    overlay,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
