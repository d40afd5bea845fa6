import { access, realpath } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ListingError } from "../../deploy/bucket-objects.js";
import { caddyConfig } from "../../deploy/caddy.js";
import { parseListen } from "../../deploy/common.js";
import { headersFile, redirectsFile } from "../../deploy/headers.js";
import { readDocuments } from "../../deploy/manifest.js";
import { BROTLI_MODULE_PATHS, nginxConfig } from "../../deploy/nginx.js";
import { releaseName } from "../../deploy/release-name.js";
import { type PlanSummary, planUpload } from "../../deploy/upload-plan.js";
import { planNdjson, planRclone, planShell } from "../../deploy/upload-scripts.js";
import { DEFAULT_PURGERS, varnishConfig } from "../../deploy/varnish.js";
import { type Command, InputError, parse, UsageError } from "../args.js";

const TARGETS = ["nginx", "caddy", "varnish", "headers", "redirects", "upload-plan"] as const;

const usage = `Usage: ucd deploy-config TARGET [options]

Prints a complete configuration that serves a build output folder as \`ucd serve\` does (media types,
precompressed siblings, gzip on the fly for files without, ETags, Cache-Control, CORS, JSON and HTML 404s,
security headers of pages, old clinic page addresses redirected), generated from the server's header policy.
See docs/deploy.md.

Targets:
  nginx         nginx.conf: nginx -p PREFIX -c FILE (Debian: nginx-light; with --brotli, libnginx-mod-http-brotli-static)
  caddy         Caddyfile: caddy run --config FILE --adapter caddyfile
  varnish       VCL of a cache in front of ucd serve or nginx (--origin): varnishd -f FILE
  headers       _headers of the folder for Cloudflare Pages / Netlify (reads --root's files.tsv)
  redirects     _redirects for Netlify: JSON 404 under /api/, old clinic page addresses
  upload-plan   what to upload to S3, R2 or GCS, with the headers, and what to delete (reads --root's files.tsv
                and the bucket's record --against: only what changed), in phases; a summary on stderr

Options:
  --root DIR            the output folder, or the link to the current release (default: public)
  --listen HOST:PORT    address nginx, Caddy or Varnish listens on (default: 127.0.0.1:8080; Varnish 127.0.0.1:6081)
  --origin URL          Varnish's origin: ucd serve or nginx (default: http://127.0.0.1:8080)
  --purger ADDR         an address allowed to purge Varnish (repeatable; default: ${DEFAULT_PURGERS.join(", ")})
  --foreground          nginx: daemon off (under a supervisor, or in a terminal)
  --user NAME           nginx: user of the worker processes when started as root
  --brotli              nginx: also send the .br siblings (smaller, but each encoding then has its own ETag)
  --brotli-module PATH  nginx: the brotli static module, implies --brotli (default: found in /usr/lib/nginx/modules)
  --format F            upload-plan: ndjson records (default), or a script of rclone (rclone) or aws s3 (sh) commands
  --against FILE        upload-plan: the bucket's record of what it holds (.ucd/objects.tsv, downloaded from it):
                        upload only keys that differ, delete keys the build no longer has; without it, upload all
  --record FILE         upload-plan: write the bucket's record after this plan to FILE (the scripts upload it
                        last; required by --format rclone and sh)
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
        against: { type: "string" },
        record: { type: "string" },
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
      default:
        return uploadPlanCommand(root, values);
    }
    process.stdout.write(text);
    return 0;
  },
};

const FORMATS = ["ndjson", "rclone", "sh"] as const;

/** `upload-plan`: the plan on stdout (streamed: millions of keys), its summary on stderr. */
async function uploadPlanCommand(
  root: string,
  values: { format: string; against?: string; record?: string; siblings: boolean },
): Promise<number> {
  const format = values.format as (typeof FORMATS)[number];
  if (!FORMATS.includes(format))
    throw new UsageError(`--format must be ${FORMATS.join(", ")}, not ${values.format}`);
  if (format !== "ndjson" && values.record === undefined)
    throw new UsageError(
      `--format ${format} needs --record FILE: the script uploads it last, as the bucket's record for the next plan`,
    );
  // The release folder itself, not the link: a build published while the upload runs must not change its files.
  const folder = await realpath(root).catch(() => {
    throw new InputError(`${root}: no such build folder`);
  });
  const record = values.record === undefined ? null : resolve(values.record);
  let plan: Awaited<ReturnType<typeof planUpload>>;
  try {
    plan = await planUpload({
      root: folder,
      siblings: values.siblings,
      against: values.against === undefined ? null : resolve(values.against),
      record,
      release: await releaseName(folder),
    });
  } catch (e) {
    if (e instanceof ListingError || (e as NodeJS.ErrnoException).code === "ENOENT")
      throw new InputError((e as Error).message);
    throw e;
  }
  try {
    const text =
      format === "rclone"
        ? planRclone(plan.records(), folder, record, plan.guard)
        : format === "sh"
          ? planShell(plan.records(), folder, record, plan.guard)
          : planNdjson(plan.records());
    await pipeline(Readable.from(text), process.stdout, { end: false });
  } finally {
    await plan.dispose();
  }
  console.error(summaryLine(plan.summary));
  return 0;
}

/**
 * What an upload plan does, in one line.
 * @example summaryLine(plan.summary) // "upload plan: 27,775 of 28,691 keys to upload (47 new), 0 to delete, 916 unchanged; …"
 */
export function summaryLine(s: PlanSummary): string {
  const share = s.keys === 0 ? 0 : ((s.uploads + s.deletes) / s.keys) * 100;
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    `upload plan: ${n(s.uploads)} of ${n(s.keys)} keys to upload`,
    s.new_keys === null ? " (no record of the bucket: every key)" : ` (${n(s.new_keys)} new)`,
    `, ${n(s.deletes)} to delete, ${n(s.unchanged)} unchanged;`,
    ` ${n(s.uploads + s.deletes)} keys in the plan = ${share.toFixed(1)} % of the tree;`,
    ` ${n(s.upload_bytes)} bytes to upload`,
  ].join("");
}

async function firstExisting(paths: readonly string[]): Promise<string | null> {
  for (const path of paths) {
    try {
      await access(path);
      return path;
    } catch {}
  }
  return null;
}
