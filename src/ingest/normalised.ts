import type { NetworkEvidence } from "../dataset/types.js";
import type { Evidence, EvidenceSource } from "../schema/evidence.js";
import type { WeeklyHours } from "../schema/hours.js";
import type { ClinicSource, SourceField } from "../schema/sources.js";

/**
 * A source record after the normalise stage: every field cleaned and checked on its own, nothing decided that
 * needs other records (duplicates, network, city centre, time zone, id). It is what the read stage spills to
 * the per-state files, so it is plain JSON.
 */
export interface NormalisedRecord {
  /** Position in the inputs (file order, then row order): lower wins when duplicates merge. */
  order: number;
  /** Index of the input file (`--input` order); -1 for a record of the last release carried into an update. */
  input: number;
  /** The file the record was read from: the input, or a member of it (`bundle.zip!npidata_pfile_….csv`). */
  file: string;
  /** Line (CSV, NDJSON) or record number (JSON, Parquet). */
  row: number;
  /** The source, as its profile names it (`CMS NPPES`, `HIFLD Urgent Care Facilities`, a mapping's `source`). */
  source: string;
  /** Namespaced source id (`hifld:10001234`), whether or not it proves stable. */
  sourceId: string | null;
  /** The profile says its source ids are stable across its editions: they make the clinic id. */
  stableId: boolean;
  /** National Provider Identifier (10 digits, check digit verified), when the source gives one. */
  npi: string | null;
  /** Fields this source is the best authority for, whatever the dates (the profile's `authority`). */
  authority: SourceField[];
  /** The sources our own export carries for the clinic (`sources` column): kept when it is re-imported alone. */
  givenSources: ClinicSource[] | null;
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
  /**
   * The brand a places data set gives the record (Overture's `brand.names.primary`), with its Wikidata item; after
   * the merge stage, with the source that gave it when that is not the clinic's own (`source`).
   */
  brand: { name: string; wikidata: string | null; source?: string } | null;
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
  /** What this source says about the place (`src/ingest/evidence/listing.ts`): the record's entry of the evidence. */
  listing: EvidenceSource;
  /** The kind and evidence our own export carries (`kind`, `evidence` columns): kept when it is re-imported alone. */
  givenEvidence: Evidence | null;
}

/** A clinic of one source after de-duplication: one normalised record completed by its duplicates. */
export interface MergedRecord extends NormalisedRecord {
  /** `file:row` of every record merged into this one, the winner first. */
  provenance: string[];
  /** Source ids of the records merged, sorted. */
  sourceIds: string[];
  /** The listings of every record merged into this one, the winner's first. */
  listings: EvidenceSource[];
}

/** A clinic after the merge stage: the records of every source that describe it, each field from the best. */
export interface JoinedRecord extends MergedRecord {
  /** Each source of the clinic with the fields it gave (the credit published with the clinic). */
  sources: ClinicSource[];
  /** What kind of place it is and how we know, decided once here, from every source's listing. */
  evidence: Evidence;
}
