/**
 * `sw.js`, the service worker, at the site's root (its scope is the whole site): the bundled worker of
 * `src/browser/worker/sw.ts` after its configuration for this build. Its `version` is a hash of the release
 * (data version, build time) and of the assets, so that every new release changes the file and browsers pick it up.
 */
import { createHash } from "node:crypto";
import { LANGS } from "../../i18n/lang.js";
import { BROWSER_BUNDLES } from "./browser-bundles.generated.js";
import { ICONS } from "./icons.js";
import { manifestFile } from "./manifest.js";
import type { SiteContext } from "./site.js";

/** The service worker's file in the output folder. */
export const SERVICE_WORKER = "sw.js";
/** The page the worker answers with for a page never saved, offline (in every language). */
export const OFFLINE_PAGE = "/offline.html";

/**
 * The worker's source for the build of `site` (any language: the worker serves them all).
 * @example serviceWorker(site).startsWith("self.UCD_SW=") // true
 */
export function serviceWorker(site: SiteContext): string {
  const { ctx } = site;
  const pages = LANGS.flatMap((l) => [site.hrefIn(l, "/"), site.hrefIn(l, "/near-me/")]);
  const precache = [
    ...pages,
    site.href(OFFLINE_PAGE),
    site.href(`/${site.assets.css.file}`),
    site.href(`/${site.assets.script.file}`),
    site.href(`/${site.assets.near.file}`),
    ...LANGS.map((l) => site.href(`/${manifestFile(l)}`)),
    ...ICONS.map((i) => site.href(`/${i.file}`)),
    site.href("/favicon.svg"),
  ];
  const version = createHash("sha256")
    .update(
      [ctx.dataset.dataVersion, ctx.generatedAt, site.assets.css.file, site.assets.script.file].join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
  const config = { version, root: site.hrefIn("en", "/"), precache, offline: site.href(OFFLINE_PAGE) };
  return `self.UCD_SW=${JSON.stringify(config)};\n${BROWSER_BUNDLES.sw}`;
}
