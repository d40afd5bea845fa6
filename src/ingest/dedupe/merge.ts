import type { MergedRecord } from "../normalised.js";

/**
 * Folds a lower-precedence duplicate into the record that wins. For every field the winner's value is kept when
 * known; otherwise the duplicate's. Coordinates, hours with their time zone, and the street/ZIP/address group
 * travel together so that halves of two records are never mixed. Services and insurance are the union;
 * provenance and repairs are concatenated, source ids united; the date is the newest. Coordinates from the source
 * replace approximate ones (a ZIP centroid). The network is decided after merging, from the merged record.
 * @example mergeInto(winner, duplicate) // winner, completed
 */
export function mergeInto(winner: MergedRecord, dup: MergedRecord): void {
  const approximate = winner.coordinatesSource === "zip_centroid" && dup.coordinatesSource === "source";
  if ((winner.latitude === null && dup.latitude !== null) || approximate) {
    winner.latitude = dup.latitude;
    winner.longitude = dup.longitude;
    winner.coordinatesSource = dup.coordinatesSource;
  }
  if (winner.weekly === null && dup.weekly !== null) {
    winner.weekly = dup.weekly;
    winner.timezone = dup.timezone;
  }
  if (winner.address === null && dup.address !== null) {
    winner.address = dup.address;
    winner.street = dup.street;
    winner.zip = dup.zip;
  }
  if (winner.networkColumn === null && dup.networkColumn !== null) {
    winner.networkColumn = dup.networkColumn;
    winner.networkEvidence = dup.networkEvidence;
  }
  winner.brand ??= dup.brand;
  winner.neighborhood ??= dup.neighborhood;
  winner.phone ??= dup.phone;
  winner.website ??= dup.website;
  if (winner.rating === null && dup.rating !== null) {
    winner.rating = dup.rating;
    winner.reviews_count = dup.reviews_count;
  }
  winner.services = union(winner.services, dup.services);
  winner.insurance = union(winner.insurance, dup.insurance);
  winner.provenance.push(...dup.provenance);
  winner.sourceIds = union(winner.sourceIds, dup.sourceIds);
  winner.repairs.push(...dup.repairs);
  winner.listings.push(...dup.listings);
  winner.givenEvidence ??= dup.givenEvidence;
  if (dup.date !== null && (winner.date === null || dup.date > winner.date)) winner.date = dup.date;
  // One clinic under several NPIs (subparts): the lowest, whatever the order the registry lists them in.
  if (dup.npi !== null && (winner.npi === null || dup.npi < winner.npi)) winner.npi = dup.npi;
}

function union(a: string[], b: string[]): string[] {
  if (b.length === 0) return a;
  return [...new Set([...a, ...b])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}
