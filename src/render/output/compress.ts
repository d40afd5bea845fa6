import { LONG_TAIL_PATTERN } from "@urgent-care-directory/server/policy";
import { isStandardsBulk } from "../standards/paths.js";

/** How hard the precompressed `.br`/`.gz` siblings are squeezed: `max` for publishing, `fast` for local use. */
export type Compression = "max" | "fast";

/**
 * Brotli quality of one file's `.br` sibling, or null for none. Quality 11 costs about 1 ms per KB, so in `max`
 * mode it is spent where it pays: shared documents and pages fetched by many (lists, city documents, search
 * shards, assets); files streamed whole (downloads) get 9 (5 in `fast` mode). The long tail has no siblings at
 * all (`hasSiblings`).
 * @example brotliQuality("api/v1/states.json", "max") // 11; brotliQuality("api/v1/clinic/k3v9q2m7x1ab.json", "max") // null
 */
export function brotliQuality(path: string, mode: Compression, streamed = false): number | null {
  if (isLongTail(path) || isStandardsBulk(path)) return null;
  if (mode === "fast") return 5;
  return streamed ? 9 : 11;
}

/**
 * Whether a file gets precompressed siblings. The long tail — one document and one page in each language per
 * clinic, nine in ten files of a release — gets none: each is fetched rarely, is a few KB, and is compressed on
 * the fly by every server the output deploys to (`ucd serve`, the generated nginx and Caddy configs, a CDN);
 * writing and compressing its siblings was half of a full build's files and a third of its CPU
 * (docs/benchmarks.md), and every later release would write them again for each changed clinic.
 * @example hasSiblings("api/v1/states.json") // true; hasSiblings("clinics/texas/austin/k3v9q2m7x1ab.html") // false
 */
export function hasSiblings(path: string): boolean {
  return !isLongTail(path);
}

const LONG_TAIL = new RegExp(LONG_TAIL_PATTERN);

/**
 * One file per clinic: its API document, its page in each language and its HSDS service — by the pattern the server's policy gives
 * the deploy configs that must name them (`LONG_TAIL_PATTERN`), so that the build and the configs never disagree.
 */
export function isLongTail(path: string): boolean {
  return LONG_TAIL.test(`/${path}`);
}

/** Gzip level: 9 when publishing (small files compress in microseconds either way), 6 for local use. */
export function gzipLevel(mode: Compression): number {
  return mode === "max" ? 9 : 6;
}
