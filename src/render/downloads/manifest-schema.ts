import { z } from "zod";
import { Source } from "../../schema/meta.js";

// Deliberately without .meta(): the manifest is not part of the API, so it must not join the OpenAPI components.

export const ManifestColumn = z.strictObject({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  description: z.string(),
});

export const CsvDialect = z.strictObject({
  encoding: z.literal("utf-8"),
  bom: z.literal(false),
  header: z.literal(true),
  delimiter: z.literal(","),
  quote_char: z.literal('"'),
  double_quote: z.literal(true),
  line_terminator: z.literal("\r\n"),
  null_value: z.literal(""),
  list_separator: z.string(),
  hours_format: z.string(),
});

export const ManifestFile = z.strictObject({
  name: z.string(),
  latest_name: z.string(),
  url: z.url(),
  latest_url: z.url(),
  format: z.enum(["csv", "json", "ndjson", "parquet", "geojson"]),
  media_type: z.string(),
  bytes: z.int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  rows: z.int().nonnegative(),
  http_encodings: z.array(z.enum(["br", "gzip"])),
  compression: z.string().nullable(),
  dialect: CsvDialect.optional(),
  columns: z.array(ManifestColumn),
});
export type ManifestFile = z.infer<typeof ManifestFile>;

export const Manifest = z.strictObject({
  name: z.string(),
  description: z.string(),
  data_version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  data_year: z.string().regex(/^\d{4}$/),
  generated_at: z.iso.datetime(),
  synthetic: z.boolean(),
  source: Source,
  license: z.strictObject({ id: z.literal("CC-BY-4.0"), name: z.string(), url: z.url(), file_url: z.url() }),
  attribution: z.string(),
  site_url: z.url(),
  api_url: z.url(),
  rows: z.int().nonnegative(),
  files: z.array(ManifestFile),
  /** One GeoJSON FeatureCollection per US state with clinics (docs/geojson.md). */
  geojson_states: z.array(
    z.strictObject({
      state: z.string(),
      name: z.string(),
      url: z.url(),
      media_type: z.literal("application/geo+json"),
      bytes: z.int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      rows: z.int().nonnegative(),
      http_encodings: z.array(z.enum(["br", "gzip"])),
    }),
  ),
});
export type Manifest = z.infer<typeof Manifest>;
