/**
 * An nginx configuration that serves a build output folder as `ucd serve` does, generated from the server's
 * policy and error tables. A whole file: `nginx -p PREFIX -c FILE` runs it as root or not, with its pid and
 * temporary files under PREFIX and its errors on stderr.
 */
import { ERROR_STATUSES, type ErrorStatus, errorBody } from "@urgent-care-directory/server/errors";
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
  LONG_TAIL_PATTERN,
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

export interface NginxOptions extends ServeTarget {
  /**
   * Absolute path of `ngx_http_brotli_static_module.so` (Debian: libnginx-mod-http-brotli-static) to also serve
   * the `.br` siblings; null or absent (the default): gzip only, so that every encoding shares one ETag (see
   * `nginxConfig`).
   */
  brotliModule?: string | null;
  /** Run in the foreground (`daemon off;`), as under a supervisor or in a test. */
  foreground?: boolean;
  /** User of the worker processes when started as root (nginx's default is `nobody`). */
  user?: string;
}

/** Where Debian's brotli static module is installed. */
export const BROTLI_MODULE_PATHS = [
  "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so",
  "/usr/share/nginx/modules/ngx_http_brotli_static_module.so",
];

/**
 * A quoted nginx string. Header values and bodies are complex values in nginx, so a literal `$` would be read
 * as a variable: the policy has none, and one appearing is refused rather than silently mangled.
 */
