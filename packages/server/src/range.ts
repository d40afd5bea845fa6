import type { Variant } from "./document.js";
import { makeReply, type Reply } from "./reply.js";

/**
 * Parses a `Range` header against a body of `size` bytes. Only one `bytes=` range is honoured: anything
 * else (several ranges, other units, bad syntax) returns "ignore" and the whole document is sent, which
 * RFC 9110 §14.2 allows. Returns [first, last] (inclusive) or "unsatisfiable".
 * @example parseRange("bytes=0-99", 1000); // [0, 99]
 * @example parseRange("bytes=-10", 1000); // [990, 999]
 */
export function parseRange(header: string, size: number): [number, number] | "ignore" | "unsatisfiable" {
  const m = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/.exec(header);
  if (!m) return "ignore";
  const [, a = "", b = ""] = m;
  if (a === "" && b === "") return "ignore";
  if (a.length > 15 || b.length > 15) return "ignore";
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const first = Number(a);
  const last = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  if (b !== "" && Number(b) < first) return "ignore";
  if (first >= size) return "unsatisfiable";
  return [first, last];
}

/**
 * The 206 reply for bytes `first`…`last` of a variant, built per request (ranges are rare next to whole
 * documents). For a body in memory (`body`) the reply's body is a view of it; for a streamed one (`body` null)
 * the reply is the head alone and the caller streams the bytes.
 * @example partialReply(doc.identity, doc.identity.body, [0, 9]).status; // 206
 */
export function partialReply(variant: Variant, body: Buffer | null, [first, last]: [number, number]): Reply {
  const out: string[] = [];
  const headers = variant.headers;
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i] as string;
    out.push(name, name === "Content-Length" ? String(last - first + 1) : (headers[i + 1] as string));
  }
  out.push("Content-Range", `bytes ${first}-${last}/${variant.size}`);
  return makeReply(206, out, body === null ? null : body.subarray(first, last + 1));
}
