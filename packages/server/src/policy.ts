/**
 * The whole HTTP header policy of the published tree, as data: media types by extension, Cache-Control
 * classes, CORS, the security headers of HTML pages, and Content-Disposition for bulk downloads.
 *
 * This module is the single source for the server and for anything that must answer the same way in front
 * of or instead of it (nginx, Caddy, Varnish, Netlify configs are generated from it): it holds tables,
 * regular-expression sources that PCRE (nginx), RE2 (Caddy) and JavaScript all read alike, and small pure
 * functions over them. It imports nothing.
 */

/** Media type by file extension (lowercase, without the dot). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  atom: "application/atom+xml; charset=utf-8",
  css: "text/css; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  geojson: "application/geo+json; charset=utf-8",
  html: "text/html; charset=utf-8",
  ico: "image/x-icon",
  js: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
  png: "image/png",
  svg: "image/svg+xml",
  tsv: "text/tab-separated-values; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  webmanifest: "application/manifest+json; charset=utf-8",
  woff2: "font/woff2",
  xml: "application/xml",
};

/**
 * Media types by URL path, consulted before the extension's: the FHIR R4 base (`/fhir/r4/`), whose NDJSON files the
 * Bulk Data IG serves as `application/fhir+ndjson`, and whose Bulk Publish
 * manifest, a file without an extension at `/fhir/r4/$bulk-publish`, is `application/json` (docs/fhir.md). Anchored
 * regular-expression sources, valid in PCRE (nginx), RE2 (Caddy) and JavaScript; the first match wins.
 */
export const PATH_MEDIA_TYPES: readonly (readonly [pattern: string, type: string])[] = [
  ["^/fhir/r4/\\$bulk-publish$", "application/json; charset=utf-8"],
  ["^/fhir/r4/.+\\.ndjson$", "application/fhir+ndjson; charset=utf-8"],
];

const BY_PATH = PATH_MEDIA_TYPES.map(([source, type]) => [new RegExp(source), type] as const);

/** Media type of a path whose extension is not in `MEDIA_TYPES`: a download, never rendered. */
export const DEFAULT_MEDIA_TYPE = "application/octet-stream";

/** The Cache-Control values, by class. */
export const CACHE_CONTROL = {
  /** Content that never changes under its name: dated downloads, fingerprinted assets. */
  immutable: "public, max-age=31536000, immutable",
  /** Everything else that exists: reused for 5 minutes, then revalidated with its ETag (stale for a day). */
  revalidate: "public, max-age=300, stale-while-revalidate=86400",
  /** 404 answers: a missing document may appear with the next build. */
  notFound: "public, max-age=60",
  /** Every other error, health, CORS preflight: never stored. */
  noStore: "no-store",
} as const;

/** A Cache-Control class. */
export type CacheClass = keyof typeof CACHE_CONTROL;

/**
 * URL paths served with `CACHE_CONTROL.immutable`, as regular-expression sources (anchored; valid PCRE,
 * RE2 and JavaScript): dated downloads `downloads/*-YYYY-MM-DD.*` and fingerprinted assets
 * `assets/*-<8 or more lowercase hex>.*`.
 */
export const IMMUTABLE_PATH_PATTERNS: readonly string[] = [
  "^/downloads/[^/]*-[0-9]{4}-[0-9]{2}-[0-9]{2}\\.[A-Za-z0-9.]+$",
  "^/assets/(?:[^/]+/)*[^/]*-[0-9a-f]{8,}\\.[A-Za-z0-9]+$",
];

const IMMUTABLE = IMMUTABLE_PATH_PATTERNS.map((source) => new RegExp(source));

/** Methods the server answers; everything else is 405 with this `Allow`. */
export const ALLOW = "GET, HEAD, OPTIONS";

/** Headers on every response, errors and preflights included (the API is public and credential-free). */
export const COMMON_HEADERS: readonly (readonly [string, string])[] = [
  ["Access-Control-Allow-Origin", "*"],
  ["Access-Control-Expose-Headers", "ETag, Content-Length, Content-Encoding, Content-Range, Accept-Ranges"],
  ["X-Content-Type-Options", "nosniff"],
];

/** The Content-Security-Policy of HTML responses: the site's own origin only, no framing. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Headers added to every HTML response (pages and the HTML 404). */
export const HTML_HEADERS: readonly (readonly [string, string])[] = [
  ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
];

/** The CORS preflight answer (204), apart from `Access-Control-Allow-Headers` (see `preflightAllowHeaders`). */
export const PREFLIGHT_HEADERS: readonly (readonly [string, string])[] = [
  ["Access-Control-Allow-Methods", ALLOW],
  ["Access-Control-Max-Age", "86400"],
  ["Allow", ALLOW],
];

