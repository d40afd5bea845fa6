import { ERROR_CODES, ERROR_STATUSES } from "@urgent-care-directory/server/errors";
import { z } from "zod";
import { Meta } from "./meta.js";

export const Endpoint = z
  .strictObject({
    method: z.literal("GET"),
    path: z.string().meta({
      description: "Path template relative to base_url (or to site_url for the OpenAPI document).",
      example: "/cities/{state}.json",
    }),
    url: z.string().meta({ description: "Absolute URL template." }),
    summary: z.string(),
    response: z.string().meta({ description: "Name of the response schema in the OpenAPI document." }),
    parameters: z.array(z.strictObject({ name: z.string(), in: z.literal("path"), description: z.string() })),
    errors: z.array(z.int()).meta({ description: "Error statuses the endpoint can answer with." }),
  })
  .meta({ id: "Endpoint" });

export const Download = z
  .strictObject({
    name: z.string().meta({
      description: "File name; carries the data version.",
      example: "urgent-care-clinics-2026-05-01.csv",
    }),
    format: z.enum(["csv", "json", "ndjson", "parquet", "geojson"]),
    media_type: z.string().meta({ example: "text/csv" }),
    url: z.url().meta({ description: "Permanent address of this release of the file." }),
    latest_url: z
      .url()
      .meta({ description: "Stable address that always serves the newest release (a byte-identical copy)." }),
    bytes: z.int().nonnegative().meta({ description: "Size of the file (uncompressed)." }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: "SHA-256 of the file, lowercase hex." }),
    rows: z.int().nonnegative().meta({ description: "Clinics in the file (one row, object or line each)." }),
  })
  .meta({ id: "Download", description: "A bulk download of the whole data set." });

export const IndexDocument = z
  .strictObject({
    name: z.string(),
    description: z.string(),
    version: z.literal("v1"),
    status: z.literal("stable"),
    release_date: z.literal("2026-05-01"),
    base_url: z.url(),
    site_url: z.url(),
    documentation_url: z.url(),
    openapi_url: z.url(),
    releases_url: z
      .url()
      .meta({ description: "releases.json: every kept release with its changes and downloads." }),
    feed_url: z.url().meta({ description: "Atom feed of the releases, for subscribers." }),
    license: z.strictObject({
      id: z.literal("CC-BY-4.0"),
      url: z.url(),
      attribution: z.string().meta({ description: "Ready-to-paste credit line." }),
      requirements: z.array(z.string()),
      permitted_uses: z.array(z.string()),
      sdk_license: z.literal("MIT"),
    }),
    authentication: z.strictObject({ required: z.literal(false), description: z.string() }),
    rate_limit: z.strictObject({ policy: z.string(), description: z.string() }),
    cors: z.strictObject({ allow_origin: z.literal("*"), description: z.string() }),
    endpoints: z.array(Endpoint),
    sdks: z.array(
      z.strictObject({ language: z.string(), package: z.string(), license: z.string(), install: z.string() }),
    ),
    freshness: z
      .strictObject({
        data_version: z.string().meta({ description: "The release's date (YYYY-MM-DD)." }),
        oldest_record: z.string().nullable().meta({ description: "Oldest date a record carries." }),
        newest_record: z.string().nullable().meta({ description: "Newest date a record carries." }),
        age_days: z.int().nonnegative().nullable().meta({
          description:
            "Days from the newest record's date to the build; null when the records are not dated.",
        }),
        stale: z.boolean().meta({ description: "True when the newest record is more than a year old." }),
        notice: z.string().meta({ description: "How fresh the data is, in plain words." }),
      })
      .meta({ description: "How fresh the data is: the records' own dates, not the build's." }),
    datasets: z.strictObject({
      description: z.string(),
      data_version: z.string().meta({ description: "Data version (YYYY-MM-DD) of the listed downloads." }),
      manifest_url: z.url().meta({
        description: "manifest.json: every file with its columns and types, sizes, SHA-256, licence.",
      }),
      license_url: z
        .url()
        .meta({ description: "LICENSE.txt: the CC-BY-4.0 notice and ready-to-paste credit lines." }),
      downloads: z.array(Download),
    }),
    standards: z
      .strictObject({
        description: z.string(),
        fhir: z
          .strictObject({
            version: z.literal("4.0.1"),
            base_url: z.url(),
            bulk_publish_url: z.url().meta({
              description: "The Bulk Publish manifest (HL7 Bulk Data Access IG): every NDJSON file.",
            }),
            profiles: z
              .array(z.url())
              .meta({ description: "The profiles the resources claim (Plan-Net 1.2.0)." }),
          })
          .meta({
            description: "FHIR R4 Bulk Publish: Organization, Location and HealthcareService as NDJSON.",
          }),
        hsds: z
          .strictObject({
            version: z.string(),
            base_url: z.url(),
            root_url: z.url(),
            services_url: z.url().meta({ description: "The first page of /services." }),
            service_url_template: z
              .string()
              .meta({ description: "One fully nested service, by its HSDS id (a UUID)." }),
            openapi_url: z
              .url()
              .meta({ description: "The HSDS API definition the static endpoints follow." }),
          })
          .meta({ description: "Open Referral HSDS 3.0 as static files (no query parameters)." }),
        geojson: z
          .strictObject({
            media_type: z.literal("application/geo+json"),
            url: z.url().meta({ description: "The nation's FeatureCollection of this release." }),
            latest_url: z.url(),
            state_url_template: z
              .string()
              .meta({ description: "One US state's FeatureCollection, by its slug." }),
          })
          .meta({ description: "GeoJSON (RFC 7946) FeatureCollections, among the bulk downloads." }),
      })
      .meta({
        description:
          "The same data in the standards health directories exchange (docs/fhir.md, docs/hsds.md, docs/geojson.md).",
      }),
    meta: Meta,
  })
  .meta({ id: "IndexDocument", description: "API metadata and the endpoint catalogue." });
export type IndexDocument = z.infer<typeof IndexDocument>;

export const ErrorBody = z
  .strictObject({
    status: z.int().meta({ example: 404 }),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    suggestion: z
      .string()
      .optional()
      .meta({
        description:
          "On a 404 from `ucd serve`: the path (from the site's root) of the nearest listed document, when one is " +
          "near — another spelling of a slug (a USPS code, a close match), the `/api/v1` prefix the path lacks, or " +
          "the list to pick from (a state's cities document, the states list). Static hosts send the body without it.",
        example: "/api/v1/cities/texas.json",
      }),
  })
  .meta({
    id: "Error",
    description: `Body of every error response (${ERROR_STATUSES.join(", ")}); the codes are the server's error table.`,
  });
export type ErrorBody = z.infer<typeof ErrorBody>;
