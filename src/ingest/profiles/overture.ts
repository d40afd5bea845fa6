import { OVERTURE_ROW } from "../overture/columns.js";
import { defineMapping } from "./mapping.js";

/**
 * Overture Maps Foundation's places (GeoParquet, a release or an extract of it), read by the Overture reader
 * (`src/ingest/overture/`), which keeps the places of the wanted categories and yields them as rows of this
 * profile. The GERS id is the source id (`overture:<id>`), stable across Overture's monthly releases, so it makes
 * the clinic id of a place no other source lists. Overture is the authority for positions and web sites: merged
 * with an NPI registry clinic (placed at its ZIP code's centre) or a 2009 HIFLD record, its point and web site win.
 * Its brand (with its Wikidata id) is evidence for a network. Records are dated by their sources' newest update.
 */
export const OVERTURE_PROFILE = defineMapping({
  name: "overture",
  source: "Overture Maps places",
  source_type: "places",
  id_namespace: "overture",
  stable_source_ids: true,
  upstream: [
    {
      name: "Overture Maps Foundation places",
      publisher: "Overture Maps Foundation",
      url: "https://docs.overturemaps.org/guides/places/",
      license:
        "CDLA-Permissive-2.0 (https://cdla.dev/permissive-2-0/); some records' sources under CC0-1.0 or Apache-2.0 (https://www.apache.org/licenses/LICENSE-2.0)",
    },
  ],
  columns: {
    source_id: OVERTURE_ROW.sourceId,
    name: OVERTURE_ROW.name,
    street: OVERTURE_ROW.street,
    city: OVERTURE_ROW.city,
    state: OVERTURE_ROW.state,
    zip: OVERTURE_ROW.zip,
    phone: OVERTURE_ROW.phone,
    website: OVERTURE_ROW.website,
    latitude: OVERTURE_ROW.latitude,
    longitude: OVERTURE_ROW.longitude,
    brand: OVERTURE_ROW.brand,
    brand_wikidata: OVERTURE_ROW.brandWikidata,
    date: OVERTURE_ROW.updated,
    category: OVERTURE_ROW.category,
    alternate_categories: OVERTURE_ROW.alternates,
    confidence: OVERTURE_ROW.confidence,
    based_on: OVERTURE_ROW.basedOn,
  },
  required: ["source_id", "name", "state", "city"],
  authority: ["coordinates", "website"],
});

/** The columns of the Overture reader's rows: they mark an Overture input when no profile is given. */
export const OVERTURE_MARKERS = [OVERTURE_ROW.sourceId, OVERTURE_ROW.brandWikidata, OVERTURE_ROW.updated];
