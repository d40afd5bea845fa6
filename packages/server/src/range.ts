import { errorBody } from "./errors.js";
import { makeReply, type Reply } from "./reply.js";
import { COMMON_HEADERS, type Variant } from "./site.js";

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

function withHeaders(headers: readonly string[], length: number, add: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i] as string;
    out.push(name, name === "Content-Length" ? String(length) : (headers[i + 1] as string));
  }
  return [...out, ...add];
}

/**
 * A 206 (or 416) reply for one range of a variant, built per request: ranges are rare next to whole
 * documents, so they are not precomputed. Only GET honours ranges (RFC 9110 §14.2).
 * @example rangeReply(doc.identity, [0, 9]).status; // 206
 */
export function rangeReply(variant: Variant, range: [number, number] | "unsatisfiable"): Reply {
  const size = variant.body.length;
  if (range === "unsatisfiable") {
    const body = Buffer.from(errorBody(416));
    const headers = [
      "Content-Type",
      "application/json; charset=utf-8",
      "Content-Length",
      String(body.length),
      "Content-Range",
      `bytes */${size}`,
      "Cache-Control",
      "no-store",
      ...COMMON_HEADERS,
    ];
    return makeReply(416, headers, body);
  }
  const [first, last] = range;
  const part = variant.body.subarray(first, last + 1);
  return makeReply(
    206,
    withHeaders(variant.headers, part.length, ["Content-Range", `bytes ${first}-${last}/${size}`]),
    part,
  );
}