/** `Access-Control-Allow-Headers` when the preflight names none, or names them unreadably. */
export const DEFAULT_ALLOW_HEADERS =
  "Accept, Accept-Encoding, If-None-Match, If-Modified-Since, If-Range, Range, Cache-Control";

/** `Vary` of a preflight: its answer depends on the headers it asks for. */
export const PREFLIGHT_VARY = "Access-Control-Request-Headers";

/** `Vary` of a document whose encoding is negotiated: it has precompressed siblings, or is gzipped on the fly. */
export const NEGOTIATED_VARY = "Accept-Encoding";

/**
 * Compression on the fly, for a document without precompressed siblings (the long tail: a clinic's document and
 * pages, which the build writes plain): gzip at `level`, for bodies of `minBytes` to `maxBytes` (smaller ones
 * gain nothing, larger ones are sent as they are rather than compressed in memory).
 */
export const GZIP_ON_THE_FLY = { level: 6, minBytes: 256, maxBytes: 1024 * 1024 } as const;

const COMPRESSIBLE =
  /^(?:text\/|image\/svg\+xml|application\/(?:json|xml|x-ndjson|[^;]+\+(?:json|xml))(?:;|$))/;

/**
 * True when a media type is text that compresses well: `text/*`, JSON (and `+json`, NDJSON), XML (and `+xml`:
 * Atom, SVG). Images, fonts, Parquet and unknown files are already compressed or opaque.
 * @example isCompressible("application/manifest+json; charset=utf-8"); // true
 * @example isCompressible("image/png"); // false
 */
export function isCompressible(mediaType: string): boolean {
  return COMPRESSIBLE.test(mediaType);
}

/** The media types of `MEDIA_TYPES` that are compressed on the fly (`gzip_types` of nginx, `encode` of Caddy). */
export const COMPRESSIBLE_MEDIA_TYPES: readonly string[] = [
  ...new Set([...Object.values(MEDIA_TYPES), ...PATH_MEDIA_TYPES.map(([, type]) => type)]),
]
  .filter(isCompressible)
  .sort();

/**
 * True when a document at `path` of `size` bytes, having no precompressed sibling, is sent gzip-encoded (on the
 * fly) to a client that takes gzip: a compressible media type, a size within `GZIP_ON_THE_FLY`'s bounds.
 * @example compressesOnTheFly("/api/v1/clinic/k3v9q2m7x1ab.json", 1400); // true
 * @example compressesOnTheFly("/downloads/clinics.parquet", 900); // false
 */
export function compressesOnTheFly(path: string, size: number): boolean {
  return (
    size >= GZIP_ON_THE_FLY.minBytes && size <= GZIP_ON_THE_FLY.maxBytes && isCompressible(mediaTypeOf(path))
  );
}

/**
 * The long tail by path: a clinic's API document and its pages (`/api/v1/clinic/{id}.json`,
 * `/(es/)clinics/{state}/{city}/{id}.html`) and its HSDS service (`/hsds/services/{uuid}.json`), which the build
 * writes without precompressed siblings. The server needs no pattern: it sees which documents have siblings. The
 * build decides by it which files get none (`isLongTail`), and a config that must name them by path uses it too
 * (nginx with `brotli_static`, which turns its gzip off for every request that takes br). A PCRE and JavaScript
 * source, not RE2: a lookahead leaves out the city's `index.html`.
 */
export const LONG_TAIL_PATTERN =
  "^/(?:api/v1/clinic/.+|(?:es/)?clinics/[^/]+/[^/]+/(?!index\\.html$)[^/]+\\.html|hsds/services/[0-9a-f-]{36}\\.json)$";

/**
 * Where a clinic's page lived before it was a file of its city's folder (`/clinics/texas/austin/k3v9q2m7x1ab/`,
 * also under `/es/`), as a regular-expression source (PCRE, RE2, JS) whose group 1 is the path without its slashes:
 * such an address is redirected (301) to `/$1.html` when that page exists (links never die). An id is 12 characters
 * of `[0-9a-z]`, so no city page (`page-2/`) matches. The build's `OLD_CLINIC_PAGE` (src/render/paths.ts) is the
 * same expression.
 */
export const OLD_CLINIC_PAGE_PATTERN = "^/((?:es/)?clinics/[^/]+/[^/]+/[0-9a-z]{12})/$";

const OLD_CLINIC_PAGE = new RegExp(OLD_CLINIC_PAGE_PATTERN);

/**
 * The page an old clinic page address (see `OLD_CLINIC_PAGE_PATTERN`) moved to, or null for any other path.
 * @example movedClinicPage("/es/clinics/texas/austin/k3v9q2m7x1ab/"); // "/es/clinics/texas/austin/k3v9q2m7x1ab.html"
 */
export function movedClinicPage(path: string): string | null {
  const m = OLD_CLINIC_PAGE.exec(path);
  return m ? `/${m[1]}.html` : null;
}

