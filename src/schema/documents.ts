import { z } from "zod";
import { Clinic } from "./clinic.js";
import { Meta } from "./meta.js";
import { CityEntry, NetworkEntry, StateEntry } from "./places.js";

const count = z.int().nonnegative().meta({ description: "Number of entries in the accompanying array." });

export const ClinicsByCity = z
  .strictObject({
    version: z
      .literal("v1")
      .meta({ description: "API version of the document. The data release is meta.data_version." }),
    city: CityEntry,
    meta: Meta,
    count,
    clinics: z.array(Clinic).meta({ description: "Clinics of the city, sorted by name then id." }),
  })
  .meta({ id: "ClinicsByCity", description: "All clinics of one city." });
export type ClinicsByCity = z.infer<typeof ClinicsByCity>;

export const CitiesList = z
  .strictObject({ count, cities: z.array(CityEntry), meta: Meta })
  .meta({ id: "CitiesList", description: "Every city, sorted by state slug then city slug." });
export type CitiesList = z.infer<typeof CitiesList>;

export const CitiesByState = z
  .strictObject({ state: StateEntry, count, cities: z.array(CityEntry), meta: Meta })
  .meta({ id: "CitiesByState", description: "The cities of one state, sorted by slug." });
export type CitiesByState = z.infer<typeof CitiesByState>;

export const StatesList = z
  .strictObject({ count, states: z.array(StateEntry), meta: Meta })
  .meta({ id: "StatesList", description: "The 50 states and the District of Columbia, sorted by slug." });
export type StatesList = z.infer<typeof StatesList>;

export const NetworksList = z
  .strictObject({ count, networks: z.array(NetworkEntry), meta: Meta })
  .meta({ id: "NetworksList", description: "Every network or brand, sorted by slug." });
export type NetworksList = z.infer<typeof NetworksList>;
