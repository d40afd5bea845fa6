import { z } from "zod";
import { SourceType } from "../../schema/evidence.js";
import { SourceField } from "../../schema/sources.js";

/** The canonical fields an input column can be mapped to. */
export const MAPPABLE_FIELDS = [
  "id",
  "source_id",
  "npi",
  "name",
  "network",
  "brand",
  "brand_wikidata",
  "address",
  "street",
  "street2",
  "city",
  "city_slug",
  "state",
  "zip",
  "neighborhood",
  "latitude",
  "longitude",
  "coordinates",
  "phone",
  "website",
  "hours",
  "timezone",
  "services",
  "insurance",
  "rating",
  "reviews_count",
  "date",
  "source_ids",
  "network_evidence",
  "coordinates_source",
  "sources",
  "legal_name",
  "other_names",
  "parent_organisation",
  "taxonomies",
  "category",
  "alternate_categories",
  "confidence",
  "based_on",
  "kind",
  "evidence",
] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];

const columnRef = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** An original source to credit with the data (see `Source.upstream`). */
export const Upstream = z.strictObject({
  name: z.string().min(1),
  publisher: z.string().nullable().default(null),
  url: z.url().nullable().default(null),
  license: z.string().nullable().default(null),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null)
    .meta({ description: "The edition of the source read (YYYY-MM-DD), when the source dates its files." }),
});

/**
 * A declarative mapping from the columns of a source to canonical fields: what a profile is, and what a user
 * mapping file (`--profile FILE.json`) holds. A field mapped to several columns takes the first non-blank one
 * (`date`: the newest). Column names match case-insensitively.
 */
export const Mapping = z.strictObject({
  name: z.string().min(1).meta({ description: "Short name of the profile, e.g. `hifld`." }),
  source: z.string().min(1).meta({ description: "Human name of the source, shown in stats.json." }),
  id_namespace: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .nullable()
    .default(null)
    .meta({
      description: "Prefix of the source ids recorded in `source_ids` (`hifld:10001234`); null: none.",
    }),
  stable_source_ids: z.boolean().default(false).meta({
    description:
      "The source's ids are proven stable across its exports: clinic ids are derived from them (else from name, street and state).",
  }),
  source_type: SourceType.default("mapping").meta({
    description:
      "What kind of source the file is, for the evidence of its places: `registry`, `facility_list`, `places`, `store_locator` (a chain's own list of its locations: it confirms a place alone), `mapping` (the default: an operator's file), `export`.",
  }),
  upstream: z.array(Upstream).default([]).meta({
    description: "The original sources of this file, credited with the data (name, publisher, url, license).",
  }),
  keep_ids: z
    .boolean()
    .default(false)
    .meta({ description: "Publish the `id` column as the clinic id (our own exports)." }),
  columns: z.partialRecord(z.enum(MAPPABLE_FIELDS), columnRef),
  required: z.array(z.enum(MAPPABLE_FIELDS)).default(["name", "state", "city"]),
  blanks: z
    .array(z.string())
    .default([])
    .meta({ description: "Values meaning `no value`, besides empty and whitespace." }),
  list_separator: z.string().min(1).default("|"),
  proper_case: z
    .boolean()
    .default(true)
    .meta({ description: "Turn UPPER-CASE names, streets and cities into proper case." }),
  authority: z.array(SourceField).default([]).meta({
    description:
      "Fields this source is the best authority for: when its record and another source's describe one clinic, its value wins these fields whatever the records' dates (a places data set's positions, say).",
  }),
  strip_company_forms: z.boolean().default(false).meta({
    description:
      "Remove a company form at the end of names (`, INC.`, `LLC`, `PLLC`, `PC`, `PA`, `CORP`, `LTD`): legal names of a registry, not the names patients see.",
  }),
  place_by_zip: z.boolean().default(true).meta({
    description:
      "Place a record without usable coordinates at its ZIP code's centroid (approximate, `coordinates_source: zip_centroid`).",
  }),
  csv_formula_escape: z.boolean().default(false).meta({
    description:
      "The CSV was written with text cells that start like a formula prefixed by `'` (our downloads): the `'` is removed.",
  }),
  hours_syntax: z.enum(["text", "osm"]).default("text").meta({
    description:
      "How the hours column is written: `text`, our exports' form (`mon 08:00-20:00; …; sun closed`); `osm`, OpenStreetMap's `opening_hours` syntax (`Mo-Fr 08:00-20:00; Sa 09:00-13:00`), a day it leaves out read as not known.",
  }),
  networks_from_names: z
    .boolean()
    .default(true)
    .meta({ description: "Recognise networks from names when the network column is absent or blank." }),
});
export type Mapping = z.output<typeof Mapping>;
export type MappingInput = z.input<typeof Mapping>;

/**
 * Validates a mapping (built-in or from a file) and fills the defaults.
 * @example defineMapping({ name: "acme", source: "ACME list", columns: { name: "Clinic", state: "ST", city: "Town" } })
 */
export function defineMapping(input: MappingInput): Mapping {
  return Mapping.parse(input);
}

/** Column names of a mapped field, in order of preference. */
export function columnsOf(mapping: Mapping, field: MappableField): readonly string[] {
  const ref = mapping.columns[field];
  return ref === undefined ? [] : typeof ref === "string" ? [ref] : ref;
}
