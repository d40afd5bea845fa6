import type { WeeklyHours } from "../schema/hours.js";

/** A record after normalisation, before de-duplication and city resolution. */
export interface Candidate {
  /** Position in the inputs (file order, then row order): lower wins when duplicates merge. */
  order: number;
  /** `"file:row"` of every record merged into this one, the winner first. */
  provenance: string[];
  /** Namespaced source id (`hifld:10001234`) or a kept id; duplicates by source id share it. */
  sourceKey: string | null;
  id: string;
  name: string;
  network: string | null;
  /** "BRAND" of a "BRAND - LOCATION" name whose brand the dictionary does not know; resolved across records. */
  brandPrefix: string | null;
  street: string | null;
  address: string | null;
  zip: string | null;
  neighborhood: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  weekly: WeeklyHours | null;
  timezone: string | null;
  services: string[];
  insurance: string[];
  rating: number | null;
  reviews_count: number | null;
  website: string | null;
  /** USPS code. */
  state: string;
  city: string;
  /** Slug given by the source (canonical exports); otherwise derived from the city name. */
  citySlug: string | null;
  /** Newest date of the record (YYYY-MM-DD) when the source dates its records. */
  date: string | null;
  /** Codes of the repairs made to this record and to those merged into it. */
  repairs: string[];
}

/** `"dir/file.csv:12"` → `["dir/file.csv", 12]` (file names may hold colons; the row is after the last). */
export function splitProvenance(p: string): [string, number] {
  const i = p.lastIndexOf(":");
  return [p.slice(0, i), Number(p.slice(i + 1))];
}
