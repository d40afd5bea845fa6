import { z } from "zod";

export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .meta({ description: "Lowercase words joined by hyphens.", example: "new-york" });

export const StateRef = z
  .strictObject({
    slug: Slug.meta({
      description: "State slug: full name, lowercase, hyphenated (`district-of-columbia`).",
      example: "new-york",
    }),
    code: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: "USPS code.", example: "NY" }),
    name: z.string().meta({ example: "New York" }),
  })
  .meta({ id: "StateRef", description: "Identifies a state (50 states plus the District of Columbia)." });
export type StateRef = z.infer<typeof StateRef>;

const ratio = z.number().min(0).max(1);

export const FieldCoverage = z
  .strictObject({
    coordinates: ratio,
    phone: ratio,
    hours: ratio,
    website: ratio,
    rating: ratio,
    network: ratio,
  })
  .meta({
    id: "FieldCoverage",
    description: "Share (0–1, 4 decimals) of the clinics for which each field is known.",
  });

export const StateEntry = z
  .strictObject({
    ...StateRef.shape,
    city_count: z.int().nonnegative(),
    clinic_count: z.int().nonnegative(),
    network_count: z
      .int()
      .nonnegative()
      .meta({ description: "Networks with at least one clinic in the state." }),
    path: z.string().meta({
      description: "Path of the state's cities document, relative to the base address.",
      example: "/cities/new-york.json",
    }),
    url: z.url().meta({
      description: "The state's page on the site.",
      example: "https://urgentcare.example.org/clinics/new-york/",
    }),
    coverage: FieldCoverage,
  })
  .meta({ id: "StateEntry", description: "A state with its counts and coverage metrics." });
export type StateEntry = z.infer<typeof StateEntry>;

export const CityEntry = z
  .strictObject({
    slug: Slug.meta({ description: "City slug, unique within its state.", example: "san-antonio" }),
    name: z.string(),
    state: StateRef,
    clinic_count: z.int().nonnegative(),
    path: z.string().meta({
      description: "Path of the city's clinics document, relative to the base address.",
      example: "/clinics/texas/san-antonio.json",
    }),
    url: z.url().meta({
      description: "The city's page on the site.",
      example: "https://urgentcare.example.org/clinics/texas/san-antonio/",
    }),
    center: z
      .strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .meta({
        description:
          "Centre of the city (WGS 84), for choosing which city documents to fetch for a nearest search.",
      }),
    radius_km: z.number().nonnegative().meta({
      description:
        "Distance from the centre to the farthest clinic of the city with coordinates (0 when none).",
    }),
    timezone: z.string().nullable().meta({
      description: "IANA time zone at the city centre (a US zone); never null in this version.",
      example: "America/Chicago",
    }),
  })
  .meta({ id: "CityEntry", description: "A city with at least one clinic." });
export type CityEntry = z.infer<typeof CityEntry>;

export const NetworkEntry = z
  .strictObject({
    slug: Slug,
    name: z.string().meta({ description: "As it appears in Clinic.network." }),
    clinic_count: z.int().nonnegative(),
    state_count: z.int().nonnegative(),
    states: z.array(Slug).meta({ description: "Slugs of the states the network has clinics in, sorted." }),
    path: z.string().meta({
      description: "Path of the network's document (its clinics), relative to the base address.",
      example: "/networks/carenow.json",
    }),
    url: z.url().meta({
      description: "The network's page on the site.",
      example: "https://urgentcare.example.org/networks/carenow/",
    }),
    wikidata: z
      .string()
      .regex(/^Q\d+$/)
      .nullable()
      .meta({ description: "Wikidata item of the brand when known (Wikidata is CC0).", example: "Q5038475" }),
  })
  .meta({ id: "NetworkEntry", description: "A network or brand of clinics." });
export type NetworkEntry = z.infer<typeof NetworkEntry>;
