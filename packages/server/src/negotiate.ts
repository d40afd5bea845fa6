import type { Document, Variant } from "./document.js";
import type { Entry } from "./manifest.js";

const BR = 1;
const GZIP = 2;
/** Accept-Encoding values seen so far → accepted codings; clients send few distinct values. */
const codings = new Map<string, number>();

function acceptedCodings(header: string): number {
  let mask = codings.get(header);
  if (mask !== undefined) return mask;
  mask = (accepts(header, "br") ? BR : 0) | (accepts(header, "gzip") ? GZIP : 0);
  if (codings.size >= 256) codings.clear(); // bounded: hostile clients cannot grow it
  codings.set(header, mask);
  return mask;
}

function accepts(header: string, coding: string): boolean {
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";");
    if (name.trim() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Picks the smallest encoding the client accepts: br, then gzip, then identity.
 * @example negotiate(doc, "gzip, br").encoding; // "br" when the document has a .br sibling
 */
export function negotiate(doc: Document, acceptEncoding: string | undefined): Variant {
  if (!acceptEncoding || (doc.br === null && doc.gzip === null)) return doc.identity;
  const mask = acceptedCodings(acceptEncoding);
  if (doc.br && mask & BR) return doc.br;
  if (doc.gzip && mask & GZIP) return doc.gzip;
  return doc.identity;
}

/**
 * The encoding a client gets of a listed document not held, as `negotiate` picks it for a held one: br, then gzip
 * (its `.gz` sibling, or gzipped on the fly), then identity.
 */
export function encodingOf(
  entry: Entry,
  onTheFly: boolean,
  acceptEncoding: string | undefined,
): Variant["encoding"] {
  if (!acceptEncoding || (entry.br === null && entry.gz === null && !onTheFly)) return null;
  const mask = acceptedCodings(acceptEncoding);
  if (entry.br && mask & BR) return "br";
  if ((entry.gz || onTheFly) && mask & GZIP) return "gzip";
  return null;
}

/** True when `If-None-Match` names one of `etags` (weakly: `W/"x"` matches `"x"`), or is `*`. */
export function matchesTags(ifNoneMatch: string, etags: ReadonlySet<string>): boolean {
  if (etags.has(ifNoneMatch)) return true;
  if (ifNoneMatch.trim() === "*") return true;
  for (const tag of ifNoneMatch.split(",")) {
    const t = tag.trim();
    if (etags.has(t.startsWith("W/") ? t.slice(2) : t)) return true;
  }
  return false;
}
