import type { NetworkEvidence } from "../dataset/types.js";
import type { WeeklyHours } from "../schema/hours.js";

/**
 * A source record after the normalise stage: every field cleaned and checked on its own, nothing decided that
 * needs other records (duplicates, network, city centre, time zone, id). It is what the read stage spills to
 * the per-state files, so it is plain JSON.
 */
export interface NormalisedRecord {
  /** Position in the inputs (file order, then row order): lower wins when duplicates merge. */
  order: number;
  /** Index of the input file (`--input` order). */
  input: number;
  /** Line (CSV, NDJSON) or record number (JSON, Parquet). */
  row: number;
  /** Namespaced source id (`hifld:10001234`), whether or not it proves stable. */
  sourceId: string | null;
  /** Source ids our own exports carry (`source_ids` column), kept. */
  givenSourceIds: string[];
  /** An id of our own exports, kept as the clinic id. */
  keptId: string | null;
  name: string;
  /** Whether the network may be recognised from the name (the profile's `networks_from_names`). */
  networksFromNames: boolean;
  /** The network named by a column of the source, with the column. */
  networkColumn: { column: string; value: string } | null;
  /** Evidence carried by our own exports. */
  networkEvidence: NetworkEvidence | null;
  /** "BRAND" of a "BRAND - LOCATION" name whose brand part is distinctive. */
  brandPrefix: string | null;
  street: string | null;
  address: string | null;
  zip: string | null;
  neighborhood: string | null;
  latitude: number | null;
  longitude: number | null;
  coordinatesSource: "source" | "zip_centroid" | null;
  phone: string | null;
  weekly: WeeklyHours | null;
  /** A US zone given by the source with the hours, if any. */
  timezone: string | null;
  services: string[];
  insurance: string[];
  rating: number | null;
  reviews_count: number | null;
  website: string | null;
  /** USPS code. */
  state: string;
  city: string;
  /** Slug given by our own exports; null otherwise. */
  citySlug: string | null;
  /** Newest own date of the record (YYYY-MM-DD). */
  date: string | null;
  /** Codes of the repairs made to this record. */
  repairs: string[];
}

/** A clinic after de-duplication: one normalised record completed by its duplicates. */
export interface MergedRecord extends NormalisedRecord {
  /** `file:row` of every record merged into this one, the winner first. */
  provenance: string[];
  /** Source ids of the records merged, sorted. */
  sourceIds: string[];
}
