import { LANG_PREFIX, LANGS } from "../../i18n/lang.js";
import type { BuildContext } from "../context.js";
import type { Json } from "../documents/openapi.js";
import type { OutputWriter } from "../output/writer.js";
import { citySitemap, pageFile, statePage } from "../paths.js";
import type { Published } from "../published.js";
import { FAVICON_SVG, faviconIco } from "../site/favicon.js";
import { ICONS, iconPng } from "../site/icons.js";
import { manifestFile, webManifest } from "../site/manifest.js";
import { aboutPageHtml } from "../site/pages/about.js";
import { apiReferenceHtml, type ExampleValues } from "../site/pages/api-reference.js";
import { homePageHtml } from "../site/pages/home.js";
import { nearMePageHtml } from "../site/pages/near-me.js";
import { networksIndexHtml } from "../site/pages/network.js";
import { notFoundHtml, offlineHtml } from "../site/pages/not-found.js";
import { placeShards } from "../site/place-shards.js";
import { OFFLINE_PAGE, SERVICE_WORKER, serviceWorker } from "../site/service-worker.js";
import type { SiteContext } from "../site/site.js";
import { chunks, numbered, SITE_SITEMAP, sitemapIndexes, urlset } from "../site/sitemap.js";
import { llmsTxt, robotsTxt } from "../site/text-files.js";
import { zipShards } from "../site/zip-shards.js";
import type { Summary } from "../summary.js";
import { networkListPages } from "../units/network.js";

/** The HTML 404 page at the root of the output folder; the server answers unknown non-API paths with it. */
export const NOT_FOUND_PAGE = "404.html";

/**
 * The site's files about the whole release, in every language: the assets, favicon, icons, the ZIP files of near
 * me, the service worker and web app manifests; the home, near-me and networks pages, about, the API reference,
 * the 404 and offline pages; the sitemap of the pages outside cities and the index of every sitemap (a city's is
 * its unit's), robots.txt and llms.txt. The pages of states, cities, clinics and networks are their units'.
 * @example await writeSiteFrame(out, { ctx, sites, summary, openapi, examples, published });
 */
export async function writeSiteFrame(
  out: OutputWriter,
  o: {
    ctx: BuildContext;
    /** One context per language, this release's stamp. */
    sites: readonly SiteContext[];
    summary: Summary;
    openapi: Json;
    /** The values of the API reference's examples (a state, a city, a clinic, a network of this build). */
    examples: ExampleValues;
    published: Published;
  },
): Promise<void> {
  const { ctx, sites, summary, published } = o;
  const [en] = sites as [SiteContext];
  const write = (site: SiteContext, path: string, body: string) =>
    out.add(pageFile(site.pagePath(path)), body);
  for (const a of Object.values(en.assets)) await out.add(a.file, a.body);
  await out.add("favicon.svg", FAVICON_SVG);
  await out.add("favicon.ico", faviconIco());
  for (const icon of ICONS) await out.add(icon.file, iconPng(icon), false);
  for (const z of zipShards()) await out.add(z.file, z.body);
  for (const p of placeShards()) await out.add(p.file, p.body);
  await out.add(SERVICE_WORKER, serviceWorker(en));
  for (const site of sites) {
    await out.add(manifestFile(site.lang), webManifest(site));
    await write(site, "/", homePageHtml(site, summary));
    await write(site, "/near-me/", nearMePageHtml(site, summary));
    await write(site, "/networks/", networksIndexHtml(site, summary));
    await write(site, "/about/", aboutPageHtml(site, summary, published));
    await write(site, "/docs/", apiReferenceHtml(site, o.openapi, o.examples, published.examples));
  }
  await out.add(NOT_FOUND_PAGE, notFoundHtml(sites));
  await out.add(OFFLINE_PAGE.slice(1), offlineHtml(sites));
  const indexes = await writeSitemaps(out, ctx, summary);
  await out.add("robots.txt", robotsTxt(ctx, indexes));
  await out.add("llms.txt", llmsTxt(ctx, summary, published));
}

/**
 * The sitemap of the pages outside cities (every language), then the index of it and of every city's sitemap
 * (written with its city); returns the index files.
 */
async function writeSitemaps(out: OutputWriter, ctx: BuildContext, summary: Summary): Promise<string[]> {
  const paths = ["/", "/near-me/", "/networks/", "/about/", "/docs/"];
  for (const s of summary.states) paths.push(statePage(s.state.slug));
  for (const n of summary.networks) paths.push(...networkListPages(n.slug, n.clinics));
  const urls = LANGS.flatMap((l) => paths.map((p) => ctx.page(`${LANG_PREFIX[l]}${p}`)));
  const files: string[] = [];
  for (const [i, part] of chunks(urls).entries()) {
    files.push(numbered(SITE_SITEMAP, i + 1));
    await out.add(numbered(SITE_SITEMAP, i + 1), urlset(part));
  }
  for (const c of summary.cities) files.push(citySitemap(c.state.slug, c.slug));
  const indexes = sitemapIndexes(files, ctx.page);
  for (const index of indexes) await out.add(index.file, index.body);
  return indexes.map((index) => index.file);
}
