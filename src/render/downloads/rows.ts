import type { ClinicRecord } from "../../dataset/types.js";
import type { Clinic } from "../../schema/clinic.js";
import type { StateRef } from "../../schema/places.js";
import { stateRef } from "../documents/entries.js";
import type { CityGroup } from "../group.js";

/** One clinic of the bulk downloads: its API document plus where it sits. */
export interface ExportRow {
  /** The clinic exactly as `/clinics/{state}/{city}.json` publishes it (validated, keys in schema order). */
  clinic: Clinic;
  /** The canonical record behind it, for the numeric latitude and longitude. */
  record: ClinicRecord;
  state: StateRef;
  city: { slug: string; name: string };
}

/**
 * The network evidence of a row as one text, `kind: detail` (the form the canonical import reads back).
 * @example evidenceText(row.record) // "dictionary: carenow"
 */
export function evidenceText(r: ClinicRecord): string | null {
  return r.network_evidence === null ? null : `${r.network_evidence.kind}: ${r.network_evidence.detail}`;
}

/**
 * The rows of one city, in the order the API lists its clinics.
 * @example const rows = exportRows(group.cities[0]); rows[0].clinic.url
 */
export function exportRows(city: CityGroup): ExportRow[] {
  const state = stateRef(city.city.state);
  const place = { slug: city.city.slug, name: city.city.name };
  return city.clinics.map(({ clinic, record }) => ({ clinic, record, state, city: place }));
}
