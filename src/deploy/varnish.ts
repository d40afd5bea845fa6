/**
 * A Varnish (7.x) VCL for a cache in front of `ucd serve` or the generated nginx: one gzip object per URL
 * (Varnish's own gzip support: fetched with `Accept-Encoding: gzip`, gunzipped on delivery for clients that do
 * not take gzip, its ETag weakened then, so one ETag validates every encoding), lifetimes from the origin's Cache-Control (`stale-while-revalidate`
 * as grace), expired objects kept a day to be revalidated with their ETag, and purges from trusted addresses
 * only: `PURGE /path` drops one document, `BAN /prefix` every document under a prefix. No br through the cache.
 */
import { ERRORS, errorBody } from "@urgent-care-directory/server/errors";
import { ALLOW, CACHE_CONTROL, COMMON_HEADERS } from "@urgent-care-directory/server/policy";
import { banner, METHODS } from "./common.js";

export interface VarnishOptions {
  /** Host and port of the origin (`ucd serve` or nginx). */
  originHost: string;
  originPort: number;
  /** Addresses allowed to purge (ACL entries: an address or `address/bits`). */
  purgers?: readonly string[];
}

/** Addresses allowed to purge when none are given: this machine. */
export const DEFAULT_PURGERS = ["127.0.0.1", "::1"];

/** A VCL string: `"…"` when it can be, `"""…"""` otherwise (VCL strings have no escapes). */
function vclString(value: string): string {
  if (value.includes('"""') || /[\r\n]/.test(value)) throw new Error(`cannot quote for VCL: ${value}`);
  return value.includes('"') ? `"""${value}"""` : `"${value}"`;
}

function aclEntry(entry: string): string {
  const [address, bits] = entry.split("/");
  if (!address) throw new Error(`empty ACL entry: ${entry}`);
  return bits === undefined ? `  "${address}";` : `  "${address}"/${Number(bits)};`;
}

/** The answer of a synthetic response: JSON body with the policy's common headers. */
const synthHeaders = COMMON_HEADERS.map(([name, value]) => `  set resp.http.${name} = ${vclString(value)};`);

/** The body and type of a synthetic answer: the error table's body for its statuses, a short JSON otherwise. */
function synthBody(obj: "resp" | "beresp"): string[] {
  const call = (body: string) => (obj === "resp" ? `synthetic(${body});` : `set beresp.body = ${body};`);
  return [
    `  set ${obj}.http.Cache-Control = ${vclString(CACHE_CONTROL.noStore)};`,
    `  set ${obj}.http.Content-Type = "application/json; charset=utf-8";`,
    ...(obj === "beresp"
      ? ["  set beresp.status = 503;", '  set beresp.reason = "Service Unavailable";']
      : []),
    `  if (${obj}.status == 405) {`,
    `    set ${obj}.http.Allow = ${vclString(ALLOW)};`,
    `    ${call(vclString(errorBody(405)))}`,
    `  } elsif (${obj}.status == 503) {`,
    `    ${call(vclString(errorBody(503)))}`,
    "  } else {",
    `    ${call(`{"{"status":"} + ${obj}.status + {","message":""} + ${obj}.reason + """"}"""`)}`,
    "  }",
  ];
}

/**
 * The whole VCL file.
 * @example varnishConfig({ originHost: "127.0.0.1", originPort: 8080 });
 */
export function varnishConfig(o: VarnishOptions): string {
  const purgers = o.purgers ?? DEFAULT_PURGERS;
  const notAllowed = ERRORS[405];
  return [
    "vcl 4.1;",
    "",
    banner("#", "varnish"),
    "# Run: varnishd -F -f THIS_FILE -a HOST:PORT -n WORKDIR",
    "",
    "import std;",
    "",
    "backend origin {",
    `  .host = ${vclString(o.originHost)};`,
    `  .port = "${o.originPort}";`,
    "}",
    "",
    "# Who may purge: PURGE /path (one document) or BAN /prefix (everything under it).",
    "acl purgers {",
    ...purgers.map(aclEntry),
    "}",
    "",
    "sub vcl_recv {",
    '  if (req.method == "PURGE" || req.method == "BAN") {',
    "    if (client.ip !~ purgers) {",
    `      return (synth(403, "Forbidden"));`,
    "    }",
    "    # Bans rather than purges: checked at lookup at once, and by the ban lurker without requests.",
    '    if (req.method == "PURGE") {',
    '      ban("obj.http.x-ucd-url == " + req.url);',
    '      return (synth(200, "Purged"));',
    "    }",
    '    ban("obj.http.x-ucd-url ~ ^" + regsuball(req.url, "([.?*+^$|()\\[\\]{}\\\\])", "\\\\\\1"));',
    '    return (synth(200, "Banned"));',
    "  }",
    `  if (req.method !~ "^(${METHODS.join("|")})$") {`,
    `    return (synth(405, ${vclString(notAllowed.message)}));`,
    "  }",
    '  if (req.method != "GET" && req.method != "HEAD") {',
    "    return (pass);",
    "  }",
    "  # A public, credential-free API: nothing personal to keep out of the cache.",
    "  unset req.http.Cookie;",
    "  unset req.http.Authorization;",
    "  # Accept-Encoding is left to Varnish's gzip support (http_gzip_support, on by default): after vcl_recv it",
    "  # becomes gzip or nothing, the origin is asked for gzip, and the one object serves both.",
    "  return (hash);",
    "}",
    "",
    "sub vcl_hash {",
    "  # One site per cache: a document is its URL, one (gzip) object whatever the client's encodings.",
    "  hash_data(req.url);",
    "  return (lookup);",
    "}",
    "",
    "sub vcl_backend_response {",
    "  # Bans test this, so the ban lurker can apply them without requests.",
    "  set beresp.http.x-ucd-url = bereq.url;",
    "  # Lifetimes come from the origin's Cache-Control (max-age; stale-while-revalidate is the grace). Expired",
    "  # objects are kept a day more, to be revalidated with If-None-Match (a 304 refreshes them).",
    "  set beresp.keep = 1d;",
    "  # Stored as the origin sent it: gzip from its precompressed siblings, or compressed on the fly by the origin",
    "  # for the long tail (a clinic's document and pages, written without siblings), gunzipped on delivery when",
    "  # the client does not take gzip; identity for the files the origin does not compress. Never compressed here.",
    "  set beresp.do_gzip = false;",
    "}",
    "",
    "sub vcl_deliver {",
    "  unset resp.http.x-ucd-url;",
    "  if (obj.hits > 0) {",
    '    set resp.http.X-Cache = "HIT";',
    "  } else {",
    '    set resp.http.X-Cache = "MISS";',
    "  }",
    "}",
    "",
    "# Answers made here (405, purges, refusals) and an unreachable origin (503): JSON, with the common headers.",
    "sub vcl_synth {",
    ...synthHeaders,
    ...synthBody("resp"),
    "  return (deliver);",
    "}",
    "",
    "sub vcl_backend_error {",
    ...synthHeaders.map((line) => line.replace("resp.", "beresp.")),
    ...synthBody("beresp"),
    "  return (deliver);",
    "}",
    "",
  ].join("\n");
}
