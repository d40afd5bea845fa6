import { CANONICAL_COLUMNS, type CanonicalColumn, LIST_SEPARATOR } from "../../dataset/canonical-columns.js";
import { WEEKDAYS } from "../../schema/hours.js";

/** A column as the manifest lists it: its name, its type in that file's format, and whether it can be null. */
export interface ColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  description: string;
}

interface TabularSpec {
  /** Type of the CSV text: how to read the cell. */
  csv: "string" | "double" | "integer" | "list" | "hours" | "json";
  /** Parquet logical type, in the notation `string`, `double`, `int32`, `list<string>`, `struct<…>`. */
  parquet: string;
  nullable: boolean;
  description: string;
}

const PERIOD = "struct<open: string, close: string>";
/** Parquet type of `hours`: the API's Hours object as a struct. */
export const HOURS_PARQUET_TYPE = `struct<timezone: string, open_24_hours: boolean, weekly: struct<${WEEKDAYS.map(
  (d) => `${d}: list<${PERIOD}>`,
).join(", ")}>>`;

/** Parquet type of `sources`: a list of the API's ClinicSource objects. */
export const SOURCES_PARQUET_TYPE =
  "list<struct<name: string, id: string, merged_ids: list<string>, date: string, fields: list<string>>>";

const TABULAR: Record<CanonicalColumn, TabularSpec> = {
  id: {
    csv: "string",
    parquet: "string",
    nullable: false,
    description: "Stable identifier of the clinic (as in the API).",
  },
  name: { csv: "string", parquet: "string", nullable: false, description: "Name of the clinic." },
  network: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description:
      "Network or brand, published only with evidence (see network_evidence); null when no network is known.",
  },
  address: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description: "Street address, city, state and ZIP code.",
  },
  neighborhood: { csv: "string", parquet: "string", nullable: true, description: "Neighbourhood." },
  latitude: {
    csv: "double",
    parquet: "double",
    nullable: true,
    description: "Latitude in decimal degrees (WGS 84).",
  },
  longitude: {
    csv: "double",
    parquet: "double",
    nullable: true,
    description: "Longitude in decimal degrees (WGS 84).",
  },
  coordinates: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description: "`latitude,longitude` as the API gives it.",
  },
  phone: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description: "US phone number, (NXX) NXX-XXXX.",
  },
  timezone: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description: "IANA time zone of the opening hours (hours.timezone); null when the hours are unknown.",
  },
  hours: {
    csv: "hours",
    parquet: HOURS_PARQUET_TYPE,
    nullable: true,
    description:
      "Regular weekly opening hours in local time. CSV: `mon 08:00-20:00; tue …; sat unknown; sun closed` (all seven days; `unknown`: the source gives no hours for the day). Parquet: the API's Hours object (a day not known is null).",
  },
  services: {
    csv: "list",
    parquet: "list<string>",
    nullable: false,
    description: `Services offered, sorted. CSV: joined with "${LIST_SEPARATOR}".`,
  },
  insurance: {
    csv: "list",
    parquet: "list<string>",
    nullable: false,
    description: `Insurance plans accepted, sorted. CSV: joined with "${LIST_SEPARATOR}".`,
  },
  rating: { csv: "double", parquet: "double", nullable: true, description: "Average review rating, 0 to 5." },
  reviews_count: {
    csv: "integer",
    parquet: "int32",
    nullable: true,
    description: "Number of reviews behind the rating.",
  },
  website: { csv: "string", parquet: "string", nullable: true, description: "The clinic's own web site." },
  url: {
    csv: "string",
    parquet: "string",
    nullable: false,
    description: "The clinic's page on the directory's site.",
  },
  state: {
    csv: "string",
    parquet: "string",
    nullable: false,
    description: "State slug, as in API paths (`new-york`).",
  },
  state_code: { csv: "string", parquet: "string", nullable: false, description: "USPS state code (`NY`)." },
  state_name: { csv: "string", parquet: "string", nullable: false, description: "State name (`New York`)." },
  city: {
    csv: "string",
    parquet: "string",
    nullable: false,
    description: "City slug, unique within its state.",
  },
  city_name: { csv: "string", parquet: "string", nullable: false, description: "City name as published." },
  coordinates_source: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description:
      "Where the coordinates come from: `source`, or `zip_centroid` (approximate: the centre of the ZIP code area).",
  },
  street: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description: "Street line of the address (with suite).",
  },
  zip: { csv: "string", parquet: "string", nullable: true, description: "5-digit ZIP code." },
  record_date: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description:
      "The record's own date (YYYY-MM-DD), the newest of its sources': for the NPI registry, the day the provider last edited its entry (not a confirmation that the clinic exists); for HIFLD, the day the record was last checked.",
  },
  source_ids: {
    csv: "list",
    parquet: "list<string>",
    nullable: false,
    description: `Stable identifiers of the clinic in its sources (\`hifld:10001234\`), sorted. CSV: joined with "${LIST_SEPARATOR}".`,
  },
  network_evidence: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description:
      "Why the clinic belongs to its network, `kind: detail`: `source_column` (the source names it), `brand` (a places data set or locator gives the clinic's brand, with its Wikidata item), `registry_organisation` (the NPI registry lists it under one parent organisation or legal name with other places of its state), `dictionary` (a known brand within its footprint and years) or `name_pattern` (a shared BRAND - LOCATION name in one region, where the network has other evidence in the state).",
  },
  npi: {
    csv: "string",
    parquet: "string",
    nullable: true,
    description:
      "National Provider Identifier (CMS NPPES, 10 digits) to join on; the lowest when the clinic has several (the others are in source_ids as `npi:…`).",
  },
  sources: {
    csv: "json",
    parquet: SOURCES_PARQUET_TYPE,
    nullable: false,
    description:
      "The clinic's sources, each `{name, id, merged_ids, date, fields}`: the source as credited, its record id (and those of its records merged into it), the record's own date and the fields it gave. CSV: the list as JSON text.",
  },
  kind: {
    csv: "string",
    parquet: "string",
    nullable: false,
    description:
      "What kind of place it is: `walk_in_urgent_care`, or — only when the build's operator kept more kinds — `occupational_medicine`, `emergency_room`, `telehealth`, `mobile`, `administrative`, `hospital`, `physician_group`.",
  },
  evidence_level: {
    csv: "string",
    parquet: "string",
    nullable: false,
    description:
      "How we know the place: `confirmed` (two independent sources, or the chain's own locator), `listed` (one source), `doubtful` (something says it may be another kind of place).",
  },
  evidence: {
    csv: "json",
    parquet: "string",
    nullable: false,
    description:
      "The evidence, as the clinic document's `evidence`: `{kind, level, reason, against, sources}`, each source with what it says (a registry's taxonomies and their slots, a places data set's category and confidence, the record's date). CSV and Parquet: JSON text.",
  },
};

