import { openApiDocument } from "../documents/openapi.js";
import { downloadUrl } from "../downloads/manifest.js";
import { LICENSE_NAME, MANIFEST_NAME } from "../downloads/names.js";
import type { Emitter } from "../emitter.js";
import { cityPage, clinicPage, networkPage, pageFile, statePage } from "../paths.js";
import { FAVICON_SVG, faviconIco } from "./favicon.js";
import { aboutPageHtml } from "./pages/about.js";
import { apiReferenceHtml, type ExampleValues } from "./pages/api-reference.js";
import { cityPageHtml } from "./pages/city.js";
import { clinicPageHtml } from "./pages/clinic.js";
import { homePageHtml } from "./pages/home.js";
import { networkPageHtml, networksIndexHtml } from "./pages/network.js";
import { notFoundHtml } from "./pages/not-found.js";
import { statePageHtml } from "./pages/state.js";
import { siteContext } from "./site.js";
import { SitemapWriter } from "./sitemap.js";
import { llmsTxt, robotsTxt } from "./text-files.js";

/** The HTML 404 page at the root of the output folder; the server answers unknown non-API paths with it. */
export const NOT_FOUND_PAGE = "404.html";

/**
 * The public site: state, city and clinic pages as each state is rendered; then the home page, the network
 * pages (from the spilled members, one network at a time), about, the API reference, the 404 page, the assets,
 * robots.txt, llms.txt, the favicon and the sitemap (streamed as pages are written). List it after the downloads
 * (the about page lists them).
 */
export const siteEmitter: Emitter = (run) => {
  const { ctx, out, summary } = run;
  const site = siteContext(ctx);
  const sitemap = new SitemapWriter(out, ctx.page);
  const examples: ExampleValues = {};
  const write = async (path: string, body: string) => {
    await out.add(pageFile(path), body);
    await sitemap.add(path);
  };
  return {
    async state(group) {
      const slug = group.state.state.slug;
      await write(statePage(slug), statePageHtml(site, summary, group));
      for (const city of group.cities) {
        if (examples.state === undefined) {
          examples.state = slug;
          examples.city = city.city.slug;
          if (city.clinics[0]) examples.id = city.clinics[0].clinic.id;
        }
        await write(cityPage(slug, city.city.slug), cityPageHtml(site, summary, city));
        for (const clinic of city.clinics)
          await write(
            clinicPage(slug, city.city.slug, clinic.clinic.id),
            clinicPageHtml(site, summary, city, clinic),
          );
      }
    },
    async finish() {
      for (const a of Object.values(site.assets)) await out.add(a.file, a.body);
      await out.add("favicon.svg", FAVICON_SVG);
      await out.add("favicon.ico", faviconIco());
      await write("/", homePageHtml(site, summary));
      await write("/networks/", networksIndexHtml(site, summary));
      for (const network of summary.networks) {
        examples.network ??= network.slug;
        const body = await networkPageHtml(site, summary, network, run.networkMembers.of(network));
        await write(networkPage(network.slug), body);
      }
      await write("/about/", aboutPageHtml(site, summary, run.published));
      const openapi = openApiDocument(ctx, {
        manifestUrl: downloadUrl(ctx, MANIFEST_NAME),
        licenseUrl: downloadUrl(ctx, LICENSE_NAME),
      });
      await write("/docs/", apiReferenceHtml(site, openapi, examples, run.published.examples));
      await out.add(NOT_FOUND_PAGE, notFoundHtml(site));
      await out.add("robots.txt", robotsTxt(ctx));
      await out.add("llms.txt", llmsTxt(ctx, summary, run.published));
      await sitemap.finish();
    },
  };
};
