import type { Hours } from "../schema/hours.js";
import type { Source } from "../schema/meta.js";

/**
 * One clinic of the canonical data set: what ingest produces and build consumes.
 * It carries everything the API shows plus where the clinic sits (state, city) and its provenance.
 */
export interface ClinicRecord {
  id: string;
  name: string;
  network: string | null;
  address: string | null;
  neighborhood: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  hours: Hours | null;
  services: string[];
  insurance: string[];
  rating: number | null;
  reviews_count: number | null;
  website: string | null;
  /** USPS code of one of the 50 states or DC. */
  state: string;
  /** City name as published. */
  city: string;
  /** City slug, unique within the state. */
  city_slug: string;
  /** Where the record came from: "file:row" for imports, "sample" for generated data. */
  provenance: string[];
}

/** A city of the data set with its centre; cities without clinics are not published. */
export interface CityRecord {
  state: string;
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}

/** Figures of the ingest that produced the data set, reported in stats.json. */
export interface IngestReport {
  read: number;
  rejected: Record<string, number>;
  repaired: Record<string, number>;
  merged: Record<string, number>;
  /** Published records with at least one repaired field. */
  repairedRecords: number;
}

export interface Dataset {
  source: Source;
  /** Date of the data, YYYY-MM-DD. */
  dataVersion: string;
  clinics: ClinicRecord[];
  cities: CityRecord[];
  report: IngestReport;
}
