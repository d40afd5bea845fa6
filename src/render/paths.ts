/**
 * Where every document and page lives: the one place that decides paths. API paths are relative to the API
 * base (`/api/v1`); page paths are relative to the site and end in `/` (the file is `index.html` inside), except
 * a clinic's page, which is a file of its city's folder (`…/austin/k3v9q2m7x1ab.html`): one file per clinic and no
 * folder of its own (a million clinics would otherwise make two million folders, each a disk block and the
 * costliest file-system call of a build: docs/benchmarks.md).
 */

/** `/cities/new-york.json` */
export const statePath = (state: string) => `/cities/${state}.json`;
/** `/clinics/texas/austin.json` */
export const cityPath = (state: string, city: string) => `/clinics/${state}/${city}.json`;
/** `/clinic/k3v9q2m7x1ab.json` */
export const clinicPath = (id: string) => `/clinic/${id}.json`;
/** `/networks/carenow.json` */
export const networkPath = (network: string) => `/networks/${network}.json`;
/**
 * Page `n` of a network's document: the first page is the network's document itself.
 * @example networkPagePath("carenow", 1) // "/networks/carenow.json"; networkPagePath("carenow", 2) // "/networks/carenow/2.json"
 */
export const networkPagePath = (network: string, n: number) =>
  n === 1 ? networkPath(network) : `/networks/${network}/${n}.json`;
/** `/search/index.json`: the root of the search index. */
export const searchRootPath = "/search/index.json";
/** `/search/t/bl.json`: a leaf shard of the search index. */
export const searchLeafPath = (prefix: string) => `/search/t/${prefix}.json`;
/** `/search/p/b.json`: the head shard of an internal node of the search index. */
export const searchHeadPath = (prefix: string) => `/search/p/${prefix}.json`;

/** `/clinics/texas/` */
export const statePage = (state: string) => `/clinics/${state}/`;
/** `/clinics/texas/austin/` */
export const cityPage = (state: string, city: string) => `/clinics/${state}/${city}/`;
/** `/clinics/texas/austin/k3v9q2m7x1ab.html` */
export const clinicPage = (state: string, city: string, id: string) => `/clinics/${state}/${city}/${id}.html`;

/**
 * Where clinic pages lived before they were files of their city's folder (`/clinics/texas/austin/k3v9q2m7x1ab/`):
 * every server and deploy config redirects such an address to `clinicPage` (links never die). Captures the path
 * without its trailing slash; an id is 12 characters of `[0-9a-z]`, so no city page (`page-2/`) matches.
 */
export const OLD_CLINIC_PAGE = /^\/((?:es\/)?clinics\/[^/]+\/[^/]+\/[0-9a-z]{12})\/$/;
/** `/networks/carenow/` */
export const networkPage = (network: string) => `/networks/${network}/`;

/** `sitemaps/texas/austin.xml`: the sitemap of a city's pages and its clinics' pages (a file of the city's unit). */
export const citySitemap = (state: string, city: string) => `sitemaps/${state}/${city}.xml`;

/** The folder of the API documents inside the output folder. */
export const API_DIR = "api/v1";

/**
 * File of an API document inside the output folder.
 * @example apiFile("/states.json") // "api/v1/states.json"
 */
export const apiFile = (path: string) => `${API_DIR}${path}`;

/**
 * File of a page inside the output folder.
 * @example pageFile("/clinics/texas/") // "clinics/texas/index.html"; pageFile("/clinics/texas/austin/k3v9q2m7x1ab.html") // "clinics/texas/austin/k3v9q2m7x1ab.html"
 */
export const pageFile = (page: string) =>
  page.endsWith(".html") ? page.slice(1) : `${page.slice(1)}index.html`;
