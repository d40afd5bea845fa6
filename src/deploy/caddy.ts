/**
 * A Caddyfile that serves a build output folder as `ucd serve` does, generated from the server's policy and
 * error tables: `caddy run --config FILE --adapter caddyfile`. No admin endpoint, no automatic HTTPS (put it
 * behind the TLS terminator or CDN, as the server itself).
 */
import { ERROR_STATUSES, errorBody } from "@urgent-care-directory/server/errors";
import {
  ALLOW,
  CACHE_CONTROL,
  COMMON_HEADERS,
  COMPRESSIBLE_MEDIA_TYPES,
  DEFAULT_ALLOW_HEADERS,
  DEFAULT_MEDIA_TYPE,
  GZIP_ON_THE_FLY,
  HTML_HEADERS,
  IMMUTABLE_PATH_PATTERNS,
  INLINE_DOWNLOADS,
  MAX_REQUEST_HEADERS_LENGTH,
  MEDIA_TYPES,
  OLD_CLINIC_PAGE_PATTERN,
  PATH_MEDIA_TYPES,
  PREFLIGHT_HEADERS,
  PREFLIGHT_VARY,
  REQUEST_HEADERS_PATTERN,
} from "@urgent-care-directory/server/policy";
import {
  API_PREFIX,
  banner,
  HIDDEN_PATH_PATTERN,
  HSDS_PREFIX,
  hostPort,
  METHODS,
  NOT_FOUND_HTML,
  NOT_FOUND_JSON,
  type ServeTarget,
  UNLISTED_TARGET_PATTERN,
} from "./common.js";

/**
 * A Caddyfile token: quoted, with `"` escaped (the only escape the Caddyfile lexer reads in quotes: backslashes
 * of regular expressions stay as they are; placeholders `{…}` stay live).
 */
export function caddyString(value: string): string {
  return `"${value.replace(/"/g, '\\"')}"`;
}

const q = caddyString;
const JSON_TYPE = MEDIA_TYPES.json as string;
const HTML_TYPE = MEDIA_TYPES.html as string;

/** `.{n}` for any n in RE2, whose repetition counts stop at 1000. */
function atLeast(n: number): string {
  const parts: string[] = [];
  for (let left = n; left > 0; left -= 1000) parts.push(`.{${Math.min(left, 1000)}}`);
  return parts.join("");
}

/**
 * The whole Caddyfile.
 * @example caddyConfig({ root: "/srv/ucd/public", host: "0.0.0.0", port: 8080 });
 */
