import { z } from "zod";
import { Meta } from "./meta.js";

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ example: "2026-05-01" });
const count = z.int().nonnegative();

export const ReleaseDownload = z
  .strictObject({
    format: z.enum(["csv", "json", "ndjson", "parquet", "geojson"]),
    name: z.string().meta({ example: "urgent-care-clinics-2026-05-01.csv" }),
    url: z.url().meta({ description: "Permanent address of this release's file." }),
    bytes: count,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    rows: count,
  })
  .meta({ id: "ReleaseDownload", description: "A dated bulk download of one release." });

export const ReleaseEntry = z
  .strictObject({
    data_version: date.meta({ description: "The release: the date of its data." }),
    generated_at: z.iso.datetime().meta({ description: "When the release was built (UTC)." }),
    current: z.boolean().meta({ description: "True for the release the API serves now." }),
    previous_version: date
      .nullable()
      .meta({ description: "The release it was compared against; null for the first." }),
    clinics: count,
    cities: count,
    networks: count,
    added: count.nullable().meta({ description: "Clinics new in this release; null for the first release." }),
    removed: count.nullable().meta({ description: "Clinics no longer listed; null for the first release." }),
    changed: count
      .nullable()
      .meta({ description: "Clinics with changed fields; null for the first release." }),
    sources: z
      .array(
        z.strictObject({ name: z.string(), format: z.string(), records: count, date: z.string().nullable() }),
      )
      .meta({ description: "Input files of the release (empty for the built-in sample)." }),
    changes_path: z.string().nullable().meta({
      description: "Path of its changes document, relative to the base address; null for the first release.",
    }),
    changes_url: z.url().nullable(),
    downloads: z.array(ReleaseDownload).meta({
      description:
        "Its dated bulk downloads on the site: every format for the current release; for an earlier kept release, " +
        "its Parquet file alone (the archive format: the CSV, JSON and NDJSON of a release are removed once a newer " +
        "release is published).",
    }),
  })
  .meta({ id: "ReleaseEntry", description: "One published release of the data." });
export type ReleaseEntry = z.infer<typeof ReleaseEntry>;

export const ReleasesList = z
  .strictObject({
    count,
    releases: z.array(ReleaseEntry).meta({ description: "Kept releases, newest first." }),
    feed_url: z.url().meta({ description: "Atom feed of the releases, for subscribers." }),
    meta: Meta,
  })
  .meta({ id: "ReleasesList", description: "Every kept release of the data, newest first." });
export type ReleasesList = z.infer<typeof ReleasesList>;

export const ChangedClinic = z
  .strictObject({
    id: z.string(),
    name: z
      .string()
      .meta({ description: "Its name in this release (the last known name for a removed clinic)." }),
    state: z.string().meta({ description: "State slug." }),
    city: z.string().meta({ description: "City slug." }),
    url: z.url().meta({ description: "The clinic's page (for a removed clinic, a page that says so)." }),
    path: z.string().meta({ description: "Path of the clinic's document, relative to the base address." }),
  })
  .meta({ id: "ChangedClinic", description: "A clinic named in a changes document." });

export const FieldChange = z
  .strictObject({
    field: z.string().meta({ description: "Name of the Clinic field (or `state`, `city` for a move)." }),
    old: z.unknown().meta({ description: "Its value in the previous release, as the API showed it." }),
    new: z.unknown().meta({ description: "Its value in this release." }),
  })
  .meta({ id: "FieldChange", description: "One field of a clinic that changed." });

export const ChangesDocument = z
  .strictObject({
    data_version: date,
    previous_version: date.meta({ description: "The release this one is compared against." }),
    counts: z.strictObject({ added: count, removed: count, changed: count }),
    added: z.array(ChangedClinic).meta({ description: "Clinics new in this release, by id." }),
    removed: z.array(ChangedClinic).meta({ description: "Clinics no longer listed, by id." }),
    changed: z
      .array(ChangedClinic.extend({ fields: z.array(FieldChange) }))
      .meta({ description: "Clinics whose published fields changed, by id, with each changed field." }),
    meta: Meta,
  })
  .meta({
    id: "ChangesDocument",
    description: "What changed in a release against the one before: clinics added, removed and changed.",
  });
export type ChangesDocument = z.infer<typeof ChangesDocument>;
