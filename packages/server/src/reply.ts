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
  /** The body, or null when none is sent (HEAD, 204, 304). A view into `wire` when built here. */
  body: Buffer | null;
  /** `head` followed by `body` when the body is small: what the raw server writes first. */
  wire: Buffer;
  /** A large body, written after `wire` (not copied next to its head, so memory stays one copy). */
  tail: Buffer | null;
}

/** Bodies up to this size share one buffer with their head; larger ones are written separately. */
export const INLINE_MAX = 64 * 1024;

export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: "OK",
  204: "No Content",
  206: "Partial Content",
  304: "Not Modified",
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  414: "URI Too Long",
  416: "Range Not Satisfiable",
  431: "Request Header Fields Too Large",
  503: "Service Unavailable",
};

/** `Date` values are IMF-fixdate, always 29 characters, so they can be rewritten in place each second. */
export const DATE_LENGTH = 29;

/**
 * Every precomputed head of one loaded site, with where its `Date` value sits, so a one-second tick can
 * refresh all of them in place instead of formatting a date per request.
 */
export class DateSlots {
  private readonly buffers: Buffer[] = [];
  private readonly offsets: number[] = [];

  add(buffer: Buffer, offset: number): void {
    this.buffers.push(buffer);
    this.offsets.push(offset);
  }

  /** Writes `date` (29 latin1 bytes) into every registered head. */
  stamp(date: Buffer): void {
    for (let i = 0; i < this.buffers.length; i++)
      date.copy(this.buffers[i] as Buffer, this.offsets[i] as number);
  }

  get size(): number {
    return this.buffers.length;
  }
}

/**
 * Formats an HTTP date.
 * @example httpDate(0); // "Thu, 01 Jan 1970 00:00:00 GMT"
 */
export function httpDate(ms: number = Date.now()): string {
  return new Date(ms).toUTCString();
}

/**
 * Builds a reply. With `slots`, its `Date` is registered for the per-second refresh; without, it carries
 * the current date and is meant to be used once (range responses).
 * @example const r = makeReply(204, ["Content-Length", "0"], null); r.wire.toString().startsWith("HTTP/1.1 204");
 */
export function makeReply(
  status: number,
  headers: readonly string[],
  body: Buffer | null,
  slots?: DateSlots,
): Reply {
  const statusLine = `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Unknown"}\r\n`;
  let text = `${statusLine}Date: ${httpDate()}\r\n`;
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  text += "\r\n";
  const headLength = Buffer.byteLength(text, "latin1");
  const inline = body !== null && body.length <= INLINE_MAX;
  const wire = Buffer.allocUnsafeSlow(headLength + (inline ? body.length : 0));
  wire.write(text, 0, "latin1");
  if (inline) body.copy(wire, headLength);
  slots?.add(wire, statusLine.length + "Date: ".length);
  const head = inline ? wire.subarray(0, headLength) : wire;
  return {
    status,
    headers,
    head,
    body: body === null ? null : inline ? wire.subarray(headLength) : body,
    wire,
    tail: body !== null && !inline ? body : null,
  };
}

/** The same reply without its body, for HEAD: shares the head bytes (and so the date refresh). */
export function headOnly(reply: Reply): Reply {
  return {
    status: reply.status,
    headers: reply.headers,
    head: reply.head,
    body: null,
    wire: reply.head,
    tail: null,
  };
}

const CLOSE = Buffer.from("Connection: close\r\n\r\n", "latin1");

/**
 * The head of `reply` with `Connection: close` added, for the last response on a connection.
 * @example closingHead(reply).toString("latin1").endsWith("Connection: close\r\n\r\n");
 */
export function closingHead(reply: Reply): Buffer {
  return Buffer.concat([reply.head.subarray(0, reply.head.length - 2), CLOSE]);
}
