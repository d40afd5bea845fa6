// @ts-check
// Scores a merge against the generator's ground truth: of the places Overture shares with NPPES (true pairs), how
// many ended in the clinic of their NPPES record; which clinics hold records the truth says are different places
// (false merges); which pairs stayed apart (missed).

/** @typedef {import("./plan.mjs").PlaceTruth} PlaceTruth */

/**
 * @param {{ source_ids: string[], sources: { name: string, id: string | null, merged_ids: string[] }[], zip: string | null }[]} clinics
 *   the published clinics (their source ids and sources)
 * @param {PlaceTruth[]} places the ground truth's places
 * @returns {{ truePairs: number, merged: number, missed: { id: string, variant: string | null, clinic: string[] }[], falseMerges: { overture: string, nppes: string[], expected: string[] | null }[], overtureOnly: number, overtureOnlyPublishedAlone: number }}
 */
export function scoreMerge(clinics, places) {
  /** @type {Map<string, { ids: string[] }>} */
  const byOverture = new Map();
  for (const c of clinics) {
    const ids = [...new Set([...c.source_ids, ...c.sources.flatMap((s) => [s.id, ...s.merged_ids])])].filter(
      (x) => x !== null,
    );
    for (const id of ids)
      if (id.startsWith("overture:")) byOverture.set(id.slice("overture:".length), { ids });
  }
  const pairs = places.filter((p) => p.kind === "pair");
  const out = {
    truePairs: pairs.length,
    merged: 0,
    /** @type {{ id: string, variant: string | null, clinic: string[] }[]} */
    missed: [],
    /** @type {{ overture: string, nppes: string[], expected: string[] | null }[]} */
    falseMerges: [],
    overtureOnly: 0,
    overtureOnlyPublishedAlone: 0,
  };
  for (const p of places) {
    if (p.kind !== "pair" && p.kind !== "overture_only") continue;
    const clinic = byOverture.get(p.id);
    const nppes = clinic ? clinic.ids.filter((x) => x.startsWith("npi:")) : [];
    const others = clinic
      ? clinic.ids.filter((x) => x.startsWith("overture:") && x !== `overture:${p.id}`)
      : [];
    if (p.kind === "overture_only") {
      out.overtureOnly++;
      if (clinic && nppes.length === 0 && others.length === 0) out.overtureOnlyPublishedAlone++;
      if (nppes.length > 0) out.falseMerges.push({ overture: p.id, nppes, expected: null });
      continue;
    }
    const t = /** @type {NonNullable<PlaceTruth["nppes"]>} */ (p.nppes);
    const expected =
      t.location === "primary"
        ? (/** @type {string} */ id) => t.npis.some((n) => id === `npi:${n}`)
        : (/** @type {string} */ id) => id.startsWith(`npi:${t.npi}/pl/`);
    const right = nppes.filter(expected);
    // Another NPI of the same organisation at another place, or another organisation: a false merge. (A clinic
    // may hold other NPIs rightly: subparts, or a secondary location listed twice.)
    const wrong = nppes.filter((id) => !expected(id) && !sameOrganisationSamePlace(id, t));
    if (wrong.length > 0 || others.length > 0)
      out.falseMerges.push({
        overture: p.id,
        nppes: [...wrong, ...others],
        expected: t.npis.map((n) => `npi:${n}`),
      });
    if (right.length > 0) out.merged++;
    else out.missed.push({ id: p.id, variant: p.variant, clinic: clinic?.ids ?? [] });
  }
  return out;
}

/** A secondary location's id of the primary's own NPI, or the other way round: one organisation, listed twice. */
function sameOrganisationSamePlace(
  /** @type {string} */ id,
  /** @type {NonNullable<PlaceTruth["nppes"]>} */ t,
) {
  return t.npis.some((n) => id === `npi:${n}` || id.startsWith(`npi:${n}/pl/`));
}
