import { LANG_PREFIX, LANGS } from "../../i18n/lang.js";
import { ClinicsByCity } from "../../schema/documents.js";
import { clinicsByCity } from "../documents/lists.js";
import { contentKey } from "../ledger/keys.js";
import { apiFile, cityPage, cityPath, citySitemap, clinicPage, pageFile } from "../paths.js";
import { pagedPath, splitPages } from "../site/paged.js";
import { cityPagesHtml } from "../site/pages/city.js";
import { urlset } from "../site/sitemap.js";
import { inEveryLanguage, pagedFiles } from "./files.js";
import type { StateInput, StateUnitKind, Unit } from "./kind.js";

const DOCUMENT = /^api\/v1\/clinics\/[^/]+\/[^/]+\.json$/;
const PAGE = inEveryLanguage("clinics/[^/]+/[^/]+/(?:page-\\d+/)?index\\.html");
const SITEMAP = /^sitemaps\/[^/]+\/[^/]+\.xml$/;

/**
 * A city (key: its slug, in its state): its clinics' document `/clinics/{state}/{city}.json`, its pages in every
 * language (in pages of `LIST_PAGE_SIZE` clinics) and its sitemap (its pages and its clinics'). `extra`: its number
 * of list pages. Its content key is its entry's and its clinics' keys.
 */
export const cityUnits: StateUnitKind = {
  name: "city",
  code: "y",
  scope: "state",
  owns: (path) => DOCUMENT.test(path) || PAGE.test(path) || SITEMAP.test(path),
  files: ({ key, extra }, state) => [
    apiFile(cityPath(state, key)),
    ...pagedFiles(cityPage(state, key), Number(extra)),
    citySitemap(state, key),
  ],
  *units({ summary, group, fingerprint, clinicKeys }: StateInput): Iterable<Unit> {
    const slug = group.state.state.slug;
    for (const city of group.cities) {
      const members = city.clinics.map((rc) => clinicKeys.get(rc.clinic.id) as string);
      const pages = splitPages(city.clinics);
      yield {
        kind: cityUnits,
        key: city.city.slug,
        content: contentKey(fingerprint, "city", [city.entry, members]),
        extra: String(pages.length),
        async render(ctx, to) {
          if (to.api) {
            const path = cityPath(slug, city.city.slug);
            await to.out.json(apiFile(path), to.check.parse(path, ClinicsByCity, clinicsByCity(ctx, city)));
          }
          const sites = to.sites(ctx);
          for (const site of sites)
            for (const p of cityPagesHtml(site, summary, city))
              await to.out.add(pageFile(site.pagePath(p.path)), p.body);
          if (sites.length === 0) return;
          const base = cityPage(slug, city.city.slug);
          const paths = [
            ...pages.map((_, n) => pagedPath(base, n + 1)),
            ...city.clinics.map((c) => clinicPage(slug, city.city.slug, c.clinic.id)),
          ];
          const urls = LANGS.flatMap((l) => paths.map((p) => ctx.page(`${LANG_PREFIX[l]}${p}`)));
          await to.out.add(citySitemap(slug, city.city.slug), urlset(urls));
        },
      };
    }
  },
};
