import type { Candidate } from "../candidate.js";
import { BRAND_MIN_CITIES, BRAND_MIN_CLINICS } from "./brand-prefix.js";
import { words } from "./recognise.js";

/**
 * Gives the network of a "BRAND - LOCATION" brand the dictionary does not know, when that brand opens the
 * names of at least 3 clinics in at least 2 cities: a chain by the evidence of the data set itself. A single
 * "Smith Clinic - Downtown" stays independent. The brand is written as most of its clinics write it.
 * @example resolveBrandPrefixes(clinics) // number of clinics given a network
 */
export function resolveBrandPrefixes(clinics: readonly Candidate[]): number {
  const groups = new Map<string, Candidate[]>();
  for (const c of clinics) {
    if (c.network !== null || c.brandPrefix === null) continue;
    const key = words(c.brandPrefix);
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  let assigned = 0;
  for (const members of groups.values()) {
    const cities = new Set(members.map((m) => `${m.state}|${m.city.toLowerCase()}`));
    if (members.length < BRAND_MIN_CLINICS || cities.size < BRAND_MIN_CITIES) continue;
    const spelling = new Map<string, number>();
    for (const m of members)
      spelling.set(m.brandPrefix as string, (spelling.get(m.brandPrefix as string) ?? 0) + 1);
    const name = [...spelling.entries()].sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
    )[0]?.[0] as string;
    for (const m of members) m.network = name;
    assigned += members.length;
  }
  return assigned;
}