export function nginxString(value: string, literal = true): string {
  if (literal && value.includes("$")) throw new Error(`a "$" in an nginx literal: ${value}`);
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const q = nginxString;
const re = (source: string) => nginxString(`~${source}`, false);

/**
 * A `gzip_types` entry: nginx compares the whole Content-Type it sends, and a type set by `types { … }` carries its
 * parameters (`application/json; charset=utf-8`), so the entry is the exact value of `MEDIA_TYPES`.
 */
const gzipType = (type: string) => (type.includes(" ") ? q(type) : type);

/** `types { … }`: one line per media type, with every extension that has it. */
function typesBlock(): string[] {
  const byType = new Map<string, string[]>();
  for (const [ext, type] of Object.entries(MEDIA_TYPES)) byType.set(type, [...(byType.get(type) ?? []), ext]);
  return [...byType].map(([type, exts]) => `    ${q(type)} ${exts.join(" ")};`);
}

/** Cache-Control by status and path: the classes of `cacheClassOf`, first match wins. */
function cacheControlMap(): string[] {
  const immutable = IMMUTABLE_PATH_PATTERNS.map((p) => {
    if (!p.startsWith("^")) throw new Error(`immutable pattern not anchored: ${p}`);
    return `    ${re(`^(?:200|206|304) ${p.slice(1)}`)} ${q(CACHE_CONTROL.immutable)};`;
  });
  return [
    `  map "$status $uri" $ucd_cache_control {`,
    `    default ${q(CACHE_CONTROL.revalidate)};`,
    `    ${re("^404 ")} ${q(CACHE_CONTROL.notFound)};`,
    `    ${re("^(?:204|[45][0-9][0-9]) ")} ${q(CACHE_CONTROL.noStore)};`,
    `    ${re("^[0-9]+ /healthz$")} ${q(CACHE_CONTROL.noStore)};`,
    ...immutable,
    "  }",
  ];
}

/** A header sent only on preflights (OPTIONS): a map from the method, empty (not sent) otherwise. */
function preflightMap(variable: string, value: string, literal = true): string[] {
  return [
    `  map $request_method ${variable} {`,
    `    default "";`,
    `    OPTIONS ${literal ? q(value) : value};`,
    "  }",
  ];
}

/**
 * The internal locations answering each error status (other than 404) with its JSON body. Addressed by a URI,
 * not a name: a request whose line was unreadable (400, 414) has no URI to carry into a named location. A
 * dotfile path, so no document of the folder can take it (dotfiles are never served).
 */
const errorUri = (status: number) => `/.ucd-error-${status}`;

function errorLocations(): string[] {
  return ERROR_STATUSES.filter((s) => s !== 404).flatMap((status: ErrorStatus) => [
    `    location = ${errorUri(status)} {`,
    "      internal;",
    `      default_type ${q(MEDIA_TYPES.json as string)};`,
    `      return ${status} ${q(errorBody(status))};`,
    "    }",
  ]);
}

/**
 * The whole nginx configuration file.
 * @example nginxConfig({ root: "/srv/ucd/public", host: "0.0.0.0", port: 8080 });
 */
export function nginxConfig(o: NginxOptions): string {
  const preflight = PREFLIGHT_HEADERS.filter(([name]) => name !== "Allow");
  const html = HTML_HEADERS.map(([name, value], i) => ({ name, value, variable: `$ucd_html_${i}` }));
  const lines = [
    banner("#", "nginx"),
    "# Run: nginx -p PREFIX -c THIS_FILE (pid and temporary files under PREFIX, errors on stderr).",
    ...(o.brotliModule
      ? [`load_module ${o.brotliModule};`]
      : [
          "# gzip siblings only (ucd deploy-config nginx --brotli adds the .br siblings, with their own ETags)",
        ]),
    "worker_processes auto;",
    "pid nginx.pid;",
    "error_log stderr warn;",
    ...(o.foreground ? ["daemon off;"] : []),
    ...(o.user ? [`user ${o.user};`] : []),
    "",
    "events {",
    "  worker_connections 4096;",
    "}",
    "",
    "http {",
    "  client_body_temp_path client_body_temp;",
    "  proxy_temp_path proxy_temp;",
    "  fastcgi_temp_path fastcgi_temp;",
    "  uwsgi_temp_path uwsgi_temp;",
    "  scgi_temp_path scgi_temp;",
    "  access_log off;",
    "  server_tokens off;",
    "  sendfile on;",
    "  tcp_nopush on;",
    "  keepalive_timeout 5s;",
    "  client_header_timeout 10s;",
    "  absolute_redirect off;",
    "  # A path is looked up as it was sent (as ucd serve does): `//` stays two slashes, in $uri too.",
    "  merge_slashes off;",
    "  etag on;",
    "",
    "  # Media types of policy.ts (exact values, charset included); anything else is a download.",
    "  types {",
    ...typesBlock(),
    "  }",
    `  default_type ${DEFAULT_MEDIA_TYPE};`,
    "",
    "  # One representation per document: the x.gz sibling, sent as it is to clients taking gzip and gunzipped",
    "  # for the others (with a weak copy of its ETag), so an If-None-Match validates whatever the encoding.",
    "  # A text file without a .gz sibling (the long tail: a clinic's document and pages) is gzipped on the fly for",
    "  # clients taking gzip, with a weak copy of the plain file's ETag: one ETag again, compared weakly. Vary",
    "  # wherever a sibling exists or compression may happen, also for requests through a proxy (Varnish).",
    "  gzip on;",
    `  gzip_types ${COMPRESSIBLE_MEDIA_TYPES.map(gzipType).join(" ")};`,
    `  gzip_comp_level ${GZIP_ON_THE_FLY.level};`,
    `  gzip_min_length ${GZIP_ON_THE_FLY.minBytes};`,
    "  gzip_static always;",
    "  gunzip on;",
    "  gzip_vary on;",
    "  gzip_proxied any;",
    "  gzip_http_version 1.0;",
    ...(o.brotliModule
      ? [
          "  # x.br to clients taking br: smaller, but with the .br file's own ETag (no 304 for it on a gzip or",
          "  # identity request).",
          "  brotli_static on;",
        ]
      : []),
    "",
    ...cacheControlMap(),
    "",
    "  # 405 and preflights name the methods answered (by status: an error page is fetched with GET).",
    `  map "$status $request_method" $ucd_allow {`,
    `    default "";`,
    `    ${re("^405 ")} ${q(ALLOW)};`,
    `    "204 OPTIONS" ${q(ALLOW)};`,
    "  }",
    ...preflight.flatMap(([, value], i) => preflightMap(`$ucd_preflight_${i}`, value)),
    ...preflightMap("$ucd_preflight_vary", PREFLIGHT_VARY),
    "  # Access-Control-Allow-Headers: whatever a well-formed preflight asks for (preflightAllowHeaders).",
    "  map $http_access_control_request_headers $ucd_request_headers {",
    `    default ${q(DEFAULT_ALLOW_HEADERS)};`,
    `    ${re(`(?=^.{1,${MAX_REQUEST_HEADERS_LENGTH}}$)${REQUEST_HEADERS_PATTERN}`)} $http_access_control_request_headers;`,
    "  }",
    ...preflightMap("$ucd_allow_headers", "$ucd_request_headers", false),
    "",
    "  # The security headers of HTML responses (pages and the HTML 404), by the type actually sent.",
    ...html.flatMap(({ value, variable }) => [
      `  map $sent_http_content_type ${variable} {`,
      `    default "";`,
      `    ${re("^text/html")} ${q(value)};`,
      "  }",
    ]),
    "",
    "  # Bulk downloads are saved as files, except those read in a browser.",
    "  map $uri $ucd_disposition {",
    `    default "";`,
    ...INLINE_DOWNLOADS.map((path) => `    ${q(path)} "";`),
    `    ${re("^/downloads/([A-Za-z0-9._-]+)$")} 'attachment; filename="$1"';`,
    "  }",
    "",
    "  # Targets ucd serve never finds (an empty or dot segment, an encoded slash), which nginx would normalise into a",
    "  # listed path: matched on the target as sent.",
    "  map $request_uri $ucd_unlisted {",
    "    default 0;",
    `    ${re(UNLISTED_TARGET_PATTERN)} 1;`,
    "  }",
    "",
    "  # The 404 body: JSON (valid against the published Error schema) under the API and for a .json path, the HTML",
    "  # page elsewhere.",
    "  map $uri $ucd_not_found {",
    `    default ${NOT_FOUND_HTML};`,
    `    ${re(`^${API_PREFIX}|\\.[jJ][sS][oO][nN]$`)} ${NOT_FOUND_JSON};`,
    "  }",
    "",
    "  server {",
    `    listen ${hostPort(o.host, o.port)};`,
    "    server_name _;",
    `    root ${q(o.root)};`,
    "    index index.html index.json;",
    "",
    ...COMMON_HEADERS.map(([name, value]) => `    add_header ${name} ${q(value)} always;`),
    "    add_header Cache-Control $ucd_cache_control always;",
    ...html.map(({ name, variable }) => `    add_header ${name} ${variable} always;`),
    "    add_header Allow $ucd_allow always;",
    ...preflight.map(([name], i) => `    add_header ${name} $ucd_preflight_${i} always;`),
    "    add_header Access-Control-Allow-Headers $ucd_allow_headers always;",
    "    add_header Vary $ucd_preflight_vary always;",
    "    add_header Content-Disposition $ucd_disposition;",
    "",
    "    # By a name: the checks of this server block are not run again for the 404 body (an unlisted target would be",
    "    # refused a second time).",
    "    error_page 404 @ucd_not_found;",
    "    # A folder without an index page is not a document.",
    "    error_page 403 =404 @ucd_not_found;",
    ...ERROR_STATUSES.filter((s) => s !== 404).map((s) => `    error_page ${s} ${errorUri(s)};`),
    "",
    `    if ($request_method !~ ^(?:${METHODS.join("|")})$) {`,
    "      return 405;",
    "    }",
    "    if ($request_method = OPTIONS) {",
    "      return 204;",
    "    }",
    "    if ($ucd_unlisted) {",
    "      return 404;",
    "    }",
    "",
    "    location / {",
    "    }",
    "    location @ucd_not_found {",
    "      rewrite ^ $ucd_not_found break;",
    "    }",
    "    # Downloads (megabytes, fetched by wget or curl without --compressed): the plain file to clients without",
    "    # gzip, with Content-Length and Range to resume; each sibling then has its own ETag. Never compressed on",
    "    # the fly (they have their siblings; a large file sent chunked could not be resumed).",
    "    location /downloads/ {",
    "      gzip_static on;",
    "      gzip off;",
    "    }",
    "    # /api/v1 and /api/v1/ answer with /api/v1/index.json (API clients rarely follow redirects).",
    `    location ${API_PREFIX} {`,
    "      try_files $uri $uri/index.json =404;",
    "    }",
    "    # The HSDS base answers the same way: /hsds and /hsds/ with its root, /hsds/services with its first page.",
    `    location ${HSDS_PREFIX} {`,
    "      try_files $uri $uri/index.json =404;",
    "    }",
    "    # Regular-expression locations are tried in this order: the paths never answered first.",
    `    location ~ ${q(HIDDEN_PATH_PATTERN, false)} {`,
    "      return 404;",
    "    }",
    "    # Media types by path (policy.ts PATH_MEDIA_TYPES: the FHIR base), in place of the extension's.",
    ...PATH_MEDIA_TYPES.flatMap(([pattern, type]) => [
      `    location ~ ${q(pattern, false)} {`,
      "      types { }",
      `      default_type ${q(type)};`,
      "    }",
    ]),
    ...(o.brotliModule
      ? [
          "    # The long tail (a clinic's document and pages) has no .br sibling, and brotli_static turns gzip off for",
          "    # every request that takes br before it looks for one: off here, so that such a request is gzipped.",
          `    location ~ ${q(LONG_TAIL_PATTERN, false)} {`,
          "      brotli_static off;",
          "    }",
        ]
      : []),
    "    # A clinic page's old address (a folder of its own) leads to its page, when it exists (links never die).",
    `    location ~ ${q(OLD_CLINIC_PAGE_PATTERN, false)} {`,
    "      if (-f $document_root/$1.html) {",
    "        return 301 /$1.html$is_args$args;",
    "      }",
    "    }",
    "    location = /healthz {",
    `      default_type ${q(MEDIA_TYPES.json as string)};`,
    `      return 200 '{"status":"ok"}';`,
    "    }",
    ...errorLocations(),
    "  }",
    "}",
    "",
  ];
  return lines.join("\n");
}
