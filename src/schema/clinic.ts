import { z } from "zod";
import { EvidenceLevel, PlaceKind } from "./evidence.js";
import { Hours } from "./hours.js";

export const COORDINATES_RE = /^-?\d{1,2}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?$/;

/**
 * A clinic id: lower-case letters and digits, never `index` (a clinic's page is `{id}.html` in its city's folder,
 * beside the city's `index.html`).
 */
export const CLINIC_ID_RE = /^(?!index$)[a-z0-9]+$/;

export const Clinic = z
  .strictObject({
    id: z.string().regex(CLINIC_ID_RE).meta({
      description:
        "Stable, URL-safe identifier: derived from the clinic's identity (source id, or name and address), unchanged across rebuilds of the same data.",
      example: "k3v9q2m7x1ab",
    }),
    name: z.string().min(1),
    network: z.string().nullable().meta({
      description:
        "Network or brand name, published only with evidence (a source names it, a brand's Wikidata id, the NPI registry's parent organisation or legal name shared with other places, a known brand within its footprint); a brand's words in a name count only where the network has such evidence in the same state. Null when no network is known, which does not say the clinic is independent. Listed in networks.json.",
    }),
    address: z
      .string()
      .nullable()
      .meta({ description: "Street address, city, state and ZIP code when known." }),
    neighborhood: z.string().nullable(),
    coordinates: z.string().regex(COORDINATES_RE).nullable().meta({
      description:
        "`latitude,longitude` in decimal degrees (WGS 84), no spaces. Approximate when `coordinates_source` is `zip_centroid`.",
      example: "30.26715,-97.74306",
    }),
    phone: z
      .string()
      .nullable()
      .meta({ description: "US phone number formatted as (NXX) NXX-XXXX.", example: "(512) 555-0134" }),
    hours: Hours.nullable().meta({ description: "Regular opening hours; null when unknown." }),
    services: z.array(z.string()).meta({ description: "Services offered, sorted; empty when unknown." }),
    insurance: z
      .array(z.string())
      .meta({ description: "Insurance plans accepted, sorted; empty when unknown." }),
    rating: z
      .number()
      .min(0)
      .max(5)
      .nullable()
      .meta({ description: "Average review rating from 0 to 5; null when unknown." }),
    reviews_count: z
      .int()
      .nonnegative()
      .nullable()
      .meta({ description: "Number of reviews behind rating; null when unknown." }),
    website: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .meta({ description: "The clinic's own web site (absolute https URL)." }),
    url: z
      .url({ protocol: /^https?$/ })
      .meta({ description: "Address of the clinic's page on the directory's site; unique per clinic." }),
    coordinates_source: z.enum(["source", "zip_centroid"]).nullable().meta({
      description:
        "Where `coordinates` come from: `source` (as the data source gives them) or `zip_centroid` (approximate: the centre of the clinic's ZIP code area, placed by the directory because the source had no coordinates; it can be several km off). Null exactly when `coordinates` is null. Which source gave a position is in the clinic document's `sources`.",
    }),
    npi: z
      .string()
      .regex(/^[12]\d{9}$/)
      .nullable()
      .meta({
        description:
          "The clinic's National Provider Identifier in CMS's NPI registry (NPPES), to join other data on; the lowest when the clinic bills under several (its other NPIs are the `merged_ids` of its NPPES entry in the clinic document's `sources`). Null when no source gives one.",
        example: "1234567893",
      }),
    kind: PlaceKind,
    evidence_level: EvidenceLevel.meta({
      description:
        "How we know the place: `confirmed` (two independent sources list it, or the chain's own locator does), `listed` (one source lists it — often one registry entry: call before you go), `doubtful` (something says it may be another kind of place). The sources and what each says are the clinic document's `evidence`.",
    }),
  })
  .meta({
    id: "Clinic",
    description:
      "One urgent care clinic. Every field is always present; unknown values are null (arrays are empty).",
  });
export type Clinic = z.infer<typeof Clinic>;
