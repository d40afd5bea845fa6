import { constants, createBrotliCompress, createGzip } from "node:zlib";

/** How hard the precompressed `.br`/`.gz` siblings are squeezed: `max` for publishing, `fast` for local use. */
export type Compression = "max" | "fast";

/**
 * Brotli quality of one file. Quality 11 costs about 1 ms per KB, so in `max` mode it is spent where it pays:
 * shared documents and pages fetched by many (lists, city documents, search shards, assets). The long tail —
 * one document and one page per clinic — and files streamed whole (downloads) get quality 5 and 9, which are
 * 50–100× faster and ~10 % larger.
 * @example brotliQuality("api/v1/states.json", "max") // 11
 */
export function brotliQuality(path: string, mode: Compression, streamed = false): number {
  if (mode === "fast") return 5;
  if (streamed) return 9;
  return isLongTail(path) ? 5 : 11;
}

/** One file per clinic: its API document and its page. */
function isLongTail(path: string): boolean {
  return path.startsWith("api/v1/clinic/") || /^clinics\/[^/]+\/[^/]+\/[^/]+\/index\.html$/.test(path);
}

/** Gzip level: 9 when publishing (small files compress in microseconds either way), 6 for local use. */
export function gzipLevel(mode: Compression): number {
  return mode === "max" ? 9 : 6;
}

/** Streaming compressors for a file written in pieces (the bulk downloads). */
export function compressStreams(path: string, mode: Compression) {
  return {
    brotli: createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path, mode, true),
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: createGzip({ level: gzipLevel(mode) }),
  };
}
