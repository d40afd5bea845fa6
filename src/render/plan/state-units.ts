import type { ClinicRecord } from "../../dataset/types.js";
import type { CityGroup, RenderedClinic, StateGroup } from "../group.js";
import { splitPages } from "../site/paged.js";
import type { Summary } from "../summary.js";
import { contentKey } from "./keys.js";
import type { RenderPlan } from "./plan.js";

/**
 * What a clinic's search entries are made of (`src/render/search/emitter.ts` spills the same tuple): kept with
 * the clinic's unit, so that the next release knows which keys a changed or removed clinic had.
 */
export type SearchTuple = [
  id: string,
  name: string,
  network: string | null,
  state: string,
  citySlug: string,
  cityName: string,
  zip: string | null,
  reviews: number,
];

/** A clinic's search tuple. */
export function searchTuple(state: string, city: CityGroup, { clinic, record }: RenderedClinic): SearchTuple {
  return [
    clinic.id,
    clinic.name,
    clinic.network,
    state,
    city.city.slug,
    city.city.name,
    record.zip !== null && /^\d{5}$/.test(record.zip) ? record.zip : null,
    clinic.reviews_count ?? 0,
  ];
}

/**
 * A record as its documents and pages show it: every field but those only the downloads and stats read
 * (`provenance` is never published; `source_ids` and `network_evidence` are columns of the downloads), so that a
 * change of a row number alone does not render a clinic again.
 */
function shown(r: ClinicRecord): Omit<ClinicRecord, "provenance" | "source_ids" | "network_evidence"> {
  const { provenance: _p, source_ids: _s, network_evidence: _e, ...rest } = r;
  return rest;
}

/**
 * Decides the units of one state from their content keys: each clinic (its record — its API form is a function of
 * it and of the fingerprint's addresses —, city name and its network's identity), each city (its entry and its
 * clinics' keys), the state (its entry, its cities' entries and every clinic's key). Tombstones are decided by
 * their emitter (their key needs their nearby clinics).
 */
export function decideState(plan: RenderPlan, summary: Summary, group: StateGroup): void {
  const f = plan.fingerprint;
  const code = group.state.state.code;
  const all: string[] = [];
  for (const city of group.cities) {
    const members: string[] = [];
    for (const rc of city.clinics) {
      const network = rc.clinic.network === null ? null : summary.networkByName.get(rc.clinic.network);
      const key = contentKey(f, "clinic", [
        shown(rc.record),
        city.city.name,
        code,
        network ? [network.slug, network.wikidata] : null,
      ]);
      plan.decide("clinic", rc.clinic.id, key, JSON.stringify(searchTuple(code, city, rc)));
      members.push(key);
      all.push(key);
    }
    plan.decide(
      "city",
      city.city.slug,
      contentKey(f, "city", [city.entry, members]),
      String(splitPages(city.clinics).length),
    );
  }
  plan.decide(
    "state",
    group.state.state.slug,
    contentKey(f, "state", [group.entry, group.cities.map((c) => c.entry), all]),
  );
}
