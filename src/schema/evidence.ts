import { z } from "zod";

/**
 * What kind of place a record is, decided once by ingest from everything its sources say (docs/ingest.md, "Kinds
 * of place"). Only `walk_in_urgent_care` is published unless the operator keeps more kinds (`--keep-kind`).
 */
export const PLACE_KINDS = [
  "walk_in_urgent_care",
  "occupational_medicine",
  "emergency_room",
  "telehealth",
  "mobile",
  "administrative",
  "hospital",
  "physician_group",
] as const;
export const PlaceKind = z.enum(PLACE_KINDS).meta({
  id: "PlaceKind",
  description:
    "What kind of place it is: `walk_in_urgent_care` (a centre a patient can walk into for urgent care), `occupational_medicine` (employer and work-injury care), `emergency_room` (a freestanding emergency department), `telehealth` (care by video or phone only), `mobile` (comes to the patient: house calls, mobile units), `administrative` (billing, management, a corporate office), `hospital`, `physician_group`. The directory lists walk-in urgent care only, unless its operator chose to keep more kinds (then every place says its kind).",
});
export type PlaceKind = z.infer<typeof PlaceKind>;

/** How well the sources establish a place (docs/ingest.md, "Evidence levels"). */
export const EVIDENCE_LEVELS = ["confirmed", "listed", "doubtful"] as const;
export const EvidenceLevel = z.enum(EVIDENCE_LEVELS).meta({
  id: "EvidenceLevel",
  description:
    "How we know the place: `confirmed` (two independent sources list it, or the chain's own store locator does, and nothing says otherwise), `listed` (one source lists it — often one registry entry — or two do but something says otherwise), `doubtful` (one source lists it and something says otherwise: the registry's main taxonomy is a hospital's or a group's, say). A registry's update date is never a confirmation.",
});
export type EvidenceLevel = z.infer<typeof EvidenceLevel>;

/**
 * What kind of source a record comes from (a profile's `source_type`):
 * - `registry`: a register of providers (CMS's NPI registry): what the provider itself filed;
 * - `facility_list`: a published list of urgent care facilities (HIFLD);
 * - `places`: a places data set of maps (Overture Maps), with its category and confidence;
 * - `store_locator`: the chain's own list of its locations (its web site's store locator);
 * - `mapping`: an operator's file read with a mapping file;
 * - `export`: our own export, re-imported (its evidence is taken as written);
 * - `synthetic`: the built-in synthetic sample (made up; never a real source).
 */
export const SOURCE_TYPES = [
  "registry",
  "facility_list",
  "places",
  "store_locator",
  "mapping",
  "export",
  "synthetic",
] as const;
export const SourceType = z.enum(SOURCE_TYPES).meta({
  id: "SourceType",
  description:
    "What kind of source: `registry` (a register of providers: CMS's NPI registry), `facility_list` (a published list of urgent care facilities: HIFLD), `places` (a places data set of maps: Overture), `store_locator` (the chain's own list of its locations), `mapping` (an operator's file), `export` (this directory's own export, re-imported), `synthetic` (the built-in sample: made up).",
});
export type SourceType = z.infer<typeof SourceType>;

export const Taxonomy = z
  .strictObject({
    code: z
      .string()
      .regex(/^[0-9A-Z]{9}X$/)
      .meta({ description: "NUCC health care provider taxonomy code.", example: "261QU0200X" }),
    slot: z.int().min(1).max(15).meta({ description: "Its slot in the registry entry, 1 to 15." }),
    primary: z.boolean().meta({ description: "Whether the provider marked it as its primary taxonomy." }),
  })
  .meta({ id: "Taxonomy", description: "One taxonomy of a registry entry, with its slot." });
export type Taxonomy = z.infer<typeof Taxonomy>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const EvidenceSource = z
  .strictObject({
    type: SourceType,
    name: z.string().meta({
      description: "The source, as credited in `meta.source.upstream` and in the clinic's `sources`.",
      example: "CMS NPPES",
    }),
    id: z.string().nullable().meta({
      description: "The place's record in that source, namespaced (`npi:1234567893`); null when it has none.",
      example: "npi:1234567893",
    }),
    date: date.nullable().meta({
      description:
        "The record's own date in that source: for a registry, the day the provider last edited its entry (not a confirmation that the place exists); for HIFLD, the day the record was last checked; for a places data set, its newest update.",
    }),
    listed_as: z.string().meta({ description: "The name this source lists the place under." }),
    legal_name: z.string().nullable().meta({
      description: "A registry's legal business name of the organisation; null for other sources.",
    }),
    other_names: z.array(z.string()).meta({
      description:
        "The source's other names of the place: a registry's other organisation names (doing business as, former and other names).",
    }),
    taxonomies: z.array(Taxonomy).meta({
      description:
        "A registry's taxonomies of the entry, in slot order (the one that made it a candidate among them); empty for other sources.",
    }),
    parent_organisation: z.string().nullable().meta({
      description: "A registry's parent organisation of a subpart (its legal business name); null otherwise.",
    }),
    category: z.string().nullable().meta({
      description: "A places data set's main category of the place (`urgent_care_clinic`); null otherwise.",
    }),
    alternate_categories: z.array(z.string()).meta({ description: "Its other categories." }),
    confidence: z.number().min(0).max(1).nullable().meta({
      description: "A places data set's confidence that the place exists (0 to 1); null otherwise.",
    }),
    based_on: z.array(z.string()).meta({
      description:
        "The data sets a places record was made from (Overture's sources: `meta`, `Microsoft`, `AllThePlaces`…): a record made from a chain's locator is not independent of that locator.",
    }),
    brand: z
      .string()
      .nullable()
      .meta({ description: "The brand the source gives the place; null otherwise." }),
    brand_wikidata: z
      .string()
      .regex(/^Q[1-9]\d*$/)
      .nullable()
      .meta({ description: "The brand's Wikidata item, when the source gives it." }),
  })
  .meta({
    id: "EvidenceSource",
    description:
      "One source that lists the place, and what it says about it. Fields a kind of source does not give are null or empty.",
  });
export type EvidenceSource = z.infer<typeof EvidenceSource>;

export const EvidenceSignal = z
  .strictObject({
    code: z
      .string()
      .meta({ description: "What the signal is, as a code.", example: "name_says_urgent_care" }),
    detail: z.string().meta({
      description: "The signal in plain words, quoting what the source says.",
      example: 'the name "Quickmend Urgent Care" says urgent care',
    }),
  })
  .meta({ id: "EvidenceSignal", description: "Something a source says about what kind of place it is." });
export type EvidenceSignal = z.infer<typeof EvidenceSignal>;

export const Evidence = z
  .strictObject({
    kind: PlaceKind,
    level: EvidenceLevel,
    reason: EvidenceSignal.meta({ description: "What decided the kind." }),
    against: z.array(EvidenceSignal).meta({
      description: "Signs against that kind (they lower the level by one step); empty when there are none.",
    }),
    sources: z.array(EvidenceSource).meta({
      description: "Every source record that lists the place, in the order of the inputs.",
    }),
  })
  .meta({
    id: "Evidence",
    description:
      "How we know the place and what kind it is: each source that lists it and what it says, the reason for its kind, the signs against, and the level they give.",
  });
export type Evidence = z.infer<typeof Evidence>;
