/**
 * A Varnish (7.x) VCL for a cache in front of `ucd serve` or the generated nginx: one object per URL and
 * normalised encoding (br, gzip, identity), lifetimes from the origin's Cache-Control (`stale-while-revalidate`
 * as grace), expired objects kept a day to be revalidated with their ETag, and purges from trusted addresses
 * only: `PURGE /path` drops one document (every encoding), `BAN /prefix` every document under a prefix.
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
    "# Who may purge: PURGE /path (one document, every encoding) or BAN /prefix (everything under it).",
    "acl purgers {",
    ...purgers.map(aclEntry),
    "}",
    "",
    "sub vcl_recv {",
    '  if (req.method == "PURGE" || req.method == "BAN") {',
    "    if (client.ip !~ purgers) {",
    `      return (synth(403, "Forbidden"));`,
    "    }",
    "    # Bans rather than purges: one ban drops every encoding of a document, and is checked at lookup at once.",
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
    "  # One cached object per encoding the origin has: br, gzip or identity.",
    '  if (req.http.Accept-Encoding ~ "(^|,)\\s*br\\s*(;\\s*q=(1|0?\\.[0-9]*[1-9][0-9]*)\\s*)?(,|$)") {',
    '    set req.http.Accept-Encoding = "br";',
    '  } elsif (req.http.Accept-Encoding ~ "(^|,)\\s*(x-)?gzip\\s*(;\\s*q=(1|0?\\.[0-9]*[1-9][0-9]*)\\s*)?(,|$)") {',
    '    set req.http.Accept-Encoding = "gzip";',
    "  } else {",
    "    unset req.http.Accept-Encoding;",
    "  }",
    "  set req.http.x-ucd-encoding = req.http.Accept-Encoding;",
    "  return (hash);",
    "}",
    "",
    "sub vcl_hash {",
    "  # One site per cache: a document is its URL, one object per encoding (Varnish's own gzip handling would",
    "  # otherwise ignore Vary: Accept-Encoding).",
    "  hash_data(req.url);",
    '  hash_data("encoding:" + req.http.x-ucd-encoding);',
    "  return (lookup);",
    "}",
    "",
    "sub vcl_backend_fetch {",
    "  # Varnish would ask for gzip only; ask for the encoding the client takes, so br is cached too.",
    "  if (bereq.http.x-ucd-encoding) {",
    "    set bereq.http.Accept-Encoding = bereq.http.x-ucd-encoding;",
    "  } else {",
    "    unset bereq.http.Accept-Encoding;",
    "  }",
    "  unset bereq.http.x-ucd-encoding;",
    "}",
    "",
    "sub vcl_backend_response {",
    "  # Bans test this, so the ban lurker can apply them without requests.",
    "  set beresp.http.x-ucd-url = bereq.url;",
    "  # Lifetimes come from the origin's Cache-Control (max-age; stale-while-revalidate is the grace). Expired",
    "  # objects are kept a day more, to be revalidated with If-None-Match (a 304 refreshes them).",
    "  set beresp.keep = 1d;",
    "  # Never compress or decompress: the origin has every encoding precompressed.",
    "  set beresp.do_gzip = false;",
    "  set beresp.do_gunzip = false;",
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
