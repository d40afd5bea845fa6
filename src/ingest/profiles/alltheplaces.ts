import { ATP_ROW, ATP_SOURCE } from "../alltheplaces/columns.js";
import { defineMapping } from "./mapping.js";

/**
 * All The Places (alltheplaces.xyz): weekly runs of scrapers ("spiders") of brands' own store locators, CC0, read
 * by the All The Places reader (`src/ingest/alltheplaces/`), which keeps a run's urgent-care features in the US and
 * yields them as rows of this profile. The feature's `id` (a hash of its spider and the locator's `ref`) is the
 * source id, meant to stay the same from run to run; its point is the clinic's own (the chain's locator puts it at
 * the door), and it is the authority for positions, web sites (the location's own page) and hours (its
 * `opening_hours`, OpenStreetMap syntax, a day left out not known). Its brand's Wikidata id is evidence for a
 * network. A record is dated by the day its spider ran: the day its hours were seen.
 */
export const ATP_PROFILE = defineMapping({
  name: "alltheplaces",
  source: ATP_SOURCE,
  id_namespace: "atp",
  source_type: "store_locator",
  stable_source_ids: true,
  upstream: [
    {
      name: "All The Places",
      publisher: "All The Places contributors (store locators of the brands themselves)",
      url: "https://www.alltheplaces.xyz/",
      license: "CC0-1.0 (https://creativecommons.org/publicdomain/zero/1.0/)",
    },
  ],
  columns: {
    source_id: ATP_ROW.sourceId,
    name: ATP_ROW.name,
    street: ATP_ROW.street,
    street2: ATP_ROW.unit,
    city: ATP_ROW.city,
    state: ATP_ROW.state,
    zip: ATP_ROW.zip,
    phone: ATP_ROW.phone,
    website: ATP_ROW.website,
    latitude: ATP_ROW.latitude,
    longitude: ATP_ROW.longitude,
    brand: ATP_ROW.brand,
    brand_wikidata: ATP_ROW.brandWikidata,
    hours: ATP_ROW.hours,
    date: ATP_ROW.observed,
  },
  required: ["source_id", "name", "state", "city"],
  authority: ["coordinates", "website", "hours"],
  hours_syntax: "osm",
});

/** The columns of the reader's rows: they mark an All The Places input when no profile is given. */
export const ATP_MARKERS = [ATP_ROW.sourceId, ATP_ROW.spider, ATP_ROW.hours, ATP_ROW.observed];
