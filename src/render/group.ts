import type { ClinicRecord } from "../dataset/types.js";
import type { Clinic } from "../schema/clinic.js";
import type { CityEntry, StateEntry } from "../schema/places.js";
import type { BuildContext } from "./context.js";
import { cityEntry, clinicDocument, stateEntry } from "./documents/entries.js";
import type { CitySummary, StateSummary } from "./summary.js";

/**
 * A clinic as the data set holds it and as the API publishes it (shared by every output; checked against the
 * `Clinic` schema inside every document that shows it, when that document is rendered).
 */
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

/** One state with its cities and their clinics, in published order: what every unit and output of a state renders from. */
export interface StateGroup {
  state: StateSummary;
  entry: StateEntry;
  /** By slug. */
  cities: CityGroup[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups one state's clinics into its cities, in the order the documents list them, with each clinic's API form.
 * The form is not validated here: most clinics of a release are carried unchanged, and every document written is
 * validated whole (a clinic's document, its city's), so a clinic whose unit renders is checked there.
 * @example const group = groupState(ctx, summary.states[0], await dataset.clinics.load("AL"));
 */
export function groupState(
  ctx: BuildContext,
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
      clinics: members.map((record) => ({ record, clinic: clinicDocument(ctx, city, record) })),
    };
  });
  return { state, entry: stateEntry(ctx, state), cities };
}
