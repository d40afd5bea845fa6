/**
 * A response computed once: the flat header list for `node:http`, and the exact bytes for the raw-socket
 * server (status line, `Date`, headers, blank line, body) in one contiguous buffer so that answering a
 * request is a single `socket.write`.
 */
export interface Reply {
  status: number;
  /** Flat [name, value, …] list for `res.writeHead`; node:http adds `Date` and `Connection` itself. */
  headers: readonly string[];
  /** Status line and headers up to and including the blank line (keep-alive form). */
  head: Buffer;
  /** The body, or null when none is sent (HEAD, 204, 304, a streamed file). A view into `wire` when small. */
  body: Buffer | null;
  /** `head` followed by `body` when the body is small: what the raw server writes first. */
  wire: Buffer;
  /** A large body, written after `wire` (not copied next to its head, so memory stays one copy). */
  tail: Buffer | null;
  /** Offset of the 29-byte `Date` value in `wire`. */
  dateAt: number;
  /** The clock second whose date `wire` carries (see `fresh`). */
  second: number;
}

/** Bodies up to this size share one buffer with their head; larger ones are written separately. */
export const INLINE_MAX = 64 * 1024;

export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: "OK",
  204: "No Content",
  206: "Partial Content",
  301: "Moved Permanently",
  304: "Not Modified",
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  414: "URI Too Long",
  416: "Range Not Satisfiable",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** `Date` values are IMF-fixdate, always 29 characters, so they can be rewritten in place. */
export const DATE_LENGTH = 29;

/**
 * Formats an HTTP date.
 * @example httpDate(0); // "Thu, 01 Jan 1970 00:00:00 GMT"
 */
export function httpDate(ms: number = Date.now()): string {
  return new Date(ms).toUTCString();
}

/** The process's idea of the current second and its HTTP date, advanced by `tickClock`. */
export const clock = { second: 0, date: Buffer.from(httpDate(0), "latin1") };

/**
 * Moves the clock to `ms` (the raw server calls it from its timer); precomputed replies pick the new date
 * up the next time they are sent (`fresh`), so no per-request formatting and no registry of heads.
 */
export function tickClock(ms: number = Date.now()): void {
  const second = Math.floor(ms / 1000);
  if (second === clock.second) return;
  clock.second = second;
  clock.date = Buffer.from(httpDate(ms), "latin1");
}
tickClock();

/**
 * Rewrites `reply`'s `Date` in place if the clock moved since it was last sent, and returns it. One integer
 * comparison per response; a copy of 29 bytes once a second per reply that is used. (A response still queued
 * in a socket when its buffer is restamped may leave with a date a second later; nothing else changes.)
 */
export function fresh(reply: Reply): Reply {
  if (reply.second !== clock.second) {
    clock.date.copy(reply.wire, reply.dateAt);
    reply.second = clock.second;
  }
  return reply;
}

/**
 * A body not read yet: `fill` writes its `size` bytes into the buffer it is given (so a file is read straight
 * into its response, without a copy), or throws.
 */
export interface Filler {
  size: number;
  fill(target: Buffer): void;
}

/**
 * Builds a reply; its `Date` is the clock's and refreshed by `fresh`.
 * @example const r = makeReply(204, ["Content-Length", "0"], null); r.wire.toString().startsWith("HTTP/1.1 204");
 */
export function makeReply(
  status: number,
  headers: readonly string[],
  source: Buffer | Filler | null,
  /** Sent once and dropped: small ones come from Node's shared pool instead of an allocation of their own. */
  transient = false,
): Reply {
  let body: Buffer | null = null;
  let filler: Filler | null = null;
  if (source !== null && !Buffer.isBuffer(source)) filler = source;
  else body = source;
  const size = filler ? filler.size : (body?.length ?? -1);
  const statusLine = `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Unknown"}\r\n`;
  let text = `${statusLine}Date: ${clock.date.toString("latin1")}\r\n`;
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  text += "\r\n";
  const headLength = Buffer.byteLength(text, "latin1");
  const inline = size >= 0 && size <= INLINE_MAX;
  const length = headLength + (inline ? size : 0);
  const wire = transient ? Buffer.allocUnsafe(length) : Buffer.allocUnsafeSlow(length);
  wire.write(text, 0, "latin1");
  if (filler) {
    body = inline ? wire.subarray(headLength) : Buffer.allocUnsafeSlow(size);
    filler.fill(body);
  } else if (inline && body) body.copy(wire, headLength);
  const head = inline ? wire.subarray(0, headLength) : wire;
  return {
    status,
    headers,
    head,
    body: body === null ? null : inline && !filler ? wire.subarray(headLength) : body,
    wire,
    tail: body !== null && !inline ? body : null,
    dateAt: statusLine.length + "Date: ".length,
    second: clock.second,
  };
}

/** The same reply without its body, for HEAD: shares the head bytes. */
export function headOnly(reply: Reply): Reply {
  return { ...reply, body: null, wire: reply.head, tail: null };
}

/** Flattens [name, value] pairs for `makeReply`. */
export function flat(pairs: readonly (readonly [string, string])[]): string[] {
  const out: string[] = [];
  for (const [name, value] of pairs) out.push(name, value);
  return out;
}

const CLOSE = Buffer.from("Connection: close\r\n\r\n", "latin1");

/**
 * The head of `reply` with `Connection: close` added, for the last response on a connection.
 * @example closingHead(reply).toString("latin1").endsWith("Connection: close\r\n\r\n");
 */
export function closingHead(reply: Reply): Buffer {
  return Buffer.concat([reply.head.subarray(0, reply.head.length - 2), CLOSE]);
}
