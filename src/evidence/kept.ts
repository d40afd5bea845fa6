import type { Evidence, EvidenceSource } from "../schema/evidence.js";
import { decideEvidence } from "./decide.js";

/** What the normalise stage already made of a row that its listing repeats. */
export interface ListedRecord {
  source: string;
  sourceId: string | null;
  name: string;
  date: string | null;
  brand: { name: string; wikidata: string | null } | null;
}

/** The source types of the built-in profiles by the source names they credit, for records kept before listings. */
const TYPE_BY_SOURCE: Readonly<Record<string, EvidenceSource["type"]>> = {
  "CMS NPPES": "registry",
  "HIFLD Urgent Care Facilities": "facility_list",
  "Overture Maps places": "places",
  "All The Places": "store_locator",
  "Urgent Care Directory export": "export",
};

/** What a listing says of its place beyond its source, id, date, name and brand: here, nothing. */
type Bare = Pick<EvidenceSource, "type" | "name" | "id" | "date" | "listed_as" | "brand" | "brand_wikidata">;

/**
 * A listing that says no more than its source, id, date, name and brand: no legal or other names, taxonomies,
 * parent organisation, categories, confidence or data sets behind it.
 * @example bareListing({ type: "synthetic", name: "Synthetic sample", id: null, date: null, listed_as: "Quickmend Urgent Care", brand: null, brand_wikidata: null })
 */
export function bareListing(l: Bare): EvidenceSource {
  return {
    type: l.type,
    name: l.name,
    id: l.id,
    date: l.date,
    listed_as: l.listed_as,
    legal_name: null,
    other_names: [],
    taxonomies: [],
    parent_organisation: null,
    category: null,
    alternate_categories: [],
    confidence: null,
    based_on: [],
    brand: l.brand,
    brand_wikidata: l.brand_wikidata,
  };
}

/**
 * The listing of a source record kept before records carried one (a release's snapshot from before evidence): its
 * source, id, date, name and brand; what the source said besides (taxonomies, categories) was not kept and is
 * empty until the source is read again.
 */
export function keptListing(r: ListedRecord): EvidenceSource {
  return bareListing({
    type: TYPE_BY_SOURCE[r.source] ?? "mapping",
    name: r.source,
    id: r.sourceId,
    date: r.date,
    listed_as: r.name,
    brand: r.brand?.name ?? null,
    brand_wikidata: r.brand?.wikidata ?? null,
  });
}

/**
 * The evidence of a clinic a release kept before clinics carried one (an older release's records and tombstones):
 * decided again from the sources it credits, each as a listing of what it was (what they said besides — taxonomies,
 * categories — was not kept).
 * @example keptEvidence(oldRecord).sources[0]?.type // "registry"
 */
export function keptEvidence(c: {
  name: string;
  city: string;
  sources: readonly { name: string; id: string | null; date: string | null }[];
}): Evidence {
  const listings = c.sources.map((s) =>
    keptListing({ source: s.name, sourceId: s.id, name: c.name, date: s.date, brand: null }),
  );
  return decideEvidence(listings, c.name, c.city);
}
