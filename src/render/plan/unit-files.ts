import { LANG_PREFIX, LANGS } from "../../i18n/lang.js";
import { NETWORK_PAGE_SIZE, networkPages } from "../documents/network-document.js";
import {
  apiFile,
  cityPage,
  cityPath,
  citySitemap,
  clinicPage,
  clinicPath,
  networkPage,
  networkPagePath,
  pageFile,
  statePage,
  statePath,
} from "../paths.js";
import { LIST_PAGE_SIZE, pagedPath } from "../site/paged.js";
import { clinicStandardsFiles } from "../standards/clinic-files.js";
import type { SearchTuple } from "./state-units.js";
import type { UnitKind } from "./units.js";

/** The file of a page in every language. */
const pages = (path: string) => LANGS.map((l) => pageFile(`${LANG_PREFIX[l]}${path}`));

/** The files of a list cut into `n` pages (`paged.ts`), in every language. */
const pagedFiles = (base: string, n: number) =>
  Array.from({ length: Math.max(1, n) }, (_, i) => pages(pagedPath(base, i + 1))).flat();

/** Pages of a site list of `clinics` clinics (`splitPages`). */
export const listPages = (clinics: number) => Math.max(1, Math.ceil(clinics / LIST_PAGE_SIZE));

/**
 * Every file one unit writes (without `.br`/`.gz` siblings), from what its bookkeeping records (`UnitRecord`):
 * what the next release removes when the unit is gone, or has fewer pages. The emitters write these paths and no
 * others for a unit (test/incremental.test.ts checks a release against one that renders everything again).
 * - clinic (`extra`: its search tuple, which names its state and city) and tombstone (`extra`: its city's slug):
 *   its document and its page in every language;
 * - city (`extra`: its number of list pages): its clinics' document, its pages and its sitemap;
 * - state: its cities' document and its page;
 * - network (`extra`: its number of clinics): its document's pages and its site pages;
 * - shard (`key`: its API path): its document.
 * @example unitFiles("city", "austin", "1", "texas") // ["api/v1/clinics/texas/austin.json", "clinics/texas/austin/index.html", "es/clinics/texas/austin/index.html", "sitemaps/texas/austin.xml"]
 */
export function unitFiles(kind: UnitKind, key: string, extra: string, stateSlug: string): string[] {
  switch (kind) {
    case "clinic": {
      const tuple = JSON.parse(extra) as SearchTuple;
      return [
        apiFile(clinicPath(key)),
        ...pages(clinicPage(stateSlug, tuple[4], key)),
        ...clinicStandardsFiles(key),
      ];
    }
    case "tombstone":
      return [apiFile(clinicPath(key)), ...pages(clinicPage(stateSlug, extra, key))];
    case "city":
      return [
        apiFile(cityPath(stateSlug, key)),
        ...pagedFiles(cityPage(stateSlug, key), Number(extra)),
        citySitemap(stateSlug, key),
      ];
    case "state":
      return [apiFile(statePath(key)), ...pages(statePage(key))];
    case "network": {
      const clinics = Number(extra);
      const docs = Array.from({ length: networkPages(clinics, NETWORK_PAGE_SIZE) }, (_, i) =>
        apiFile(networkPagePath(key, i + 1)),
      );
      return [...docs, ...pagedFiles(networkPage(key), listPages(clinics))];
    }
    case "shard":
      return [apiFile(key)];
  }
}
