import { z } from "zod";
import { Clinic } from "./clinic.js";
import { Evidence } from "./evidence.js";
import { Meta } from "./meta.js";
import { NetworkEntry, Slug, StateRef } from "./places.js";
import { ClinicSource } from "./sources.js";

export const CityRef = z
  .strictObject({
    slug: Slug.meta({ description: "City slug, unique within its state.", example: "san-antonio" }),
    name: z.string().meta({ example: "San Antonio" }),
    path: z.string().meta({
      description: "Path of the city's clinics document, relative to the base address.",
      example: "/clinics/texas/san-antonio.json",
    }),
    url: z.url().meta({
      description: "The city's page on the site.",
      example: "https://urgentcare.example.org/clinics/texas/san-antonio/",
    }),
  })
  .meta({ id: "CityRef", description: "Identifies a city and links to its clinics document and page." });
export type CityRef = z.infer<typeof CityRef>;

export const Place = z
  .strictObject({
    state: StateRef,
    city: CityRef,
    zip: z
      .string()
      .regex(/^\d{5}$/)
      .nullable()
      .meta({ description: "5-digit ZIP code of the clinic; null when unknown.", example: "78701" }),
  })
  .meta({
    id: "Place",
    description:
      "Where a clinic sits: its state, its city and its ZIP code. Carried as one object (`place`) so that it never collides with the flat `state` / `city` slug columns of the bulk downloads.",
  });
export type Place = z.infer<typeof Place>;

export const PlacedClinic = z.strictObject({ ...Clinic.shape, place: Place }).meta({
  id: "PlacedClinic",
  description:
    "A clinic with where it sits: every field of `Clinic`, plus `place` (state, city, ZIP). Used wherever a clinic is shown outside its city document.",
});
export type PlacedClinic = z.infer<typeof PlacedClinic>;

const clinicId = z
  .string()
  .regex(/^[a-z0-9]+$/)
  .meta({ description: "The clinic's id (as in `Clinic.id`).", example: "k3v9q2m7x1ab" });

export const NearbyClinic = z
  .strictObject({
    id: clinicId,
    name: z.string(),
    city: z.string().meta({ description: "Name of its city." }),
    distance_km: z.number().nonnegative().nullable().meta({
      description:
        "Great-circle distance from the removed clinic's last known position; null when either is unknown.",
    }),
    url: z.url().meta({ description: "Its page." }),
    path: z.string().meta({ description: "Its document, relative to the base address." }),
  })
  .meta({ id: "NearbyClinic", description: "A listed clinic near a removed one." });
export type NearbyClinic = z.infer<typeof NearbyClinic>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ClinicDocument = z
  .strictObject({
    version: z.literal("v1"),
    status: z.enum(["listed", "removed"]).meta({
      description:
        "`listed`: the clinic is in the directory. `removed`: it no longer is (a tombstone, kept so that links keep answering): `clinic` is its last known data, which may be out of date, and `nearby` lists clinics that are listed. Read `status` before `clinic`.",
    }),
    removed_since: date.nullable().meta({
      description:
        "For a removed clinic, the data version of the first release that no longer lists it; null when listed.",
    }),
    last_listed: date.nullable().meta({
      description:
        "For a removed clinic, the data version of the last release that listed it; null when listed.",
    }),
    id: clinicId,
    clinic: PlacedClinic,
    network: z
      .strictObject({ ...NetworkEntry.shape })
      .nullable()
      .meta({
        description:
          "The clinic's network entry (as listed in networks.json, with the path of its document); null when no network is known (or, for a removed clinic, a network no longer listed).",
      }),
    sources: z.array(ClinicSource).meta({
      description:
        "Where the clinic's data comes from: each source with its record id and date and the fields it gave. A clinic only an old source lists says so here (its date).",
    }),
    evidence: Evidence.meta({
      description:
        "How we know the place and what kind it is: each source that lists it and what it says (a registry's taxonomies and their slots, a places data set's category and confidence, a list's date), the reason for its kind, the signs against, and the level (`clinic.evidence_level`).",
    }),
    nearby: z.array(NearbyClinic).meta({
      description:
        "For a removed clinic, up to 5 listed clinics nearest its last known position (else of its city, else of its state); empty for a listed clinic.",
    }),
    meta: Meta,
  })
  .meta({
    id: "ClinicDocument",
    description:
      "One clinic with its state, city and ZIP (`clinic.place`), its network entry, and links: `clinic.url` (its page), `clinic.place.city.path` (its city's clinics document), `network.path` (its network's document).",
  });
export type ClinicDocument = z.infer<typeof ClinicDocument>;

export const Pagination = z
  .strictObject({
    number: z.int().min(1).meta({ description: "This page, from 1." }),
    pages: z.int().min(1).meta({ description: "Number of pages of the list." }),
    size: z.int().min(1).meta({ description: "Most items a page holds (every page but the last is full)." }),
    next: z
      .string()
      .nullable()
      .meta({ description: "Path of the next page, relative to the base address; null on the last page." }),
    previous: z
      .string()
      .nullable()
      .meta({ description: "Path of the previous page; null on the first page." }),
  })
  .meta({ id: "Pagination", description: "Where a page sits in a list split into pages." });
export type Pagination = z.infer<typeof Pagination>;

export const NetworkDocument = z
  .strictObject({
    version: z.literal("v1"),
    network: NetworkEntry,
    page: Pagination,
    count: z.int().nonnegative().meta({ description: "Clinics on this page." }),
    clinics: z.array(PlacedClinic).meta({
      description:
        "The network's clinics on this page, sorted by state slug, city slug, name and id. All pages together hold `network.clinic_count` clinics.",
    }),
    meta: Meta,
  })
  .meta({
    id: "NetworkDocument",
    description:
      "A network and its clinics with their state and city. Split into pages of `page.size` clinics: the first page is `/networks/{network}.json`, page n ≥ 2 is `/networks/{network}/{n}.json`.",
  });
export type NetworkDocument = z.infer<typeof NetworkDocument>;
