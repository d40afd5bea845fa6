import { z } from "zod";

/**
 * The published fields a source can give a clinic, as `ClinicSource.fields` names them. Fields that travel
 * together are named by their first: `address` (with the street, ZIP and city), `coordinates`, `hours` (with
 * their time zone), `rating` (with `reviews_count`).
 */
export const SOURCE_FIELDS = [
  "name",
  "address",
  "phone",
  "coordinates",
  "website",
  "hours",
  "services",
  "insurance",
  "rating",
  "neighborhood",
  "npi",
] as const;
export const SourceField = z.enum(SOURCE_FIELDS);
export type SourceField = z.infer<typeof SourceField>;

export const ClinicSource = z
  .strictObject({
    name: z.string().meta({
      description:
        "The source, as credited in `meta.source.upstream` (e.g. `CMS NPPES`, `HIFLD Urgent Care Facilities`); `Synthetic sample` for the built-in sample.",
      example: "CMS NPPES",
    }),
    id: z.string().nullable().meta({
      description:
        "The clinic's record in that source, namespaced (`npi:1234567893`, `hifld:10001234`; a secondary practice location of an NPI is `npi:<NPI>/pl/<key>`); null when the source has no stable id.",
      example: "npi:1234567893",
    }),
    merged_ids: z.array(z.string()).meta({
      description:
        "Other records of the same source that are this clinic, merged into it: NPIs its subparts bill under (an NPI registry lists them at one address), duplicate rows. Join on these too.",
      example: ["npi:1497758544"],
    }),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .meta({
        description:
          "The record's own date in that source (NPPES: its last update; HIFLD: when it was last checked); null when the source does not date records.",
        example: "2026-10-14",
      }),
    fields: z.array(SourceField).meta({
      description:
        "The fields of the clinic this source gave (`address` stands for the street, ZIP and city too, `coordinates` for the position and `coordinates_source`, `rating` for `reviews_count`). A source whose record matched but gave no field is listed with an empty list.",
    }),
  })
  .meta({
    id: "ClinicSource",
    description:
      "A source of a clinic's data: the directory merges records of several sources (the NPI registry, HIFLD, a places data set) into one clinic, each field from the best source that has it.",
  });
export type ClinicSource = z.infer<typeof ClinicSource>;
