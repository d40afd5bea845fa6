import type { HsdsDocument } from "./service.js";

/** HSDS's version these documents follow (the `3.0` tag of `openreferral/specification`). */
export const HSDS_VERSION = "3.0";

/** The HSDS 3.0 API definition the static endpoints follow (Open Referral's, CC BY-SA 4.0). */
export const HSDS_OPENAPI =
  "https://raw.githubusercontent.com/openreferral/specification/3.0/schema/openapi.json";

/** Services per `/services` page (the site's and the network documents' order of size). */
export const SERVICES_PAGE_SIZE = 1000;

/** Where each US state's services sit in the `/services` pages: pages never span two states. */
export interface StatePages {
  /** Number of the state's first page (1-based, over the whole list). */
  first: number;
  /** Its number of pages (0 for a state without clinics). */
  count: number;
}

/**
 * The pages of `/services`, numbered over the whole list in state order, each holding the services of one state
 * only (at most `size`): a change in one state changes its own pages, not the others', as long as no state gains
 * or loses a page.
 * @example servicePages([{ slug: "alabama", clinics: 1200 }, { slug: "alaska", clinics: 3 }]) // alabama: 1–2, alaska: 3
 */
export function servicePages(
  states: readonly { slug: string; clinics: number }[],
  size = SERVICES_PAGE_SIZE,
): { byState: Map<string, StatePages>; total: number } {
  const byState = new Map<string, StatePages>();
  let next = 1;
  for (const s of states) {
    const count = Math.ceil(s.clinics / size);
    byState.set(s.slug, { first: next, count });
    next += count;
  }
  return { byState, total: next - 1 };
}

/** One `/services` page: HSDS's `Page` fields and the page's `service_list` items. */
export function servicesPage(o: { number: number; total: number; items: readonly HsdsDocument[] }) {
  return {
    total_pages: o.total,
    page_number: o.number,
    size: o.items.length,
    first_page: o.number === 1,
    last_page: o.number === o.total,
    empty: o.items.length === 0,
    contents: o.items,
  };
}

/**
 * The root document (`/`): HSDS's version and API definition, and what a static host offers instead of queries:
 * the pages' addresses, the NDJSON dumps (one per US state), the networks' organisations, the counts, the licence
 * and whether the data is synthetic.
 */
export function hsdsRoot(o: {
  openapiUrl: string;
  synthetic: boolean;
  description: string;
  services: {
    first_page: string;
    page_template: string;
    item_template: string;
    total_pages: number;
    total_items: number;
  };
  ndjson: readonly { state: string; url: string; count: number }[];
  networks: readonly HsdsDocument[];
  license: { id: string; url: string };
  attribution: string;
  dataVersion: string;
}) {
  return {
    version: HSDS_VERSION,
    openapi_url: o.openapiUrl,
    description: o.description,
    synthetic: o.synthetic,
    data_version: o.dataVersion,
    license: o.license,
    attribution: o.attribution,
    services: o.services,
    ndjson: o.ndjson,
    networks: o.networks,
  };
}
