import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Body as sent on the wire. */
  wire: Buffer;
  /** Body after undoing Content-Encoding. */
  body: Buffer;
}

/** One raw HTTP/1.1 request: no URL normalisation, no automatic decompression. */
export function request(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        method: options.method ?? "GET",
        path,
        headers: options.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const enc = res.headers["content-encoding"];
          const body =
            wire.length === 0 // a 304 or HEAD carries the Content-Encoding of a body it does not send
              ? wire
              : enc === "br"
                ? brotliDecompressSync(wire)
                : enc === "gzip"
                  ? gunzipSync(wire)
                  : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

export function json<T = unknown>(res: RawResponse): T {
  return JSON.parse(res.body.toString("utf8")) as T;
}
