import type { BuildContext } from "../context.js";
import { openApiDocument } from "../documents/openapi.js";
import { downloadUrl } from "../downloads/manifest.js";
import { LICENSE_NAME, MANIFEST_NAME } from "../downloads/names.js";
import type { Emitter } from "../emitter.js";
import { cityPage, clinicPage, networkPage, pageFile, statePage } from "../paths.js";
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
import { OFFLINE_PAGE, SERVICE_WORKER, serviceWorker } from "./service-worker.js";
import { type SiteContext, siteContext, siteContexts } from "./site.js";
import { SitemapWriter } from "./sitemap.js";
import { llmsTxt, robotsTxt } from "./text-files.js";
import { zipShards } from "./zip-shards.js";

/** The HTML 404 page at the root of the output folder; the server answers unknown non-API paths with it. */
export const NOT_FOUND_PAGE = "404.html";

/**
 * The public site, in every language (English at the root, Spanish under `/es/`): state, city and clinic pages
 * as each state is rendered; then the home and near-me pages, the network pages (from the spilled members, one
 * network at a time), about, the API reference, the 404 and offline pages, the assets, the service worker, the web
 * app manifests and icons, the ZIP files of near me, robots.txt, llms.txt, the favicon and the sitemap (streamed
 * as pages are written). List it after the downloads (the about page lists them).
 */
export const siteEmitter: Emitter = (run) => {
  const { ctx, out, summary, plan } = run;
  const sites = siteContexts(ctx);
  const [en] = sites as [SiteContext];
  const sitemap = new SitemapWriter(out, ctx.page);
  const examples: ExampleValues = {};
  /** A page of `site`'s language at `path` (a path without the language). */
  const write = async (site: SiteContext, path: string, body: string) => {
    const own = site.pagePath(path);
    await out.add(pageFile(own), body);
    await sitemap.add(own);
  };
  /** The page of an unchanged unit, linked from the previous release. */
  const carry = async (site: SiteContext, path: string) => {
    const own = site.pagePath(path);
    await out.carryUnit([pageFile(own)]);
    await sitemap.add(own);
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
        else await carry(site, statePage(slug));
        for (const city of group.cities) {
          const cityUnit = plan.decision("city", city.city.slug);
          if (cityUnit.render)
            for (const p of cityPagesHtml(at(cityUnit), summary, city)) await write(site, p.path, p.body);
          else {
            const base = cityPage(slug, city.city.slug);
            for (let n = 1; n <= splitPages(city.clinics).length; n++) await carry(site, pagedPath(base, n));
          }
          for (const clinic of city.clinics) {
            const path = clinicPage(slug, city.city.slug, clinic.clinic.id);
            const unit = plan.decision("clinic", clinic.clinic.id);
            if (unit.render) await write(site, path, clinicPageHtml(at(unit), summary, city, clinic));
            else await carry(site, path);
          }
        }
      }
    },
    async finish() {
      for (const a of Object.values(en.assets)) await out.add(a.file, a.body);
      await out.add("favicon.svg", FAVICON_SVG);
      await out.add("favicon.ico", faviconIco());
      for (const icon of ICONS) await out.add(icon.file, iconPng(icon), false);
      for (const z of zipShards()) await out.add(z.file, z.body);
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
        if (!unit.render) {
          const base = networkPage(network.slug);
          const pages = Math.max(1, Math.ceil(network.clinics / LIST_PAGE_SIZE));
          for (const site of sites) for (let n = 1; n <= pages; n++) await carry(site, pagedPath(base, n));
          continue;
        }
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
      await out.add("robots.txt", robotsTxt(ctx));
      await out.add("llms.txt", llmsTxt(ctx, summary, run.published));
      await sitemap.finish();
    },
  };
};
