import { z } from "zod";
import { EVIDENCE_LEVELS, PlaceKind } from "./evidence.js";
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
    no_known_network_clinics: n.meta({
      description:
        "Clinics for which the data gives no evidence of a network (they may still belong to one).",
    }),
    independent_clinics: n.meta({
      deprecated: true,
      description:
        "Deprecated: the same count as `no_known_network_clinics`. The data cannot show that a clinic is independent, only that no network is known.",
    }),
    hours: z
      .strictObject({
        known: z.number().min(0).max(1).meta({
          description:
            "Share (0–1) of the state's clinics whose opening hours are known (for one day at least).",
        }),
        oldest_observation: z.string().nullable().meta({
          description:
            "The oldest day on which any of these hours was seen at its source (YYYY-MM-DD: the `date` of the source credited with the clinic's hours, e.g. the All The Places run that read the chain's locator); null when none is dated.",
        }),
      })
      .meta({ description: "How far opening hours, and so `open now`, can be trusted in the state." }),
  })
  .meta({ id: "StateCoverage" });

export const Coverage = z
  .strictObject({
    total_clinics: n,
    total_cities: n,
    total_states: n,
    total_networks: n,
    network_clinics: n.meta({ description: "Clinics assigned to a network, each with recorded evidence." }),
    no_known_network_clinics: n.meta({
      description:
        "Clinics for which the data gives no evidence of a network (they may still belong to one).",
    }),
    independent_clinics: n.meta({
      deprecated: true,
      description:
        "Deprecated: the same count as `no_known_network_clinics`. The data cannot show that a clinic is independent, only that no network is known.",
    }),
    clinics_per_city: z.strictObject({ min: n, median: z.number(), max: n }),
    states: z.array(StateCoverage).meta({ description: "Per-state figures, sorted by slug." }),
  })
  .meta({ id: "Coverage", description: "How much of the country the data set covers." });

const LevelCounts = z
  .strictObject(
    Object.fromEntries(EVIDENCE_LEVELS.map((l) => [l, n])) as Record<
      (typeof EVIDENCE_LEVELS)[number],
      typeof n
    >,
  )
  .meta({ id: "LevelCounts", description: "Places by evidence level." });

const KindCounts = z
  .partialRecord(PlaceKind, LevelCounts)
  .meta({ id: "KindCounts", description: "Places by kind (the kinds found), each by evidence level." });

export const PlaceQuality = z
  .strictObject({
    published_kinds: z.array(PlaceKind).meta({
      description:
        "The kinds this release publishes: `walk_in_urgent_care`, and those its operator chose to keep too.",
    }),
    kinds: KindCounts.meta({
      description:
        "Every place the sources list, by the kind ingest decided and the level of its evidence — published or not (places of other kinds are left out, each listed with its reason in the build's report). Places rejected for another reason (no location) are not counted.",
    }),
    states: z
      .array(z.strictObject({ ...StateRef.shape, kinds: KindCounts }))
      .meta({ description: "The same counts per state, for the states with places, sorted by slug." }),
  })
  .meta({
    id: "PlaceQuality",
    description:
      "What kinds of place the sources list and how well each is established: `confirmed` (two independent sources, or the chain's own locator), `listed` (one source), `doubtful` (something says it may be another kind of place).",
  });

export const DataQuality = z
  .strictObject({
    synthetic: z.boolean(),
    source: z.string().meta({ description: "Name of the data source." }),
    data_version: z.string().meta({ description: "Date of the data (YYYY-MM-DD)." }),
    generated_at: z.iso.datetime().meta({ description: "When the build ran (UTC)." }),
    record_dates: z
      .strictObject({
        oldest: z.string().nullable().meta({ description: "Oldest date a record carries (YYYY-MM-DD)." }),
        newest: z.string().nullable().meta({ description: "Newest date a record carries (YYYY-MM-DD)." }),
      })
      .meta({
        description:
          "The range of the records' own dates (each the newest of its sources': the NPI registry's last update of the entry, HIFLD's last check); null when the source does not date its records.",
      }),
    network_evidence: byReason.meta({
      description:
        "Clinics by the evidence of their network: `source_column` (the source names it), `brand` (a places data set or locator gives the clinic's brand, with its Wikidata item), `registry_organisation` (the NPI registry lists it under one parent organisation or legal name with other places of its state), `dictionary` (a known brand, within its footprint and years), `name_pattern` (a shared BRAND - LOCATION name in one region, where the network has other evidence in the state).",
    }),
    places: PlaceQuality,
    records: z
      .strictObject({
        read: n.meta({ description: "Records read from the sources." }),
        carried: n.meta({
          description:
            "Records of the last release carried into this one by an update (a weekly NPPES file changes only the NPIs it lists); 0 for a full build.",
        }),
        replaced: n.meta({
          description:
            "Records of the last release an update replaced or removed (NPIs it lists again, deactivated, or no longer urgent care); 0 for a full build.",
        }),
        published: n.meta({ description: "Clinics published." }),
        rejected: n.meta({ description: "Records skipped (out of scope or unusable)." }),
        merged: n.meta({ description: "Records merged into another record as duplicates." }),
        repaired: n.meta({ description: "Published records with at least one repaired field." }),
      })
      .meta({ description: "read + carried = published + rejected + merged." }),
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
