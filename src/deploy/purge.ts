/** Purging a cache (the generated Varnish VCL) after a release: `PURGE` one URL or `BAN` every URL under it. */
import { request } from "node:http";

export interface PurgeResult {
  method: "PURGE" | "BAN";
  url: string;
  status: number;
  /** The status line's reason or the error that stopped the request. */
  message: string;
  ok: boolean;
}

/**
 * Sends `PURGE` (one document, every encoding) or, with `prefix`, `BAN` (every document whose path starts with
 * the URL's) to the cache at `url`. Never throws: a refused or failed request is a result with `ok: false`.
 * @example await purge("http://127.0.0.1:6081/", { prefix: true }); // { method: "BAN", status: 200, ok: true, … }
 */
export function purge(url: string, o: { prefix?: boolean; timeoutMs?: number } = {}): Promise<PurgeResult> {
  const method = o.prefix ? "BAN" : "PURGE";
  return new Promise((resolve) => {
    const done = (status: number, message: string) =>
      resolve({ method, url, status, message, ok: status >= 200 && status < 300 });
    let u: URL;
    try {
      u = new URL(url);
      if (u.protocol !== "http:") throw new Error(`only http:// caches can be purged: ${url}`);
    } catch (e) {
      return done(0, (e as Error).message);
    }
    const req = request(
      { host: u.hostname, port: u.port || 80, method, path: `${u.pathname}${u.search}`, agent: false },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0, res.statusMessage ?? ""));
      },
    );
    req.setTimeout(o.timeoutMs ?? 10_000, () => req.destroy(new Error("no answer in time")));
    req.on("error", (e) => done(0, e.message));
    req.end();
  });
}

/** One line for a person: what was purged and how it went. */
export function purgeLine(r: PurgeResult): string {
  return `${r.method} ${r.url}: ${r.status === 0 ? "failed" : r.status} ${r.message}`.trimEnd();
}