export function caddyConfig(o: ServeTarget): string {
  const types = Object.entries(MEDIA_TYPES).flatMap(([ext, type]) => [
    `\t@type_${ext} path *.${ext}`,
    `\theader @type_${ext} Content-Type ${q(type)}`,
  ]);
  const pathTypes = PATH_MEDIA_TYPES.flatMap(([pattern, type], i) => [
    `\t@path_type_${i} path_regexp ${q(pattern)}`,
    `\theader @path_type_${i} Content-Type ${q(type)}`,
  ]);
  const immutable = IMMUTABLE_PATH_PATTERNS.map((p, i) => `\t@immutable_${i} path_regexp ${q(p)}`);
  const errors = ERROR_STATUSES.filter((s) => s !== 404).flatMap((status) => [
    `\t\t@error_${status} expression {err.status_code} == ${status}`,
    `\t\thandle @error_${status} {`,
    `\t\t\theader Content-Type ${q(JSON_TYPE)}`,
    `\t\t\theader Cache-Control ${q(CACHE_CONTROL.noStore)}`,
    ...(status === 405 ? [`\t\t\theader Allow ${q(ALLOW)}`] : []),
    `\t\t\trespond ${q(errorBody(status))} ${status}`,
    "\t\t}",
  ]);
  const common = COMMON_HEADERS.map(([name, value]) => `header ${name} ${q(value)}`);
  const lines = [
    banner("#", "caddy"),
    "# Run: caddy run --config THIS_FILE --adapter caddyfile",
    "{",
    "\tadmin off",
    "\tauto_https off",
    "}",
    "",
    `http://${hostPort(o.host, o.port)} {`,
    `\troot * ${q(o.root)}`,
    "",
    "\t# One route, so that its steps run in the order written.",
    "\troute {",
    ...common.map((line) => `\t\t${line}`),
    "\t\theader -Server",
    "",
    `\t\t@control path_regexp ${q("[\\x00-\\x1f\\x7f]")}`,
    "\t\terror @control 400",
    `\t\t@not_allowed not method ${METHODS.join(" ")}`,
    "\t\terror @not_allowed 405",
    "",
    "\t\t# CORS preflight: 204, echoing the headers asked for when they are a well-formed list (preflightAllowHeaders).",
    "\t\t@preflight method OPTIONS",
    "\t\thandle @preflight {",
    ...PREFLIGHT_HEADERS.map(([name, value]) => `\t\t\theader ${name} ${q(value)}`),
    `\t\t\theader ?Access-Control-Allow-Headers ${q(DEFAULT_ALLOW_HEADERS)}`,
    "\t\t\t@asked {",
    `\t\t\t\theader_regexp Access-Control-Request-Headers ${q(REQUEST_HEADERS_PATTERN)}`,
    `\t\t\t\tnot header_regexp Access-Control-Request-Headers ${q(`^${atLeast(MAX_REQUEST_HEADERS_LENGTH + 1)}`)}`,
    "\t\t\t}",
    "\t\t\theader @asked Access-Control-Allow-Headers {http.request.header.Access-Control-Request-Headers}",
    `\t\t\theader Vary ${q(PREFLIGHT_VARY)}`,
    `\t\t\theader Cache-Control ${q(CACHE_CONTROL.noStore)}`,
    "\t\t\trespond 204",
    "\t\t}",
    "",
    "\t\t# Files on disk that are not documents: precompressed siblings by name, the manifest, dotfiles.",
    `\t\t@hidden path_regexp ${q(HIDDEN_PATH_PATTERN)}`,
    "\t\terror @hidden 404",
    "\t\t# Targets ucd serve never finds (an empty or dot segment, an encoded slash), which Caddy would clean into a",
    "\t\t# listed path: matched on the target as sent.",
    `\t\t@unlisted vars_regexp {http.request.orig_uri} ${q(UNLISTED_TARGET_PATTERN)}`,
    "\t\terror @unlisted 404",
    "",
    "\t\t# /api/v1 and /api/v1/ answer with /api/v1/index.json (API clients rarely follow redirects).",
    "\t\t# The HSDS base too: /hsds and /hsds/ with its root document, /hsds/services with its first page.",
    "\t\t@api_folder {",
    `\t\t\tpath ${API_PREFIX}* ${HSDS_PREFIX} ${HSDS_PREFIX}/*`,
    "\t\t\tfile {path}/index.json",
    "\t\t}",
    "\t\trewrite @api_folder {path}/index.json",
    "",
    "\t\t# Media types of policy.ts (exact values); anything else is a download.",
    `\t\theader Content-Type ${q(DEFAULT_MEDIA_TYPE)}`,
    ...types.map((line) => `\t${line}`),
    "\t\t# By path, in place of the extension's (the FHIR base).",
    ...pathTypes.map((line) => `\t${line}`),
    "",
    `\t\theader Cache-Control ${q(CACHE_CONTROL.revalidate)}`,
    ...immutable.map((line) => `\t${line}`),
    ...IMMUTABLE_PATH_PATTERNS.map(
      (_, i) => `\t\theader @immutable_${i} Cache-Control ${q(CACHE_CONTROL.immutable)}`,
    ),
    "",
    "\t\t@html {",
    "\t\t\tpath *.html */",
    `\t\t\tnot path ${API_PREFIX}*`,
    "\t\t}",
    `\t\theader @html Content-Type ${q(HTML_TYPE)}`,
    ...HTML_HEADERS.map(([name, value]) => `\t\theader @html ${name} ${q(value)}`),
    "",
    "\t\t@attachment {",
    `\t\t\tpath_regexp download ${q("^/downloads/([A-Za-z0-9._-]+)$")}`,
    `\t\t\tnot path ${INLINE_DOWNLOADS.join(" ")}`,
    "\t\t}",
    `\t\theader @attachment Content-Disposition ${q('attachment; filename="{re.download.1}"')}`,
    "",
    "\t\t# A clinic page's old address (a folder of its own) leads to its page, when it exists (links never die).",
    `\t\t@old_clinic_page path_regexp old_clinic_page ${q(OLD_CLINIC_PAGE_PATTERN)}`,
    "\t\troute @old_clinic_page {",
    "\t\t\t@moved file /{re.old_clinic_page.1}.html",
    "\t\t\t@moved_query {",
    "\t\t\t\tfile /{re.old_clinic_page.1}.html",
    `\t\t\t\texpression {query} != ""`,
    "\t\t\t}",
    "\t\t\tredir @moved_query /{re.old_clinic_page.1}.html?{query} 301",
    "\t\t\tredir @moved /{re.old_clinic_page.1}.html 301",
    "\t\t}",
    "",
    "\t\t# Vary: Accept-Encoding on the plain file too (Caddy adds it to a precompressed sibling only), once.",
    "\t\theader {",
    "\t\t\tVary Accept-Encoding",
    "\t\t\tdefer",
    "\t\t}",
    "\t\t# A text file without a sibling (the long tail: a clinic's document and pages) is gzipped on the fly; a",
    "\t\t# sibling sent already has its Content-Encoding and is left alone. Whole files to GET only: a range (206)",
    "\t\t# is answered from the plain file, and so is HEAD (Caddy would announce the length of an empty gzip).",
    "\t\t@compress method GET",
    "\t\tencode @compress {",
    `\t\t\tgzip ${GZIP_ON_THE_FLY.level}`,
    `\t\t\tminimum_length ${GZIP_ON_THE_FLY.minBytes}`,
    "\t\t\tmatch {",
    "\t\t\t\tstatus 200",
    ...COMPRESSIBLE_MEDIA_TYPES.map((type) => `\t\t\t\theader Content-Type ${q(`${type.split(";")[0]}*`)}`),
    "\t\t\t}",
    "\t\t}",
    "\t\tfile_server {",
    "\t\t\tprecompressed br gzip",
    "\t\t\tindex index.html index.json",
    "\t\t}",
    "\t}",
    "",
    "\thandle_errors {",
    ...common.map((line) => `\t\t${line}`),
    "\t\theader -Server",
    "\t\theader -Content-Disposition",
    "\t\t@not_found expression {err.status_code} in [403, 404]",
    "\t\thandle @not_found {",
    `\t\t\theader Cache-Control ${q(CACHE_CONTROL.notFound)}`,
    "\t\t\t# JSON under the API and for a .json path, by the path as sent, decoded (as ucd serve chooses): `//api/…` is",
    "\t\t\t# not under the API.",
    `\t\t\t@api vars_regexp {http.request.orig_uri.path} ${q(`^${API_PREFIX}|\\.[jJ][sS][oO][nN]$`)}`,
    "\t\t\thandle @api {",
    `\t\t\t\theader Content-Type ${q(JSON_TYPE)}`,
    `\t\t\t\trewrite * ${NOT_FOUND_JSON}`,
    "\t\t\t}",
    "\t\t\thandle {",
    `\t\t\t\theader Content-Type ${q(HTML_TYPE)}`,
    ...HTML_HEADERS.map(([name, value]) => `\t\t\t\theader ${name} ${q(value)}`),
    `\t\t\t\trewrite * ${NOT_FOUND_HTML}`,
    "\t\t\t}",
    "\t\t\tfile_server {",
    "\t\t\t\tprecompressed br gzip",
    "\t\t\t\tstatus 404",
    "\t\t\t}",
    "\t\t}",
    ...errors,
    "\t}",
    "}",
    "",
  ];
  return lines.join("\n");
}
