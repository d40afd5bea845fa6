import { createHash } from "node:crypto";
import type { BuildContext } from "../context.js";
import { freshness } from "../documents/freshness.js";
import { API_DIR } from "../paths.js";
import { BROWSER_BUNDLES } from "./browser-bundles.generated.js";
import { SITE_CSS } from "./styles.js";

/** A file of the site's assets folder, named after its content (the server serves `assets/*-<hex>.*` immutable). */
export interface Asset {
  /** Path inside the output folder: `assets/site-3f2a9c0d1e.css`. */
  file: string;
  body: string;
}

/** What every page template reads: addresses resolved for this build, the assets, the notices. */
export interface SiteContext {
  ctx: BuildContext;
  /**
   * Where a site path is linked from a page: the site address's own path prefix, then the path
   * (`/clinics/texas/` → `/ucd/clinics/texas/` for `--site-url https://example.org/ucd`). Root-relative, so the
   * pages work on any host that serves the folder under the site's path.
   */
  href(path: string): string;
  /** The local `href` of an absolute address of this site (pages, API documents, downloads); others unchanged. */
  local(url: string): string;
  /** Local `href` of an API document (`/states.json` → `/api/v1/states.json`): the copy in this very folder. */
  apiHref(path: string): string;
  assets: { css: Asset; openNow: Asset; home: Asset };
  synthetic: boolean;
  /** The freshness notice when the data is old; null otherwise. */
  staleNotice: string | null;
}

function asset(name: string, extension: string, body: string): Asset {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
  return { file: `assets/${name}-${hash}.${extension}`, body };
}

/**
 * The site's view of a build.
 * @example const site = siteContext(ctx); site.href("/clinics/texas/") // "/clinics/texas/"
 */
export function siteContext(ctx: BuildContext): SiteContext {
  const prefix = new URL(ctx.siteUrl).pathname.replace(/\/+$/, "");
  const href = (path: string) => `${prefix}${path}`;
  const fresh = freshness(ctx.dataset, ctx.generatedAt);
  return {
    ctx,
    href,
    local: (url) => (url.startsWith(`${ctx.siteUrl}/`) ? href(url.slice(ctx.siteUrl.length)) : url),
    apiHref: (path) => href(`/${API_DIR}${path}`),
    assets: {
      css: asset("site", "css", SITE_CSS),
      openNow: asset("open-now", "js", BROWSER_BUNDLES.openNow),
      home: asset("home", "js", BROWSER_BUNDLES.home),
    },
    synthetic: ctx.dataset.source.synthetic,
    staleNotice: fresh.stale ? fresh.notice : null,
  };
}
