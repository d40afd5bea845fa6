import { z } from "zod";
import { Meta } from "./meta.js";
import { FieldCoverage, StateRef } from "./places.js";

const n = z.int().nonnegative();
const byReason = z
  .record(z.string(), n)
  .meta({ description: "Counts keyed by reason code, sorted by code." });

export const StateCoverage = z
  .strictObject({
    ...StateRef.shape,
    cities: n,
    clinics: n,
    networks: n,
    independent_clinics: n,
  })
  .meta({ id: "StateCoverage" });

export const Coverage = z
  .strictObject({
    total_clinics: n,
    total_cities: n,
    total_states: n,
    total_networks: n,
    network_clinics: n.meta({ description: "Clinics that belong to a network." }),
    independent_clinics: n.meta({ description: "Clinics with no network." }),
    clinics_per_city: z.strictObject({ min: n, median: z.number(), max: n }),
    states: z.array(StateCoverage).meta({ description: "Per-state figures, sorted by slug." }),
  })
  .meta({ id: "Coverage", description: "How much of the country the data set covers." });

export const DataQuality = z
  .strictObject({
    synthetic: z.boolean(),
    source: z.string().meta({ description: "Name of the data source." }),
    data_version: z.string().meta({ description: "Date of the data (YYYY-MM-DD)." }),
    generated_at: z.iso.datetime(),
    records: z
      .strictObject({
        read: n.meta({ description: "Records read from the sources." }),
        published: n.meta({ description: "Clinics published." }),
        rejected: n.meta({ description: "Records skipped (out of scope or unusable)." }),
        merged: n.meta({ description: "Records merged into another record as duplicates." }),
        repaired: n.meta({ description: "Published records with at least one repaired field." }),
      })
      .meta({ description: "read = published + rejected + merged." }),
    rejected_by_reason: byReason,
    repaired_by_reason: byReason,
    merged_by_reason: byReason,
    completeness: FieldCoverage.extend({
      address: z.number().min(0).max(1),
      neighborhood: z.number().min(0).max(1),
      services: z.number().min(0).max(1),
      insurance: z.number().min(0).max(1),
      reviews_count: z.number().min(0).max(1),
    }).meta({ description: "Share (0–1) of published clinics with each field known (non-null, non-empty)." }),
    sources: z
      .array(
        z.strictObject({ name: z.string(), format: z.string(), records: n, date: z.string().nullable() }),
      )
      .meta({
        description: "Input files with their record counts and dates; empty for the built-in sample.",
      }),
  })
  .meta({ id: "DataQuality", description: "Figures of the build that produced this data set." });

export const Stats = z
  .strictObject({ coverage: Coverage, data_quality: DataQuality, meta: Meta })
  .meta({ id: "Stats", description: "Coverage and data-quality figures of the data set." });
export type Stats = z.infer<typeof Stats>;
