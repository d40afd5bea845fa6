import type { ClinicRecord } from "../dataset/types.js";
import { Clinic } from "../schema/clinic.js";
import type { CityEntry, StateEntry } from "../schema/places.js";
import type { BuildContext } from "./context.js";
import { cityEntry, clinicDocument, stateEntry } from "./documents/entries.js";
import type { CitySummary, StateSummary } from "./summary.js";
import type { Checker } from "./validate.js";

/** A clinic as the data set holds it and as the API publishes it (validated once, shared by every output). */
export interface RenderedClinic {
  record: ClinicRecord;
  clinic: Clinic;
}

export interface CityGroup {
  city: CitySummary;
  entry: CityEntry;
  /** Sorted by name, then id. */
  clinics: RenderedClinic[];
}

/** One state with its cities and their clinics, in published order: what every emitter renders from. */
export interface StateGroup {
  state: StateSummary;
  entry: StateEntry;
  /** By slug. */
  cities: CityGroup[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups one state's clinics into its cities, in the order the documents list them, with each clinic's API form
 * validated against the `Clinic` schema (problems go to `check`).
 * @example const group = groupState(ctx, check, summary.states[0], await dataset.clinics.load("AL"));
 */
export function groupState(
  ctx: BuildContext,
  check: Checker,
  state: StateSummary,
  records: readonly ClinicRecord[],
): StateGroup {
  const byCity = new Map<string, ClinicRecord[]>();
  for (const r of records) {
    const list = byCity.get(r.city_slug);
    if (list) list.push(r);
    else byCity.set(r.city_slug, [r]);
  }
  const cities = state.cities.map((city) => {
    const members = (byCity.get(city.slug) ?? []).sort(
      (a, b) => byText(a.name, b.name) || byText(a.id, b.id),
    );
    return {
      city,
      entry: cityEntry(ctx, city),
      clinics: members.map((record) => ({
        record,
        clinic: check.parse(`clinic ${record.id}`, Clinic, clinicDocument(ctx, city, record)),
      })),
    };
  });
  return { state, entry: stateEntry(ctx, state), cities };
}
