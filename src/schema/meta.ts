import { z } from "zod";

export const License = z
  .strictObject({
    id: z.literal("CC-BY-4.0"),
    name: z.string(),
    url: z.url(),
  })
  .meta({ id: "License", description: "Licence of the data." });

export const Source = z
  .strictObject({
    name: z.string().meta({ description: "Name of the data source." }),
    synthetic: z
      .boolean()
      .meta({ description: "True when the records are generated sample data, not real clinics." }),
    description: z.string(),
    files: z
      .array(
        z.strictObject({
          name: z.string(),
          format: z.string(),
          records: z.int().nonnegative(),
          date: z.string().nullable().meta({ description: "Date of the file (YYYY-MM-DD) when known." }),
        }),
      )
      .meta({ description: "Input files of the build; empty for the built-in sample." }),
    upstream: z
      .array(
        z.strictObject({
          name: z.string().meta({ description: "Name of the original data set." }),
          publisher: z.string().nullable(),
          url: z.url().nullable().meta({ description: "Where the original data set is published." }),
          license: z
            .string()
            .nullable()
            .meta({ description: "Its licence or status, e.g. `Public domain` or `CC-BY-4.0`." }),
          date: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .nullable()
            .meta({
              description:
                "The edition of the original data set this release was built from (NPPES: the last day its monthly or weekly file covers); null when the source does not date its editions.",
            }),
        }),
      )
      .meta({
        description:
          "The original sources this data set is built from, to be credited with it; a re-import of our own export keeps the chain. Empty for the built-in sample.",
      }),
  })
  .meta({ id: "Source", description: "Where the data set comes from." });
export type Source = z.infer<typeof Source>;

export const Meta = z
  .strictObject({
    synthetic: z.boolean().meta({
      description:
        "True when the data set is the built-in synthetic sample: names, phones and web sites are fictional.",
    }),
    api_version: z.literal("v1"),
    data_version: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .meta({
        description:
          "Release of the data set that wrote this document: the date (YYYY-MM-DD) of the data it was built from. A document whose content a later release did not change is carried over byte for byte and keeps the data version, generated_at and source of the release that last changed it; the current release is the API index's (docs/releases.md).",
      }),
    generated_at: z.iso.datetime().meta({
      description: "When this document was generated (UTC): by the release that last changed its content.",
    }),
    source: Source,
    license: License,
    attribution: z.string().meta({ description: "Ready-to-use credit line required by CC-BY-4.0." }),
    links: z
      .strictObject({
        self: z.url(),
        index: z.url(),
        openapi: z.url(),
        site: z.url(),
      })
      .meta({
        description: "Absolute addresses of this document, the API index, the OpenAPI document and the site.",
      }),
  })
  .meta({ id: "Meta", description: "Provenance, licence and links carried by every document." });
export type Meta = z.infer<typeof Meta>;
