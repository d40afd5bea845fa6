import { identityStreet } from "../../dataset/identity.js";
import { type ClinicSource, SOURCE_FIELDS, type SourceField } from "../../schema/sources.js";
import { placeEvidence } from "../evidence/index.js";
import type { JoinedRecord, MergedRecord } from "../normalised.js";

/**
 * One clinic from the records of several sources that describe it (one record per source), each field from the
 * best source that has it:
 * 1. a source that is the authority for the field (its profile's `authority`: a places data set for positions);
 * 2. for the position, a point the source gives over a ZIP code's centre (approximate) — but only from a source
 *    whose street is the clinic's (or that is the authority for positions): a 2009 point at an address the
 *    clinic has since left is worse than the centre of its present ZIP code;
 * 3. the newer record (its own date; an undated record after the dated ones) — the NPI registry's 2026 phone
 *    over a 2009 one;
 * 4. the earlier input (`--input` order), then row.
 * Fields that belong together travel together (street, ZIP, city and address; the position and where it comes
 * from; hours and their zone; rating and review count). Lists are united; the NPI is the lowest; the clinic's
 * identity (the source id that makes its id) is that of a source with stable ids, else of the earliest input.
 * Returns the clinic with each source and the fields it gave.
 * @example const clinic = joinRecords([nppesRecord, hifldRecord]); clinic.sources // [{ name: "CMS NPPES", …, fields: ["name", "address", "phone", "npi"] }, { name: "HIFLD …", fields: ["coordinates"] }]
 */
export function joinRecords(members: readonly MergedRecord[]): JoinedRecord {
  const byOrder = [...members].sort((a, b) => a.order - b.order);
  const identity = byOrder.find((m) => m.stableId && m.sourceId !== null) ?? (byOrder[0] as MergedRecord);
  if (members.length === 1)
    return {
      ...identity,
      sources: identity.givenSources ?? [ownSource(identity)],
      evidence: placeEvidence(members, identity.name, identity.city),
    };

  const gave = new Map<MergedRecord, Set<SourceField>>(members.map((m) => [m, new Set()]));
  const pick = (field: SourceField, has: (m: MergedRecord) => boolean): MergedRecord | null => {
    let best: MergedRecord | null = null;
    for (const m of byOrder) if (has(m) && (best === null || better(field, m, best))) best = m;
    if (best !== null) gave.get(best)?.add(field);
    return best;
  };
  const name = pick("name", () => true) as MergedRecord;
  const place = pick("address", (m) => m.street !== null || m.address !== null) ?? name;
  const street = place.street === null ? null : identityStreet(place.street);
  const point = pick(
    "coordinates",
    (m) =>
      m.latitude !== null &&
      (m === place ||
        authorityFor(m, "coordinates") ||
        street === null ||
        m.street === null ||
        identityStreet(m.street) === street),
  );
  const phone = pick("phone", (m) => m.phone !== null);
  const website = pick("website", (m) => m.website !== null);
  const hours = pick("hours", (m) => m.weekly !== null);
  const rating = pick("rating", (m) => m.rating !== null);
  const neighborhood = pick("neighborhood", (m) => m.neighborhood !== null);
  const npis = byOrder.map((m) => m.npi).filter((n): n is string => n !== null);
  const npi = npis.length ? (npis.sort()[0] as string) : null;
  if (npi !== null) for (const m of byOrder) if (m.npi === npi) gave.get(m)?.add("npi");
  const services = unite(byOrder, "services", gave);
  const insurance = unite(byOrder, "insurance", gave);
  const network = byOrder.find((m) => m.networkColumn !== null) ?? null;
  const branded = byOrder.find((m) => m.brand != null);
  // The evidence names the source that gave the brand, not the clinic's first source.
  const brand = branded?.brand ? { ...branded.brand, source: branded.source } : null;
  const dates = byOrder.map((m) => m.date).filter((d): d is string => d !== null);

  const ranked = [name, ...byOrder.filter((m) => m !== name)];
  return {
    ...identity,
    order: (byOrder[0] as MergedRecord).order,
    keptId: byOrder.find((m) => m.keptId !== null)?.keptId ?? null,
    name: name.name,
    brandPrefix: name.brandPrefix,
    networksFromNames: name.networksFromNames,
    networkColumn: network?.networkColumn ?? null,
    networkEvidence: network?.networkEvidence ?? null,
    brand,
    street: place.street,
    address: place.address,
    zip: place.zip,
    city: place.city,
    citySlug: place.citySlug,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    coordinatesSource: point?.coordinatesSource ?? null,
    phone: phone?.phone ?? null,
    website: website?.website ?? null,
    weekly: hours?.weekly ?? null,
    timezone: hours?.timezone ?? null,
    rating: rating?.rating ?? null,
    reviews_count: rating?.reviews_count ?? null,
    neighborhood: neighborhood?.neighborhood ?? null,
    services,
    insurance,
    npi,
    date: dates.length ? (dates.sort().at(-1) as string) : null,
    sourceIds: [...new Set(byOrder.flatMap((m) => m.sourceIds))].sort(),
    provenance: ranked.flatMap((m) => m.provenance),
    repairs: ranked.flatMap((m) => m.repairs),
    givenSources: null,
    sources: byOrder.map((m) => sourceOf(m, gave.get(m) as Set<SourceField>)),
    listings: byOrder.flatMap((m) => m.listings),
    givenEvidence: null,
    evidence: placeEvidence(byOrder, name.name, place.city),
  };
}

