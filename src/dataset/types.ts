import type { Evidence, EvidenceLevel, PlaceKind } from "../schema/evidence.js";
import type { Hours } from "../schema/hours.js";
import type { Source } from "../schema/meta.js";
import type { ClinicSource } from "../schema/sources.js";

/** Why a clinic belongs to its network. */
export interface NetworkEvidence {
  /**
   * - `source_column`: the source names the network in a column of its own;
   * - `brand`: a places data set or a locator gives the clinic's brand (Overture's `brand`), with its Wikidata item
   *   (without it, only where the network has other evidence in the state);
   * - `registry_organisation`: a registry lists the clinic under one parent organisation or legal name with other
   *   places of the state;
   * - `dictionary`: the name matches a brand of the network dictionary, in a state of the brand's footprint
   *   (and, where the dictionary says so, in the years the brand applied);
   * - `name_pattern`: the "BRAND - LOCATION" names of several clinics in one coherent region of the data set, where
   *   the network has other evidence in the state.
   */
  kind: "source_column" | "brand" | "registry_organisation" | "dictionary" | "name_pattern";
  /** What matched: the column and its value, the brand, the dictionary variant, or the shared brand prefix. */
  detail: string;
  /** The brand's Wikidata item (`Q…`, CC0), from `brand` evidence only: the one source of a network's id. */
  wikidata?: string;
}

/**
 * One clinic of the canonical data set: what ingest produces and build consumes.
 * It carries everything the API shows plus where the clinic sits (state, city) and its provenance.
 */
export interface ClinicRecord {
  id: string;
  name: string;
  network: string | null;
  network_evidence: NetworkEvidence | null;
  /** One-line address: street, city, state and ZIP code, as published. */
  address: string | null;
  /** Street line (with suite) alone, for structured addresses; null when unknown. */
  street: string | null;
  /** 5-digit ZIP code; null when unknown. */
  zip: string | null;
  neighborhood: string | null;
  latitude: number | null;
  longitude: number | null;
  /**
   * Where the coordinates come from: `source` (as the source gives them) or `zip_centroid` (approximate: the
   * centre of the clinic's ZIP code area, placed offline); null exactly when there are no coordinates.
   */
  coordinates_source: "source" | "zip_centroid" | null;
  phone: string | null;
  /** Opening hours with the clinic's IANA time zone, decided once by ingest or the sample. */
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
  /** The record's own date (YYYY-MM-DD) when the source dates it (HIFLD: CONTDATE/GEODATE); the newest of its sources'. */
  date: string | null;
  /** National Provider Identifier (CMS NPPES), the lowest when the clinic has several; null when none is known. */
  npi: string | null;
  /** The sources the clinic's data comes from, each with its record id, date and the fields it gave. */
  sources: ClinicSource[];
  /** What kind of place it is and how we know: every source that lists it, what each says, and the level. */
  evidence: Evidence;
  /** Stable identifiers the sources give this clinic, namespaced (`hifld:10001234`); row numbers never count. */
  source_ids: string[];
  /** Where the record came from: "file:row" for imports, "sample" for generated data. */
  provenance: string[];
}

/** A place ingest decided not to publish for its kind, as the import's report lists it (with its evidence). */
export interface WithheldPlace {
  name: string;
  /** USPS code. */
  state: string;
  city: string;
  address: string | null;
  npi: string | null;
  source_ids: string[];
  /** `file:row` of its records. */
  provenance: string[];
  /** `not_walk_in: <kind>`. */
  reason: string;
  evidence: Evidence;
}

/** Places by kind and evidence level (published or not for their kind), as ingest decided them. */
export type PlaceCounts = Partial<Record<PlaceKind, Partial<Record<EvidenceLevel, number>>>>;

/** A city of the data set with its centre and time zone; cities without clinics are not published. */
export interface CityRecord {
  state: string;
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  /** IANA time zone (a US zone name) at the city's centre. */
  timezone: string;
  /** `place`: a known place (Census/GeoNames) matched with evidence; `clinics`: the mean of its clinics. */
  center_source: "place" | "clinics";
}

/** A network of the data set; its counts are derived by the build. */
export interface NetworkRecord {
  name: string;
  /** Wikidata item of the brand (`Q…`) when known; Wikidata is CC0. */
  wikidata: string | null;
}

/** Figures of the ingest that produced the data set, reported in stats.json. */
export interface IngestReport {
  read: number;
  /** Records of the last release an update carried over (read + carried = published + rejected + merged). */
  carried: number;
  /** Records of the last release an update replaced or removed (its NPIs' new rows, deactivations). */
  replaced: number;
  /**
   * Rejected records by reason, each record counted once under its first reason (so that read = published +
   * rejected + merged); a record's every reason is in the import's problem log.
   */
  rejected: Record<string, number>;
  repaired: Record<string, number>;
  merged: Record<string, number>;
  /** Published records with at least one repaired field. */
  repairedRecords: number;
  /** Published clinics by the evidence of their network (`NetworkEvidence.kind`). */
  networkEvidence: Record<string, number>;
  /**
   * Places by state (USPS code), kind and evidence level: the published clinics and the places not published for
   * their kind (places rejected for another reason, such as no location, are not counted).
   */
  places: Record<string, PlaceCounts>;
  /** The kinds of place published (`walk_in_urgent_care`, and those the operator kept). */
  keptKinds: PlaceKind[];
}

/**
 * The clinics of a data set, read one state at a time so that memory stays bounded by the largest state.
 * Each `load` returns a fresh array the caller owns.
 */
export interface ClinicStore {
  /** Number of clinics in all. */
  readonly size: number;
  /** The clinics of one state (USPS code), in no particular order; [] when it has none. */
  load(state: string): Promise<ClinicRecord[]>;
  /** Releases what backs the store (temporary files); loading afterwards is an error. */
  dispose(): Promise<void>;
}

/** A data set whose clinics are all in memory (interim, for the in-memory build). */
export type FlatDataset = Omit<Dataset, "clinics"> & { clinics: ClinicRecord[] };

export interface Dataset {
  source: Source;
  /** Date of the data release, YYYY-MM-DD. */
  dataVersion: string;
  /** Oldest and newest of the records' own dates; null when the source does not date its records. */
  recordDates: { oldest: string | null; newest: string | null };
  clinics: ClinicStore;
  cities: CityRecord[];
  networks: NetworkRecord[];
  report: IngestReport;
  /**
   * A folder of the import's source records (`src/ingest/snapshot.ts`), kept with the release so that the next
   * update applies to them; null for the sample.
   */
  snapshot: string | null;
}
