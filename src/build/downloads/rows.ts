import type { ClinicRecord } from "../../dataset/types.js";
import { Clinic } from "../../schema/clinic.js";
import type { StateRef } from "../../schema/places.js";
import type { BuildContext } from "../context.js";
import { clinicDocument, stateRef } from "../documents/entries.js";
import type { Model } from "../model.js";
import type { Checker } from "../validate.js";

/** One clinic of the bulk downloads: its API document plus where it sits. */
export interface ExportRow {
  /** The clinic exactly as `/clinics/{state}/{city}.json` publishes it (validated, keys in schema order). */
  clinic: Clinic;
  /** The canonical record behind it, for the numeric latitude and longitude. */
  record: ClinicRecord;
  state: StateRef;
  city: { slug: string; name: string };
}

/** What the format writers share: the rows, and each row serialised once as a JSON document. */
export interface ExportData {
  rows: readonly ExportRow[];
  documents: readonly string[];
}

/**
 * The rows of every download, in the order the API lays clinics out: states and cities by slug, clinics by
 * name then id. Each clinic document is validated against the `Clinic` schema, like the API documents.
 * @example const rows = exportRows(ctx, groupDataset(dataset), new Checker()); rows[0].clinic.url
 */
export function exportRows(ctx: BuildContext, model: Model, check: Checker): ExportRow[] {
  const rows: ExportRow[] = [];
  for (const city of model.cities) {
    const state = stateRef(city.state);
    for (const record of city.clinics) {
      const clinic = check.parse(`downloads clinic ${record.id}`, Clinic, clinicDocument(ctx, city, record));
      rows.push({ clinic, record, state, city: { slug: city.slug, name: city.name } });
    }
  }
  return rows;
}
