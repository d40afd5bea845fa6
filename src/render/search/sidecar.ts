import type { SearchShard } from "../../schema/search.js";
import { type Entry, entryBytes } from "./layout.js";
import type { Field, IndexedClinic } from "./tokens.js";

/**
 * What a shard's document does not show and the next release needs to lay the index out from it
 * (`./relayout.ts`): each clinic's reviews (they rank a head and a common key), and the field each key of a
 * clinic comes from — per key, one digit per listed clinic (a leaf), or one per clinic (a head).
 * @example { r: [12, 0], f: { bluepine: "00", austin: "2" } }
 */
export interface Sidecar {
  /** Reviews of the document's clinics, in its order. */
  r: number[];
  /** Leaf: each key's fields, in the order of its clinic indexes. Head: the clinics' fields. */
  f: Record<string, string> | string;
}

/** The clinics of a document, as the index knew them (the side-car gives their reviews). */
function clinicsOf(doc: SearchShard, sidecar: Sidecar): IndexedClinic[] {
  if (sidecar.r.length !== doc.clinics.length)
    throw new Error(`side-car of ${doc.prefix} does not fit its shard`);
  return doc.clinics.map(([id, name, network, city, zip], i) => {
    const [state, citySlug, cityName] = doc.cities[city] as [string, string, string];
    return {
      id,
      name,
      network: network === null ? null : (doc.networks[network] as string),
      state,
      citySlug,
      cityName,
      zip,
      reviews: sidecar.r[i] as number,
    };
  });
}

const entry = (clinic: IndexedClinic, field: string | undefined): Entry => {
  if (field === undefined) throw new Error(`side-car without the field of ${clinic.id}`);
  return { clinic, field: Number(field) as Field, bytes: entryBytes(clinic) };
};

/** A leaf read back from its document and side-car: each key with its listed clinics. */
export function leafLists(doc: SearchShard, sidecar: Sidecar): Map<string, Entry[]> {
  const clinics = clinicsOf(doc, sidecar);
  const fields = sidecar.f;
  if (typeof fields === "string") throw new Error(`side-car of the leaf ${doc.prefix} is a head's`);
  const keys = new Map<string, Entry[]>();
  for (const [k, positions] of Object.entries(doc.keys)) {
    const f = fields[k];
    if (f === undefined || f.length !== positions.length)
      throw new Error(`side-car of ${doc.prefix}: key ${k}`);
    keys.set(
      k,
      positions.map((p, j) => entry(clinics[p] as IndexedClinic, f[j])),
    );
  }
  return keys;
}

/** A head read back from its document and side-car: its clinics, best first. */
export function headList(doc: SearchShard, sidecar: Sidecar): Entry[] {
  const clinics = clinicsOf(doc, sidecar);
  const fields = sidecar.f;
  if (typeof fields !== "string" || fields.length !== clinics.length)
    throw new Error(`side-car of the head ${doc.prefix} does not fit it`);
  return clinics.map((c, i) => entry(c, fields[i]));
}
