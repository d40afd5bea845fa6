import { LANG_PREFIX, LANGS } from "../../i18n/lang.js";
import type { BuildContext } from "../context.js";
import { openApiDocument } from "../documents/openapi.js";
import { downloadUrl } from "../downloads/manifest.js";
import { LICENSE_NAME, MANIFEST_NAME } from "../downloads/names.js";
import type { Emitter } from "../emitter.js";
import { cityPage, citySitemap, clinicPage, networkPage, pageFile, statePage } from "../paths.js";
import { decideNetwork } from "../plan/network-unit.js";
import { FAVICON_SVG, faviconIco } from "./favicon.js";
import { ICONS, iconPng } from "./icons.js";
import { manifestFile, webManifest } from "./manifest.js";
import { LIST_PAGE_SIZE, pagedPath, splitPages } from "./paged.js";
import { aboutPageHtml } from "./pages/about.js";
import { apiReferenceHtml, type ExampleValues } from "./pages/api-reference.js";
import { cityPagesHtml } from "./pages/city.js";
import { clinicPageHtml } from "./pages/clinic.js";
import { homePageHtml } from "./pages/home.js";
import { nearMePageHtml } from "./pages/near-me.js";
import { networkPagesHtml, networksIndexHtml } from "./pages/network.js";
import { notFoundHtml, offlineHtml } from "./pages/not-found.js";
import { statePageHtml } from "./pages/state.js";
import { placeShards } from "./place-shards.js";
import { OFFLINE_PAGE, SERVICE_WORKER, serviceWorker } from "./service-worker.js";
import { type SiteContext, siteContext, siteContexts } from "./site.js";
import { chunks, numbered, SITE_SITEMAP, sitemapIndexes, urlset } from "./sitemap.js";
import { llmsTxt, robotsTxt } from "./text-files.js";
import { zipShards } from "./zip-shards.js";

/** The HTML 404 page at the root of the output folder; the server answers unknown non-API paths with it. */
export const NOT_FOUND_PAGE = "404.html";

/**
 * The public site, in every language (English at the root, Spanish under `/es/`): state, city and clinic pages
 * as each state is rendered; then the home and near-me pages, the network pages (from the spilled members, one
 * network at a time), about, the API reference, the 404 and offline pages, the assets, the service worker, the web
 * app manifests and icons, the ZIP files of near me, robots.txt, llms.txt, the favicon and the sitemaps: one
 * per city (its pages and its clinics', a file of the city's unit), one of the other pages, and the index of them
 * all. List it after the downloads (the about page lists them). A unit the plan carries writes nothing: its pages
 * and sitemap stay as the previous release wrote them.
 */
export const siteEmitter: Emitter = (run) => {
  const { ctx, out, summary, plan } = run;
  const sites = siteContexts(ctx);
  const [en] = sites as [SiteContext];
  const examples: ExampleValues = {};
  /** A page of `site`'s language at `path` (a path without the language). */
  const write = async (site: SiteContext, path: string, body: string) => {
    await out.add(pageFile(site.pagePath(path)), body);
  };
  const byStamp = new Map<BuildContext, SiteContext[]>([[ctx, sites]]);
  /** The site contexts of a unit's stamp (a unit unchanged since an earlier release, rendered again: `plan: "all"`). */
  const sitesOf = (c: BuildContext): SiteContext[] => {
    let list = byStamp.get(c);
    if (!list) {
      const assets = en.assets;
      list = sites.map((s) => siteContext(c, s.lang, assets));
      byStamp.set(c, list);
    }
    return list;
  };
  /**
   * The sitemap of the pages outside cities (every language), then the index of it and of every city's sitemap
   * (written with its city); returns the index files.
   */
  const writeSitemaps = async (): Promise<string[]> => {
    const paths = ["/", "/near-me/", "/networks/", "/about/", "/docs/"];
    for (const s of summary.states) paths.push(statePage(s.state.slug));
    for (const n of summary.networks) {
      const pages = Math.max(1, Math.ceil(n.clinics / LIST_PAGE_SIZE));
      for (let k = 1; k <= pages; k++) paths.push(pagedPath(networkPage(n.slug), k));
    }
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
  };
  return {
    async state(group) {
      const slug = group.state.state.slug;
      const first = group.cities[0];
      if (examples.state === undefined && first) {
        examples.state = slug;
        examples.city = first.city.slug;
        if (first.clinics[0]) examples.id = first.clinics[0].clinic.id;
      }
      const stateUnit = plan.decision("state", slug);
      for (const [i, site] of sites.entries()) {
        const at = (d: { render: true; ctx: BuildContext }) => sitesOf(d.ctx)[i] as SiteContext;
        if (stateUnit.render)
          await write(site, statePage(slug), statePageHtml(at(stateUnit), summary, group));
        for (const city of group.cities) {
          const cityUnit = plan.decision("city", city.city.slug);
          if (cityUnit.render)
            for (const p of cityPagesHtml(at(cityUnit), summary, city)) await write(site, p.path, p.body);
          for (const clinic of city.clinics) {
            const unit = plan.decision("clinic", clinic.clinic.id);
            if (unit.render)
              await write(
                site,
                clinicPage(slug, city.city.slug, clinic.clinic.id),
                clinicPageHtml(at(unit), summary, city, clinic),
              );
          }
        }
      }
      for (const city of group.cities) {
        if (!plan.decision("city", city.city.slug).render) continue;
        const base = cityPage(slug, city.city.slug);
        const pages = splitPages(city.clinics).map((_, n) => pagedPath(base, n + 1));
        const clinics = city.clinics.map((c) => clinicPage(slug, city.city.slug, c.clinic.id));
        const urls = LANGS.flatMap((l) =>
          [...pages, ...clinics].map((p) => ctx.page(`${LANG_PREFIX[l]}${p}`)),
        );
        await out.add(citySitemap(slug, city.city.slug), urlset(urls));
      }
    },
    async finish() {
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
      }
      for (const network of summary.networks) {
        examples.network ??= network.slug;
        const unit = await decideNetwork(run, network);
        if (!unit.render) continue; // carried: the previous release's pages stay
        const members = [];
        for await (const m of run.networkMembers.of(network)) members.push(m);
        for (const [i, site] of sites.entries())
          for (const p of networkPagesHtml(sitesOf(unit.ctx)[i] as SiteContext, summary, network, members))
            await write(site, p.path, p.body);
      }
      const openapi = openApiDocument(ctx, {
        manifestUrl: downloadUrl(ctx, MANIFEST_NAME),
        licenseUrl: downloadUrl(ctx, LICENSE_NAME),
      });
      for (const site of sites) {
        await write(site, "/about/", aboutPageHtml(site, summary, run.published));
        await write(site, "/docs/", apiReferenceHtml(site, openapi, examples, run.published.examples));
      }
      await out.add(NOT_FOUND_PAGE, notFoundHtml(sites));
      await out.add(OFFLINE_PAGE.slice(1), offlineHtml(sites));
      const indexes = await writeSitemaps();
      await out.add("robots.txt", robotsTxt(ctx, indexes));
      await out.add("llms.txt", llmsTxt(ctx, summary, run.published));
    },
  };
};
