/**
 * Overture Maps places files as the reader sees them: the fields it reads (named without list wrappers, see
 * `schemaLeaves`), the columns of the rows it yields for the `overture` profile, and the defaults of its filter.
 * The layout is the places theme's (schema v1.x, releases of 2025–2026): `categories` (`primary`, `alternate[]`),
 * or from the releases that dropped it, `taxonomy` (`primary`, `alternates[]`); `addresses[]` (`freeform`,
 * `locality`, `postcode`, `region` — `US-TX`, or `TX` in older releases — and `country`); `phones[]` in E.164;
 * `websites[]`; `brand` (`wikidata`, `names.primary`); `geometry` as WKB; GERS `id`; `confidence`; `sources[]`
 * (`dataset`, `record_id`, `update_time`, `license`); `operating_status` where the release has it.
 */

/** The fields the reader takes from a place, by their names without list wrappers. */
export const PLACE_FIELDS = {
  id: "id",
  geometry: "geometry",
  name: "names.primary",
  category: "categories.primary",
  alternates: "categories.alternate",
  taxonomy: "taxonomy.primary",
  taxonomyAlternates: "taxonomy.alternates",
  confidence: "confidence",
  status: "operating_status",
  street: "addresses.freeform",
  locality: "addresses.locality",
  postcode: "addresses.postcode",
  region: "addresses.region",
  country: "addresses.country",
  phones: "phones",
  websites: "websites",
  brandWikidata: "brand.wikidata",
  brandName: "brand.names.primary",
  sourceLicense: "sources.license",
  sourceDataset: "sources.dataset",
  sourceUpdated: "sources.update_time",
} as const;
export type PlaceField = keyof typeof PLACE_FIELDS;

/** Fields without which a file is not a places file this reader can use (besides a category field). */
export const REQUIRED_FIELDS: readonly PlaceField[] = [
  "id",
  "geometry",
  "name",
  "locality",
  "region",
  "country",
];

/** Top-level columns whose presence marks an Overture places file (with `categories` or `taxonomy`). */
export const PLACES_MARKERS = ["id", "geometry", "names", "addresses", "sources"] as const;

/** The columns of the rows the reader yields, mapped to canonical fields by the `overture` profile. */
export const OVERTURE_ROW = {
  sourceId: "GERS Id",
  name: "Name",
  street: "Street",
  city: "City",
  state: "State",
  zip: "ZIP",
  phone: "Phone",
  website: "Website",
  latitude: "Latitude",
  longitude: "Longitude",
  brand: "Brand",
  brandWikidata: "Brand Wikidata",
  updated: "Update Time",
  category: "Category",
  alternates: "Alternate Categories",
  confidence: "Confidence",
  basedOn: "Based On",
} as const;

/** Overture's category of urgent-care centres. */
export const URGENT_CARE_CATEGORY = "urgent_care_clinic";

/**
 * The default `--min-confidence`: Overture's confidence is its estimate that the place exists; below one half the
 * place is more likely gone than there, and a directory must not send a patient to it.
 */
export const DEFAULT_MIN_CONFIDENCE = 0.5;

/** Countries that are US territories in Overture's addresses (ISO 3166-1 codes of their own). */
export const TERRITORIES = new Set(["PR", "GU", "VI", "AS", "MP", "UM"]);
