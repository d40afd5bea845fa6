import { cityKey, identityName, identityStreet } from "../../dataset/identity.js";
import { clinicId } from "../../util/id.js";
import type { MergedRecord } from "../normalised.js";

/** How an id was decided, for the report. */
export interface IdDecision {
  id: string;
  /** Set when the id first derived was taken: the problem to report. */
  collision: string | null;
}

/**
 * The identity of a clinic, which survives re-exports, re-saves and re-ordering: normalised name, normalised
 * street (else the address, else the city) and state.
 * @example identityParts(record) // ["carenow", "1234 n main st", "TX"]
 */
export function identityParts(r: MergedRecord): string[] {
  const where = r.street ?? r.address;
  return [identityName(r.name), where === null ? `city:${cityKey(r.city)}` : identityStreet(where), r.state];
}

/**
 * The ids stage for one state. An id of our own exports is kept; a source id proven stable (the profile says so)
 * makes the id; otherwise the clinic's identity does. Two clinics of one identity (same name and street in one
 * state, different ZIP or place) are told apart by their ZIP and city, then by their content, never by row order,
 * so that re-ordered exports give the same ids. `taken` holds the ids already given (our exports' ids are global;
 * derived ids include the state, so they cannot meet another state's); the ids given here are added to it.
 * @example assignIds(texas, (r) => null, taken)
 */
export function assignIds(
  clinics: readonly MergedRecord[],
  stableSourceId: (r: MergedRecord) => string | null,
  taken: { has(id: string): boolean; add(id: string): unknown },
): Map<MergedRecord, IdDecision> {
  const out = new Map<MergedRecord, IdDecision>();
  const wanted = new Map<string, MergedRecord[]>();
  for (const r of clinics) {
    const source = stableSourceId(r);
    const id =
      r.keptId ??
      (source !== null ? clinicId(source.split(/:(.*)/s).slice(0, 2)) : clinicId(identityParts(r)));
    const list = wanted.get(id);
    if (list) list.push(r);
    else wanted.set(id, [r]);
  }
  for (const id of [...wanted.keys()].sort()) {
    const group = (wanted.get(id) as MergedRecord[]).sort(byContent);
    group.forEach((r, i) => {
      if (i === 0 && !taken.has(id)) {
        taken.add(id);
        out.set(r, { id, collision: null });
        return;
      }
      let next = clinicId([id, r.zip ?? "", cityKey(r.city)]);
      for (let n = 2; taken.has(next); n++) next = clinicId([id, r.zip ?? "", cityKey(r.city), String(n)]);
      taken.add(next);
      out.set(r, {
        id: next,
        collision: `id ${id} is taken by another clinic (same name and street); ${next} used`,
      });
    });
  }
  return out;
}

/** Order of clinics by what they are, not where they were read. */
function byContent(a: MergedRecord, b: MergedRecord): number {
  const ka = contentKey(a);
  const kb = contentKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : a.order - b.order;
}

function contentKey(r: MergedRecord): string {
  return [r.zip ?? "", cityKey(r.city), r.latitude ?? "", r.longitude ?? "", r.phone ?? "", r.name].join("|");
}
