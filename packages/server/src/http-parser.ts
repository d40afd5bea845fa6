/**
 * A strict, minimal HTTP/1.1 request-head parser for a server that only answers GET, HEAD and OPTIONS
 * (RFC 9112). It accepts what well-behaved clients send and refuses everything ambiguous with 400 rather
 * than guessing: bare LF or CR, whitespace before a colon, obsolete line folding, control characters,
 * conflicting or malformed Content-Length, Transfer-Encoding on HTTP/1.0, a missing or repeated Host on
 * HTTP/1.1, a Host that is not `host[:port]`, any version other than 1.0 and 1.1. It never throws.
 */
import { METHODS } from "node:http";
import type { Request } from "./respond.js";

/** The fields of a request this server acts on. Reused between requests to avoid allocation. */
export interface RequestHead extends Request {
  /** Keep the connection open after answering. */
  keepAlive: boolean;
  /** The request announces a body (Content-Length > 0 or Transfer-Encoding): answer, then close. */
  hasBody: boolean;
  /** The Host header's value (checked: `host[:port]`), or undefined on HTTP/1.0 without one. */
  host: string | undefined;
}

/** Most header lines accepted in one request. */
export const MAX_HEADERS = 100;

/** A fresh, empty request head. @example const head = newRequestHead(); parseHead("GET / HTTP/1.1\r\nHost: a", head); */
export function newRequestHead(): RequestHead {
  return {
    method: "",
    target: "",
    keepAlive: true,
    hasBody: false,
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    range: undefined,
    ifRange: undefined,
    accessControlRequestHeaders: undefined,
    host: undefined,
  };
}

/**
 * A Host value as RFC 9110 §7.2 allows it: a reg-name, IPv4 address or bracketed IP literal, and an optional
 * port. Anything else (spaces, slashes, `@`, quotes, an empty value) is a 400.
 */
export const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::[0-9]{0,5})?$/;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Methods a request line may carry: the ones node:http's parser knows (`http.METHODS`), so that both modes
 * answer an unknown method alike (400), and a known one other than GET, HEAD, OPTIONS with 405.
 */
export const KNOWN_METHODS: ReadonlySet<string> = new Set(METHODS);
const TARGET = /^[\x21-\x7e]+$/;
/** Every start of a method node:http knows, so that a request line still arriving is refused as soon as it cannot be one. */
const METHOD_PREFIXES: ReadonlySet<string> = new Set(
  [...KNOWN_METHODS].flatMap((m) => Array.from({ length: m.length + 1 }, (_, i) => m.slice(0, i))),
);
const TARGET_SO_FAR = /^[\x21-\x7e]*$/;
const VERSION_SO_FAR = /^(?:H(?:T(?:T(?:P(?:\/(?:\d(?:\.\d?)?)?)?)?)?)?)?$/;
const NAME_SO_FAR = /^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/;
// Field values: visible ASCII, space, tab and obs-text; never CR, LF, NUL or other controls.
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const DIGITS = /^\d{1,15}$/;
const CHUNKED_LAST = /(?:^|,)[ \t]*chunked[ \t]*$/i;
const CHUNKED = /(?:^|,)[ \t]*chunked[ \t]*(?=,|$)/g;
/** The `close` option of a Connection header, a token of its comma-separated list (not `closed`, `x-close`). */
/** The `100-continue` expectation, as node:http recognises it. */
const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;
const CLOSE = /(?:^|,)[ \t]*close[ \t]*(?:,|$)/i;

/**
 * The origin-form of a request target: itself when it starts with `/`, the path of an absolute-form target
 * (`http://host/path` → `/path`), `*` for OPTIONS; null for anything else (authority-form, garbage).
 * @example originForm("http://example.org/api/v1/index.json", "GET"); // "/api/v1/index.json"
 */
export function originForm(target: string, method: string): string | null {
  if (!TARGET.test(target)) return null;
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const lower = target.slice(0, 8).toLowerCase();
  const scheme = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
  if (scheme > 0) {
    const slash = target.indexOf("/", scheme);
    if (slash === scheme) return null; // empty authority
    return slash < 0 ? "/" : target.slice(slash);
  }
  return target === "*" && method === "OPTIONS" ? target : null;
}

function join(previous: string | undefined, value: string): string {
  return previous === undefined ? value : `${previous}, ${value}`;
}

/**
 * Parses one request head: the request line and header lines, without the final blank line, as a latin1
 * string. Fills `out` and returns 0, or returns the status to answer with (400, 431) before closing. With
 * `partial`, `head` is the start of a head still arriving (its complete lines, without the last line end):
 * 0 means nothing so far is wrong, so that an invalid head is refused at once instead of after its end.
 * @example const h = newRequestHead(); parseHead("GET /a HTTP/1.1\r\nHost: x", h); // 0, h.target === "/a"
 */
