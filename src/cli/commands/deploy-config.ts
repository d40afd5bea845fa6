import { access } from "node:fs/promises";
import { resolve } from "node:path";
import { caddyConfig } from "../../deploy/caddy.js";
import { parseListen } from "../../deploy/common.js";
import { headersFile, redirectsFile } from "../../deploy/headers.js";
import { readDocuments } from "../../deploy/manifest.js";
import { BROTLI_MODULE_PATHS, nginxConfig } from "../../deploy/nginx.js";
import { planNdjson, planShell, uploadPlan } from "../../deploy/upload-plan.js";
import { DEFAULT_PURGERS, varnishConfig } from "../../deploy/varnish.js";
import { type Command, parse, UsageError } from "../args.js";

const TARGETS = ["nginx", "caddy", "varnish", "headers", "redirects", "upload-plan"] as const;

const usage = `Usage: ucd deploy-config TARGET [options]

Prints a complete configuration that serves a build output folder as \`ucd serve\` does (media types,
precompressed siblings, ETags, Cache-Control, CORS, JSON and HTML 404s, security headers of pages), generated
from the server's header policy. See docs/deploy.md.

Targets:
  nginx         nginx.conf: nginx -p PREFIX -c FILE (Debian: nginx-light; with --brotli, libnginx-mod-http-brotli-static)
  caddy         Caddyfile: caddy run --config FILE --adapter caddyfile
  varnish       VCL of a cache in front of ucd serve or nginx (--origin): varnishd -f FILE
  headers       _headers of the folder for Cloudflare Pages / Netlify (reads --root's files.tsv)
  redirects     _redirects for Netlify: JSON 404 under /api/
  upload-plan   the objects to upload to S3, R2 or GCS with their headers (reads --root's files.tsv)

Options:
  --root DIR            the output folder, or the link to the current release (default: public)
  --listen HOST:PORT    address nginx, Caddy or Varnish listens on (default: 127.0.0.1:8080; Varnish 127.0.0.1:6081)
  --origin URL          Varnish's origin: ucd serve or nginx (default: http://127.0.0.1:8080)
  --purger ADDR         an address allowed to purge Varnish (repeatable; default: ${DEFAULT_PURGERS.join(", ")})
  --foreground          nginx: daemon off (under a supervisor, or in a terminal)
  --user NAME           nginx: user of the worker processes when started as root
  --brotli              nginx: also send the .br siblings (smaller, but each encoding then has its own ETag)
  --brotli-module PATH  nginx: the brotli static module, implies --brotli (default: found in /usr/lib/nginx/modules)
  --format ndjson|sh    upload-plan: NDJSON records (default) or a script of aws s3 cp commands
  --siblings            upload-plan: also upload the .br/.gz files, as key.br/key.gz with Content-Encoding
  -h, --help            show this help`;

export const deployConfigCommand: Command = {
  name: "deploy-config",
  summary: "print an nginx, Caddy, Varnish, _headers or object-storage config for a build",
  usage,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        root: { type: "string", default: "public" },
        listen: { type: "string" },
        origin: { type: "string", default: "http://127.0.0.1:8080" },
        purger: { type: "string", multiple: true },
        foreground: { type: "boolean", default: false },
        user: { type: "string" },
        brotli: { type: "boolean", default: false },
        "brotli-module": { type: "string" },
        format: { type: "string", default: "ndjson" },
        siblings: { type: "boolean", default: false },
      },
      true,
    );
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const target = positionals[0];
    if (positionals.length !== 1 || !TARGETS.includes(target as (typeof TARGETS)[number]))
      throw new UsageError(`name one target: ${TARGETS.join(", ")}`);
    const root = resolve(values.root);
    const listen = (fallback: string) => {
      try {
        return parseListen(values.listen ?? fallback);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    };
    let text: string;
    switch (target) {
      case "nginx": {
        // gzip only unless asked: one representation, one ETag per document (docs/deploy.md).
        const wantBrotli = values.brotli || values["brotli-module"] !== undefined;
        const brotliModule = wantBrotli
          ? (values["brotli-module"] ?? (await firstExisting(BROTLI_MODULE_PATHS)))
          : null;
        if (wantBrotli && !brotliModule)
          throw new UsageError(
            "--brotli: no brotli static module found (apt-get install libnginx-mod-http-brotli-static, or --brotli-module PATH)",
          );
        text = nginxConfig({
          root,
          ...listen("127.0.0.1:8080"),
          brotliModule,
          foreground: values.foreground,
          ...(values.user === undefined ? {} : { user: values.user }),
        });
        break;
      }
      case "caddy":
        text = caddyConfig({ root, ...listen("127.0.0.1:8080") });
        break;
      case "varnish": {
        let origin: URL;
        try {
          origin = new URL(values.origin);
          if (origin.protocol !== "http:") throw new Error();
        } catch {
          throw new UsageError(`--origin must be an http:// address, not ${values.origin}`);
        }
        text = varnishConfig({
          originHost: origin.hostname.replace(/^\[|\]$/g, ""),
          originPort: Number(origin.port || 80),
          ...(values.purger ? { purgers: values.purger } : {}),
        });
        break;
      }
      case "headers":
        text = headersFile(await readDocuments(root));
        break;
      case "redirects":
        text = redirectsFile();
        break;
      default: {
        if (values.format !== "ndjson" && values.format !== "sh")
          throw new UsageError(`--format must be ndjson or sh, not ${values.format}`);
        const plan = uploadPlan(await readDocuments(root), { siblings: values.siblings });
        text = values.format === "sh" ? planShell(plan, root) : planNdjson(plan);
      }
    }
    process.stdout.write(text);
    return 0;
  },
};

async function firstExisting(paths: readonly string[]): Promise<string | null> {
  for (const path of paths) {
    try {
      await access(path);
      return path;
    } catch {}
  }
  return null;
}
