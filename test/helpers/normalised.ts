// One normalised record with every field set, for tests of the stages after normalisation (dedupe, merge): a
// test names only what it is about, and a field added to NormalisedRecord is added here once.
import { keptListing } from "../../src/evidence/index.js";
import type { NormalisedRecord } from "../../src/ingest/normalised.js";

/**
 * A record of one source at row `order + 2` of `in.csv`: an Austin clinic with a real point, no date, no network
 * evidence; `over` replaces any field.
 * @example normalisedRecord(0, { name: "Acme Urgent Care North" })
 */
export function normalisedRecord<
  T extends Partial<NormalisedRecord> & { listings?: NormalisedRecord["listing"][] },
>(order: number, over: T = {} as T) {
  const record: Omit<NormalisedRecord, "listing" | "givenEvidence"> = {
    order,
    input: 0,
    file: "in.csv",
    row: order + 2,
    source: "test",
    sourceId: null,
    stableId: false,
    npi: null,
    authority: [],
    givenSources: null,
    givenSourceIds: [],
    keptId: null,
    name: "Acme Urgent Care",
    networksFromNames: true,
    networkColumn: null,
    networkEvidence: null,
    brand: null,
    brandPrefix: null,
    street: "1 Main St",
    address: "1 Main St, Austin, TX 78701",
    zip: "78701",
    neighborhood: null,
    latitude: 30.27,
    longitude: -97.74,
    coordinatesSource: "source",
    phone: "(512) 555-0100",
    weekly: null,
    timezone: null,
    services: [],
    insurance: [],
    rating: null,
    reviews_count: null,
    website: null,
    state: "TX",
    city: "Austin",
    citySlug: null,
    date: null,
    repairs: [],
  };
  const merged = { ...record, givenEvidence: null, ...over };
  // What the source says: a listing of its kind (by its name: "CMS NPPES" is a registry), unless the test gives one.
  const listing =
    over.listing ??
    keptListing({
      source: merged.source,
      sourceId: merged.sourceId,
      name: merged.name,
      date: merged.date,
      brand: merged.brand,
    });
  return { ...merged, listing, listings: over.listings ?? [listing] };
}