/** Columns of the CSV file, in header order (the canonical layout). */
export function csvColumns(): ColumnInfo[] {
  return CANONICAL_COLUMNS.map((name) => ({
    name,
    type: TABULAR[name].csv,
    nullable: TABULAR[name].nullable,
    description: TABULAR[name].description,
  }));
}

/** Columns of the Parquet file: the canonical layout with real types. */
export function parquetColumns(): ColumnInfo[] {
  return CANONICAL_COLUMNS.map((name) => ({
    name,
    type: TABULAR[name].parquet,
    nullable: TABULAR[name].nullable,
    description: TABULAR[name].description,
  }));
}

/** Keys of each JSON / NDJSON object: the API's Clinic fields, then where the clinic sits. */
export const DOCUMENT_COLUMNS: readonly ColumnInfo[] = [
  { name: "id", type: "string", nullable: false, description: TABULAR.id.description },
  { name: "name", type: "string", nullable: false, description: TABULAR.name.description },
  { name: "network", type: "string", nullable: true, description: TABULAR.network.description },
  { name: "address", type: "string", nullable: true, description: TABULAR.address.description },
  { name: "neighborhood", type: "string", nullable: true, description: TABULAR.neighborhood.description },
  { name: "coordinates", type: "string", nullable: true, description: TABULAR.coordinates.description },
  { name: "phone", type: "string", nullable: true, description: TABULAR.phone.description },
  {
    name: "hours",
    type: "object (Hours)",
    nullable: true,
    description: "Opening hours: the API's Hours object.",
  },
  { name: "services", type: "array<string>", nullable: false, description: "Services offered, sorted." },
  {
    name: "insurance",
    type: "array<string>",
    nullable: false,
    description: "Insurance plans accepted, sorted.",
  },
  { name: "rating", type: "number", nullable: true, description: TABULAR.rating.description },
  { name: "reviews_count", type: "integer", nullable: true, description: TABULAR.reviews_count.description },
  { name: "website", type: "string", nullable: true, description: TABULAR.website.description },
  { name: "url", type: "string", nullable: false, description: TABULAR.url.description },
  {
    name: "coordinates_source",
    type: "string",
    nullable: true,
    description: "Where the coordinates come from: `source`, or `zip_centroid` (approximate).",
  },
  { name: "npi", type: "string", nullable: true, description: TABULAR.npi.description },
  { name: "kind", type: "string", nullable: false, description: TABULAR.kind.description },
  {
    name: "evidence_level",
    type: "string",
    nullable: false,
    description: TABULAR.evidence_level.description,
  },
  { name: "state", type: "string", nullable: false, description: TABULAR.state.description },
  { name: "state_code", type: "string", nullable: false, description: TABULAR.state_code.description },
  { name: "state_name", type: "string", nullable: false, description: TABULAR.state_name.description },
  { name: "city", type: "string", nullable: false, description: TABULAR.city.description },
  { name: "city_name", type: "string", nullable: false, description: TABULAR.city_name.description },
  { name: "street", type: "string", nullable: true, description: TABULAR.street.description },
  { name: "zip", type: "string", nullable: true, description: TABULAR.zip.description },
  { name: "record_date", type: "string", nullable: true, description: TABULAR.record_date.description },
  {
    name: "source_ids",
    type: "array<string>",
    nullable: false,
    description: "Stable identifiers of the clinic in its sources, sorted.",
  },
  {
    name: "network_evidence",
    type: "string",
    nullable: true,
    description: TABULAR.network_evidence.description,
  },
  { name: "sources", type: "array<object>", nullable: false, description: TABULAR.sources.description },
  { name: "evidence", type: "object (Evidence)", nullable: false, description: TABULAR.evidence.description },
];
