import { identityName, identityStreet } from "../../dataset/identity.js";
import { distanceKm } from "../../geo/distance.js";
import type { MergedRecord, NormalisedRecord } from "../normalised.js";
import type { Problem } from "../problems.js";
import { mergeInto } from "./merge.js";
import { isPaediatric, similarNames } from "./similarity.js";

/** Two records with one phone number are one clinic only when this close (and similarly named). */
export const PHONE_MERGE_RADIUS_KM = 0.1;
const CELL = 0.002; // degrees, ≈ 220 m of latitude: neighbouring cells cover the merge radius

export type MergeReason = "same_source_id" | "same_name_address" | "same_address_phone" | "same_phone_nearby";

/**
 * Merges the records of one state that are the same clinic, in precedence order (`order`: input files in
 * command-line order, then rows), into merged records (the records passed in are the stage's own, read from the
 * state's spill file, and are completed in place: they are the merged records returned):
 * 1. same source id (`hifld:123` twice, or the same id in our exports) and similar names — a source id alone
 *    proves nothing across exports that number their rows or renumber their ids;
 * 2. same normalised name and street address in the same state and ZIP/city;
 * 3. same street address (with its suite), ZIP and phone, whatever the names: one place with one number is one
 *    clinic (an NPI registry lists subparts of one clinic under their legal names);
 * 4. same phone within 100 m and similar names, both points the sources' own (two ZIP centres prove nothing).
 * An adult and a paediatric clinic never merge by rules 2–4, and a chain's shared phone merges nothing farther
 * apart than 100 m. Every merge is reported; returns the surviving records with merge counts by reason.
 * The records are one source's (the resolve stage dedupes each source on its own; `src/ingest/merge` joins
 * sources).
 * @example const { clinics, merged } = dedupe(texas, where, stableId, log.add.bind(log));
 */
export function dedupe(
  records: NormalisedRecord[],
  where: (r: NormalisedRecord) => string,
  stableSourceId: (r: NormalisedRecord) => string | null,
  report: (p: Problem) => void,
): { clinics: MergedRecord[]; merged: Record<string, number> } {
  // Completed in place (a copy of each record cost more than the rest of the stage), keys computed once.
  const sorted = records
    .map((r): Keyed => {
      const id = stableSourceId(r);
      const sourceIds =
        r.givenSourceIds.length === 0
          ? id === null
            ? []
            : [id]
          : [...new Set([...(id === null ? [] : [id]), ...r.givenSourceIds])].sort();
      const record: MergedRecord = Object.assign(r, {
        repairs: [...r.repairs],
        provenance: [where(r)],
        sourceIds,
        listings: [r.listing],
      });
      return { record, ...identityKeys(record) };
    })
    .sort((a, b) => a.record.order - b.record.order);
  const bySource = new Map<string, MergedRecord>();
  const byNameAddress = new Map<string, MergedRecord>();
  const byAddressPhone = new Map<string, MergedRecord>();
  const byPhoneCell: PhoneCells = new Map();
  const clinics: MergedRecord[] = [];
  const merged: Record<string, number> = {};

  const register = (winner: MergedRecord, k: Keyed) => {
    const c = k.record;
    for (const id of c.sourceIds) if (!bySource.has(id)) bySource.set(id, winner);
    if (k.nameAddress !== null && !byNameAddress.has(k.nameAddress)) byNameAddress.set(k.nameAddress, winner);
    if (k.addressPhone !== null && !byAddressPhone.has(k.addressPhone))
      byAddressPhone.set(k.addressPhone, winner);
    if (c.phone !== null && c.latitude !== null && c.longitude !== null && c.coordinatesSource === "source") {
      let cells = byPhoneCell.get(c.phone);
      if (!cells) {
        cells = new Map();
        byPhoneCell.set(c.phone, cells);
      }
      const key = cellKey(Math.floor(c.latitude / CELL), Math.floor(c.longitude / CELL));
      const list = cells.get(key);
      if (list) {
        if (!list.includes(winner)) list.push(winner);
      } else cells.set(key, [winner]);
    }
  };

  for (const k of sorted) {
    const c = k.record;
    let target: MergedRecord | undefined;
    let reason: MergeReason | undefined;
    for (const id of c.sourceIds) {
      const hit = bySource.get(id);
      if (hit && similarNames(hit.name, c.name)) {
        target = hit;
        reason = "same_source_id";
        break;
      }
    }
    if (!target) {
      const hit = k.nameAddress === null ? undefined : byNameAddress.get(k.nameAddress);
      if (hit && isPaediatric(hit.name) === isPaediatric(c.name)) {
        target = hit;
        reason = "same_name_address";
      }
    }
    if (!target) {
      const hit = k.addressPhone === null ? undefined : byAddressPhone.get(k.addressPhone);
      if (hit && isPaediatric(hit.name) === isPaediatric(c.name)) {
        target = hit;
        reason = "same_address_phone";
      }
    }
    if (
      !target &&
      c.phone !== null &&
      c.latitude !== null &&
      c.longitude !== null &&
      c.coordinatesSource === "source"
    ) {
      target = nearbySamePhone(byPhoneCell, c);
      if (target) reason = "same_phone_nearby";
    }
    if (target && reason) {
      merged[reason] = (merged[reason] ?? 0) + 1;
      const [file, row] = splitProvenance(c.provenance[0] as string);
      report({
        file,
        row,
        field: "",
        code: reason,
        message: `duplicate of ${target.provenance[0]} ("${target.name}"); merged into it`,
        kind: "merged",
      });
      mergeInto(target, c);
      register(target, k);
      continue;
    }
    clinics.push(c);
    register(c, k);
  }
  return { clinics, merged };
}