export function parseHead(head: string, out: RequestHead, partial = false): 0 | 400 | 431 {
  let lineEnd = head.indexOf("\r\n");
  if (lineEnd < 0) lineEnd = head.length;
  const sp1 = head.indexOf(" ");
  if (sp1 <= 0 || sp1 > lineEnd) return 400;
  // Spaces before the target are skipped, as node:http's parser does, so both modes agree.
  let from = sp1 + 1;
  while (head.charCodeAt(from) === 32) from++;
  const sp2 = head.indexOf(" ", from);
  if (sp2 < 0 || sp2 > lineEnd || sp2 === from) return 400;
  const method = head.slice(0, sp1);
  if (method !== "GET" && method !== "HEAD" && !KNOWN_METHODS.has(method)) return 400;
  // CONNECT asks for a tunnel to an authority (RFC 9110 §9.3.6), which this server never opens: whatever its
  // target (`CONNECT /` too), a 400, as node:http's parser answers it.
  if (method === "CONNECT") return 400;
  const version = head.slice(sp2 + 1, lineEnd);
  let http11: boolean;
  if (version === "HTTP/1.1") http11 = true;
  else if (version === "HTTP/1.0") http11 = false;
  else return 400;
  const target = originForm(head.slice(from, sp2), method);
  if (target === null) return 400;

  out.method = method;
  out.target = target;
  // HTTP/1.0 closes after its answer, `Connection: keep-alive` or not (RFC 9112 §9.3 leaves it to the server).
  out.keepAlive = http11;
  out.hasBody = false;
  out.acceptEncoding = undefined;
  out.ifNoneMatch = undefined;
  out.range = undefined;
  out.ifRange = undefined;
  out.accessControlRequestHeaders = undefined;
  out.host = undefined;
  let hosts = 0;
  let contentLength: string | undefined;
  let transferEncoding: string | undefined;
  let chunked = 0;
  /** Upgrade, or Expect: 100-continue: answered, then the connection closes. */
  let closeAfter = false;
  let count = 0;
  let pos = lineEnd + 2;
  while (pos < head.length) {
    if (++count > MAX_HEADERS) return 431;
    let next = head.indexOf("\r\n", pos);
    if (next < 0) next = head.length;
    const colon = head.indexOf(":", pos);
    if (colon <= pos || colon > next) return 400;
    const name = head.slice(pos, colon);
    if (!TOKEN.test(name)) return 400;
    const raw = head.slice(colon + 1, next);
    if (!VALUE.test(raw)) return 400;
    const value = raw.trim();
    pos = next + 2;
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === "host") {
          if (++hosts > 1 || !HOST.test(value)) return 400;
          out.host = value;
        }
        break;
      case 5:
        if (name.toLowerCase() === "range") out.range = join(out.range, value);
        break;
      case 6:
        // Expect is answered as if absent (no 100, no 417: RFC 9110 §10.1.1 lets a server do either), but after a
        // 100-continue the connection is closed: a body the client held back for the 100 is never read as a request.
        if (name.toLowerCase() === "expect" && CONTINUE.test(value)) closeAfter = true;
        break;
      case 7:
        // A request to switch protocols is answered as if it had not asked (RFC 9110 §7.8 lets a server ignore
        // Upgrade), and then the connection is closed: what the client sends next may be in the other protocol.
        if (name.toLowerCase() === "upgrade") closeAfter = true;
        break;
      case 8:
        if (name.toLowerCase() === "if-range") out.ifRange = value;
        break;
      case 10:
        if (name.toLowerCase() === "connection" && CLOSE.test(value)) out.keepAlive = false;
        break;
      case 13:
        if (name.toLowerCase() === "if-none-match") out.ifNoneMatch = join(out.ifNoneMatch, value);
        break;
      case 14:
        if (name.toLowerCase() === "content-length") {
          // One Content-Length, even a repeated identical one is refused (as node:http's parser does).
          if (!DIGITS.test(value) || contentLength !== undefined || transferEncoding !== undefined)
            return 400;
          contentLength = value;
        }
        break;
      case 15:
        if (name.toLowerCase() === "accept-encoding") out.acceptEncoding = join(out.acceptEncoding, value);
        break;
      case 17:
        if (name.toLowerCase() === "transfer-encoding") {
          if (contentLength !== undefined || !http11) return 400;
          transferEncoding = join(transferEncoding, value);
          // `chunked` more than once (`chunked, chunked`) is refused, as node:http's parser does.
          chunked += (value.toLowerCase().match(CHUNKED) ?? []).length;
          if (chunked > 1) return 400;
        }
        break;
      case 30:
        if (name.toLowerCase() === "access-control-request-headers")
          out.accessControlRequestHeaders = join(out.accessControlRequestHeaders, value);
        break;
    }
  }
  // A head still arriving: every complete line so far is valid; what needs the whole head waits for it.
  if (partial) return 0;
  if (http11 && hosts !== 1) return 400;
  // RFC 9112 §6.3: a request body whose length cannot be known (chunked not last) is a 400.
  if (transferEncoding !== undefined && !CHUNKED_LAST.test(transferEncoding)) return 400;
  if (transferEncoding !== undefined || (contentLength !== undefined && Number(contentLength) > 0)) {
    out.hasBody = true;
    out.keepAlive = false;
  }
  if (closeAfter) out.keepAlive = false;
  return 0;
}

/**
 * True when `line`, the start of a line still arriving (no line end yet, a trailing CR removed), can still
 * become a valid request line (`first`) or header line: a head that cannot is refused at once, as node:http's
 * parser refuses it byte by byte, instead of when its line ends or its time runs out.
 * @example lineSoFar("GE", true); // true
 * @example lineSoFar("BREW /", true); // false
 */
export function lineSoFar(line: string, first: boolean): boolean {
  if (!first) {
    const colon = line.indexOf(":");
    if (colon < 0) return NAME_SO_FAR.test(line);
    return colon > 0 && TOKEN.test(line.slice(0, colon)) && VALUE.test(line.slice(colon + 1));
  }
  const sp1 = line.indexOf(" ");
  if (sp1 < 0) return METHOD_PREFIXES.has(line);
  if (!KNOWN_METHODS.has(line.slice(0, sp1))) return false;
  let from = sp1 + 1;
  while (line.charCodeAt(from) === 32) from++;
  const sp2 = line.indexOf(" ", from);
  if (sp2 < 0) return TARGET_SO_FAR.test(line.slice(from));
  return sp2 > from && TARGET.test(line.slice(from, sp2)) && VERSION_SO_FAR.test(line.slice(sp2 + 1));
}
