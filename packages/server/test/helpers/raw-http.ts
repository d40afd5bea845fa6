import { connect, type Socket } from "node:net";

/** One response read off the wire. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** How `exchange` sends and when it stops listening. */
export interface ExchangeOptions {
  /** Stop after this long without a byte (default 400 ms). */
  idleMs?: number;
  /** Close our side of the connection once `data` is sent (a client that sends and hangs up). */
  halfClose?: boolean;
  /** Stop once this many whole responses have arrived; `bodiless[i]`: the i-th answers a HEAD. */
  until?: { responses: number; bodiless?: boolean[] };
}

/**
 * Sends `data` on a fresh connection and collects everything until the server closes the connection or
 * `idleMs` pass without a byte, or `until.responses` whole responses have arrived. Returns the raw bytes and
 * whether the server closed.
 * @example const { bytes } = await exchange(server.url, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", { until: { responses: 1 } });
 */
export function exchange(
  url: string,
  data: string | Buffer,
  { idleMs = 400, halfClose = false, until }: ExchangeOptions = {},
): Promise<{ bytes: Buffer; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timer = setTimeout(done, idleMs);
    let finished = false;
    function done(closed = false) {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), closed });
    }
    /** True once `until.responses` whole responses have arrived (then there is nothing left to wait for). */
    function complete(): boolean {
      if (!until) return false;
      try {
        return parseResponses(Buffer.concat(chunks), until.bodiless).length >= until.responses;
      } catch {
        return false; // a response is still arriving
      }
    }
    socket.on("connect", () => (halfClose ? socket.end(data) : socket.write(data)));
    socket.on("data", (c) => {
      chunks.push(c);
      clearTimeout(timer);
      if (complete()) return done(false);
      timer = setTimeout(done, idleMs);
    });
    socket.on("end", () => done(true));
    socket.on("close", () => done(true));
    socket.on("error", () => done(true));
  });
}

/**
 * Splits a byte stream into responses. `bodiless[i]` says that the i-th response has no body whatever its
 * Content-Length says (an answer to HEAD).
 */
export function parseResponses(bytes: Buffer, bodiless: boolean[] = []): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf("\r\n\r\n", at);
    if (end < 0) throw new Error(`incomplete response head at byte ${at}`);
    const [statusLine = "", ...lines] = bytes.toString("latin1", at, end).split("\r\n");
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
    if (!m) throw new Error(`bad status line: ${statusLine}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(m[1]);
    const noBody = bodiless[out.length] === true || status === 304 || status === 204;
    const length = noBody ? 0 : Number(headers["content-length"] ?? 0);
    const body = bytes.subarray(end + 4, end + 4 + length);
    if (body.length !== length) throw new Error(`short body: ${body.length} of ${length}`);
    out.push({ status, headers, body });
    at = end + 4 + length;
  }
  return out;
}

/** A minimal well-formed GET (or other method) request. */
export function request(path: string, headers: Record<string, string> = {}, method = "GET"): string {
  return `${method} ${path} HTTP/1.1\r\nHost: test\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
}

/** One request on its own connection (`Connection: close`), parsed. */
export async function once(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  const { bytes } = await exchange(url, request(path, { ...headers, Connection: "close" }, method), {
    idleMs: 2000,
  });
  const [response] = parseResponses(bytes, [method === "HEAD"]);
  if (!response) throw new Error(`no response to ${method} ${path}`);
  return response;
}