/** Paths under `/downloads/` that are meant to be read in a browser, not saved. */
export const INLINE_DOWNLOADS: readonly string[] = ["/downloads/manifest.json", "/downloads/LICENSE.txt"];

/**
 * A well-formed `Access-Control-Request-Headers` (a comma-separated token list), as a regular-expression source
 * valid in PCRE, RE2 and JavaScript; `preflightAllowHeaders` echoes it when it is at most
 * `MAX_REQUEST_HEADERS_LENGTH` characters long.
 */
export const REQUEST_HEADERS_PATTERN =
  "^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \\t]*,[ \\t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$";

/** Longest `Access-Control-Request-Headers` echoed back. */
export const MAX_REQUEST_HEADERS_LENGTH = 1024;

const HEADER_LIST = new RegExp(REQUEST_HEADERS_PATTERN);

/**
 * `Access-Control-Allow-Headers` of a preflight: whatever the browser asks for in
 * `Access-Control-Request-Headers` (any header may be sent to a public, credential-free API), when it is a
 * well-formed token list of at most 1 KiB; the default list otherwise.
 * @example preflightAllowHeaders("x-requested-with, traceparent"); // "x-requested-with, traceparent"
 * @example preflightAllowHeaders(undefined); // DEFAULT_ALLOW_HEADERS
 */
export function preflightAllowHeaders(requested: string | undefined): string {
  const value = requested?.trim();
  if (!value || value.length > MAX_REQUEST_HEADERS_LENGTH || !HEADER_LIST.test(value))
    return DEFAULT_ALLOW_HEADERS;
  return value;
}

/**
 * Media type of a URL path: by `PATH_MEDIA_TYPES`, else from its extension.
 * @example mediaTypeOf("/assets/site-0123abcd.js"); // "text/javascript; charset=utf-8"
 * @example mediaTypeOf("/fhir/r4/$bulk-publish"); // "application/json; charset=utf-8"
 */
export function mediaTypeOf(path: string): string {
  for (const [re, type] of BY_PATH) if (re.test(path)) return type;
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot <= slash) return DEFAULT_MEDIA_TYPE;
  return MEDIA_TYPES[path.slice(dot + 1).toLowerCase()] ?? DEFAULT_MEDIA_TYPE;
}

/** True when a path is HTML and so carries `HTML_HEADERS`. */
export function isHtml(path: string): boolean {
  return mediaTypeOf(path).startsWith("text/html");
}

/**
 * The Cache-Control class of an answer with `status` for `path`.
 * @example cacheClassOf("/downloads/urgent-care-clinics-2026-05-01.csv", 200); // "immutable"
 * @example cacheClassOf("/api/v1/nope.json", 404); // "notFound"
 */
export function cacheClassOf(path: string, status = 200): CacheClass {
  if (status === 404) return "notFound";
  if (status >= 400 || status === 204) return "noStore";
  return IMMUTABLE.some((re) => re.test(path)) ? "immutable" : "revalidate";
}

/**
 * The Cache-Control value of an answer with `status` for `path`.
 * @example cacheControlOf("/api/v1/states.json"); // "public, max-age=300, stale-while-revalidate=86400"
 */
export function cacheControlOf(path: string, status = 200): string {
  return CACHE_CONTROL[cacheClassOf(path, status)];
}

/**
 * `Content-Disposition` of a path: bulk downloads are saved as files (their name restricted to a safe set
 * so that it needs no quoting rules); everything else is shown inline (null: no header).
 * @example dispositionOf("/downloads/urgent-care-clinics-latest.csv"); // 'attachment; filename="urgent-care-clinics-latest.csv"'
 */
export function dispositionOf(path: string): string | null {
  if (!path.startsWith("/downloads/") || INLINE_DOWNLOADS.includes(path)) return null;
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/[^A-Za-z0-9._-]/g, "_");
  return name ? `attachment; filename="${name}"` : null;
}

/**
 * Every header of a successful (200) answer for `path` except the per-file ones (Content-Length, ETag,
 * Content-Encoding), as [name, value] pairs in the order the server sends them.
 * @example documentHeaders("/index.html", true).find(([n]) => n === "Content-Security-Policy");
 */
export function documentHeaders(path: string, negotiated: boolean, status = 200): [string, string][] {
  const out: [string, string][] = [
    ["Content-Type", mediaTypeOf(path)],
    ["Cache-Control", cacheControlOf(path, status)],
    ...COMMON_HEADERS.map(([n, v]): [string, string] => [n, v]),
  ];
  if (isHtml(path)) for (const [n, v] of HTML_HEADERS) out.push([n, v]);
  if (negotiated) out.push(["Vary", NEGOTIATED_VARY]);
  if (status === 200) {
    out.push(["Accept-Ranges", "bytes"]);
    const disposition = dispositionOf(path);
    if (disposition) out.push(["Content-Disposition", disposition]);
  }
  return out;
}
