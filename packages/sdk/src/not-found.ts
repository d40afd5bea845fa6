/** What to try after a 404, when the SDK can tell: the base address, the state, or the server's suggestion. */
import { NotFoundError } from "./errors.js";

/**
 * The 404 with a hint added when one is known, in this order: a base address whose path does not end in
 * `/api/v1` (every path 404s then); a state argument that is none of the 50 states and DC; the nearest valid path
 * the server names in its error body (`suggestion`, an absolute path), as a full address.
 * @example withHint(e, "http://127.0.0.1:8080").hint; // "the base URL should end in /api/v1: try http://127.0.0.1:8080/api/v1"
 */
export function withHint(e: NotFoundError, baseUrl: string, unknownState?: string): NotFoundError {
  const hint = notFoundHint(e, baseUrl, unknownState);
  return hint === null ? e : new NotFoundError(e.url, e.body, hint);
}

function notFoundHint(e: NotFoundError, baseUrl: string, unknownState?: string): string | null {
  const base = new URL(baseUrl);
  const path = base.pathname.replace(/\/+$/, "");
  if (!path.endsWith("/api/v1"))
    return `the base URL should end in /api/v1: try ${base.origin}${path}/api/v1`;
  if (unknownState !== undefined)
    return `"${unknownState}" is no state's code: give a USPS code (TX), a name or a slug`;
  const suggestion = (e.body as { suggestion?: unknown } | null)?.suggestion;
  if (typeof suggestion !== "string" || suggestion[0] !== "/") return null;
  // An absolute path of the same server only: `//other.host/…` would name another one.
  const url = new URL(suggestion, e.url);
  return url.origin === new URL(e.url).origin ? `did you mean ${url.href}?` : null;
}
