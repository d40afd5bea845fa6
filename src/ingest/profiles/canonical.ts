import type { CanonicalColumn } from "../../dataset/canonical-columns.js";
import { defineMapping } from "./mapping.js";

/**
 * Our own bulk-export layout (CANONICAL_COLUMNS), in CSV, JSON, NDJSON or Parquet: ids are kept, values are
 * taken as written (no re-casing, no network guessing), so that an export re-imports losslessly. Formats, ranges
 * and the point-in-state check still apply: a file in this layout may come from anywhere.
 */
export const CANONICAL_PROFILE = defineMapping({
  name: "canonical",
  source: "Urgent Care Directory export",
  source_type: "export",
  keep_ids: true,
  csv_formula_escape: true,
  // What our export published without coordinates stays so; its approximate points carry `coordinates_source`.
  place_by_zip: false,
  columns: {
    id: "id",
    name: "name",
    network: "network",
    address: "address",
    neighborhood: "neighborhood",
    latitude: "latitude",
    longitude: "longitude",
    coordinates: "coordinates",
    phone: "phone",
    timezone: "timezone",
    hours: "hours",
    services: "services",
    insurance: "insurance",
    rating: "rating",
    reviews_count: "reviews_count",
    website: "website",
    state: ["state_code", "state", "state_name"],
    city_slug: "city",
    city: "city_name",
    street: "street",
    zip: "zip",
    date: ["record_date", "date"],
    source_ids: "source_ids",
    network_evidence: "network_evidence",
    coordinates_source: "coordinates_source",
    npi: "npi",
    sources: "sources",
    kind: "kind",
    evidence: "evidence",
  },
  required: ["id", "name", "state", "city"],
  proper_case: false,
  networks_from_names: false,
});

/** Columns whose presence marks a canonical export when no profile is given. */
export const CANONICAL_MARKERS = [
  "id",
  "name",
  "state_code",
  "city",
  "city_name",
] as const satisfies readonly CanonicalColumn[];
