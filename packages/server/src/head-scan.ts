/**
 * Framing of request heads on a byte stream, shared by both modes so that they refuse the same bytes at the same
 * moment: the raw server parses with it; `--mode node` runs it in front of node:http's parser. It skips a few
 * empty lines before a request line (RFC 9112 §2.2), finds the end of the head, refuses at once a head that can
 * never become valid (a bare LF or CR, a complete line already wrong, too many bytes or empty lines), and fills
 * the request from a complete head.
 */
import { lineSoFar, newRequestHead, parseHead, type RequestHead } from "./http-parser.js";

/** Empty lines accepted before a request line; more are a 400 (a client that sends only CRLFs holds a slot). */
export const MAX_EMPTY_LINES = 4;

/** `scanHead`: the head is not complete yet, and nothing in it so far is wrong. */
export const PARTIAL = -1;

/** What a connection keeps between reads of one head. */
export interface ScanState {
  /** Empty lines skipped before the current head. */
  blank: number;
  /** Set by `scanHead`: where the head's own bytes begin (after the empty lines). */
  from: number;
}

const END_OF_HEAD = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");
const scratch = newRequestHead();

/**
 * True when `buf[start, end)` holds a line end that is not CRLF: a bare LF, or a CR followed by anything but
 * LF. Such a head can never be completed, so it is refused at once instead of waiting for the timeout.
 * @example hasBareLineEnd(Buffer.from("GET / HTTP/1.1\nHost: x"), 0, 22); // true
 */
export function hasBareLineEnd(buf: Buffer, start: number, end: number): boolean {
  for (let i = buf.indexOf(10, start); i >= 0 && i < end; i = buf.indexOf(10, i + 1))
    if (i === start || buf[i - 1] !== 13) return true;
  for (let i = buf.indexOf(13, start); i >= 0 && i < end - 1; i = buf.indexOf(13, i + 1))
    if (buf[i + 1] !== 10) return true;
  return false;
}

/**
 * Looks at `buf[start, len)`, the bytes of the next request head (and perhaps more after it). Returns the
 * offset just after the head's blank line when it is complete and valid (`head` is filled, `state.blank`
 * reset), `PARTIAL` when it is still arriving and nothing in it is wrong so far (`state.from` says where it
 * begins), or the negated status to refuse it with (-400, -414, -431).
 * @example const at = scanHead(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 0, 27, { blank: 0, from: 0 }, 16384, newRequestHead()); // 27
 */
export function scanHead(
  buf: Buffer,
  start: number,
  len: number,
  state: ScanState,
  maxHeadBytes: number,
  head: RequestHead,
): number {
  let from = start;
  while (from < len && buf[from] === 13) {
    if (from + 1 === len) break; // a CR whose LF is still to come
    if (buf[from + 1] !== 10) return -400;
    if (++state.blank > MAX_EMPTY_LINES) return -400;
    from += 2;
  }
  state.from = from;
  if (from >= len) return PARTIAL;
  const end = buf.indexOf(END_OF_HEAD, from);
  if (end < 0 || end >= len) {
    const rest = len - from;
    if (rest > maxHeadBytes) {
      const lineEnd = buf.indexOf(13, from);
      return lineEnd < 0 || lineEnd - from > maxHeadBytes ? -414 : -431;
    }
    if (hasBareLineEnd(buf, from, len)) return -400;
    // The lines so far: a wrong request line or header is refused now, not at the head's end.
    const lastLine = buf.lastIndexOf(CRLF, len - 2);
    const complete = lastLine >= from;
    if (complete) {
      const status = parseHead(buf.toString("latin1", from, lastLine), scratch, true);
      if (status !== 0) return -status;
    }
    const tailEnd = buf[len - 1] === 13 ? len - 1 : len;
    const tail = buf.toString("latin1", complete ? lastLine + 2 : from, tailEnd);
    if (!lineSoFar(tail, !complete)) return -400;
    return PARTIAL;
  }
  if (end - from > maxHeadBytes) return -431;
  const status = parseHead(buf.toString("latin1", from, end), head);
  if (status !== 0) return -status;
  state.blank = 0;
  return end + 4;
}