/** Whether `a` gives a field before `b` (the rules of `joinRecords`). */
function better(field: SourceField, a: MergedRecord, b: MergedRecord): boolean {
  const authority = Number(authorityFor(b, field)) - Number(authorityFor(a, field));
  if (authority !== 0) return authority < 0;
  if (field === "coordinates" && a.coordinatesSource !== b.coordinatesSource)
    return a.coordinatesSource === "source";
  if (a.date !== b.date) return b.date === null || (a.date !== null && a.date > b.date);
  return a.order < b.order;
}

/**
 * Whether a record speaks for a field as its source's authority: a places data set is the authority for positions
 * it gives, not for the centre of a ZIP code it was placed at when it had none.
 */
function authorityFor(m: MergedRecord, field: SourceField): boolean {
  return m.authority.includes(field) && (field !== "coordinates" || m.coordinatesSource === "source");
}

function unite(
  members: readonly MergedRecord[],
  field: "services" | "insurance",
  gave: Map<MergedRecord, Set<SourceField>>,
): string[] {
  const all = new Set<string>();
  for (const m of members) {
    if (m[field].length === 0) continue;
    gave.get(m)?.add(field);
    for (const item of m[field]) all.add(item);
  }
  return [...all].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

/** The credit of a clinic that one source alone describes: every field it has a value for. */
export function ownSource(r: MergedRecord): ClinicSource {
  const fields = new Set<SourceField>(["name"]);
  if (r.street !== null || r.address !== null) fields.add("address");
  if (r.phone !== null) fields.add("phone");
  if (r.latitude !== null) fields.add("coordinates");
  if (r.website !== null) fields.add("website");
  if (r.weekly !== null) fields.add("hours");
  if (r.services.length > 0) fields.add("services");
  if (r.insurance.length > 0) fields.add("insurance");
  if (r.rating !== null) fields.add("rating");
  if (r.neighborhood !== null) fields.add("neighborhood");
  if (r.npi !== null) fields.add("npi");
  return sourceOf(r, fields);
}

function sourceOf(r: MergedRecord, fields: ReadonlySet<SourceField>): ClinicSource {
  return {
    name: r.source,
    id: r.sourceId,
    merged_ids: r.sourceIds.filter((id) => id !== r.sourceId),
    date: r.date,
    fields: SOURCE_FIELDS.filter((f) => fields.has(f)),
  };
}