/** A record with the keys it is found under (`nameAddressKey`, `addressPhoneKey`). */
interface Keyed {
  record: MergedRecord;
  nameAddress: string | null;
  addressPhone: string | null;
}

/** `nameAddressKey` and `addressPhoneKey` of a record, its street reduced once for both. */
function identityKeys(c: NormalisedRecord): { nameAddress: string | null; addressPhone: string | null } {
  const street = c.street ?? c.address;
  if (street === null) return { nameAddress: null, addressPhone: null };
  const reduced = identityStreet(street);
  const place = c.zip?.slice(0, 5) ?? c.city.toLowerCase();
  return {
    nameAddress: `${c.state}|${identityName(c.name)}|${reduced}|${place}`,
    addressPhone:
      c.street === null || c.zip === null || c.phone === null
        ? null
        : `${c.state}|${reduced}|${c.zip.slice(0, 5)}|${c.phone}`,
  };
}

/** The clinics filed under each phone, by the cell of each position they were given with (`cellKey`). */
type PhoneCells = Map<string, Map<number, MergedRecord[]>>;

/** A number for a cell of the grid (latitude and longitude cells are well within ±10⁶): no text to make. */
const cellKey = (i: number, j: number) => i * 2_000_000 + j;

function nearbySamePhone(byPhoneCell: PhoneCells, c: MergedRecord): MergedRecord | undefined {
  const cells = c.phone === null ? undefined : byPhoneCell.get(c.phone);
  if (!cells) return undefined;
  const lat = c.latitude as number;
  const lng = c.longitude as number;
  const ci = Math.floor(lat / CELL);
  const cj = Math.floor(lng / CELL);
  let best: MergedRecord | undefined;
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      for (const other of cells.get(cellKey(ci + di, cj + dj)) ?? []) {
        // A ZIP code's centre is where the directory put a clinic, not where it is: two of them prove nothing.
        if (other.latitude === null || other.longitude === null || other.coordinatesSource !== "source")
          continue;
        if (distanceKm(lat, lng, other.latitude, other.longitude) > PHONE_MERGE_RADIUS_KM) continue;
        if (!similarNames(other.name, c.name)) continue;
        if (!best || other.order < best.order) best = other;
      }
    }
  }
  return best;
}

/** Identity of a clinic by name and street: state, normalised name, normalised street, ZIP (else city). */
export function nameAddressKey(c: NormalisedRecord): string | null {
  const street = c.street ?? c.address;
  if (street === null) return null;
  const place = c.zip?.slice(0, 5) ?? c.city.toLowerCase();
  return `${c.state}|${identityName(c.name)}|${identityStreet(street)}|${place}`;
}

/** Identity of a place with its phone: state, normalised street, 5-digit ZIP and phone; null when one is unknown. */
export function addressPhoneKey(c: NormalisedRecord): string | null {
  if (c.street === null || c.zip === null || c.phone === null) return null;
  return `${c.state}|${identityStreet(c.street)}|${c.zip.slice(0, 5)}|${c.phone}`;
}

/** `"dir/file.csv:12"` → `["dir/file.csv", 12]` (file names may hold colons; the row is after the last). */
export function splitProvenance(p: string): [string, number] {
  const i = p.lastIndexOf(":");
  return [p.slice(0, i), Number(p.slice(i + 1))];
}
