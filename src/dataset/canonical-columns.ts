/**
 * Column layout of the canonical bulk export (CSV) — also the `canonical` import profile, so that an export
 * re-imports losslessly. Order is the order of the CSV header.
 */
export const CANONICAL_COLUMNS = [
  "id",
  "name",
  "network",
  "address",
  "neighborhood",
  "latitude",
  "longitude",
  "coordinates",
  "phone",
  "timezone",
  "hours",
  "services",
  "insurance",
  "rating",
  "reviews_count",
  "website",
  "url",
  "state",
  "state_code",
  "state_name",
  "city",
  "city_name",
  "coordinates_source",
  "street",
  "zip",
  "record_date",
  "source_ids",
  "network_evidence",
  "npi",
  "sources",
  "kind",
  "evidence_level",
  "evidence",
] as const;
export type CanonicalColumn = (typeof CANONICAL_COLUMNS)[number];

/** Separator of list fields (services, insurance) in text exports. */
export const LIST_SEPARATOR = "|";
