import { identityName } from "../normalise/identity.js";

const FILLER = new Set([
  "urgent",
  "care",
  "clinic",
  "center",
  "centre",
  "medical",
  "walk",
  "in",
  "the",
  "of",
  "and",
  "at",
  "health",
  "immediate",
]);
const PAEDIATRIC =
  /\b(?:pediatric|pediatrics|paediatric|paediatrics|kids|kid|children|childrens|child|peds)\b/;

/** The distinctive words of a clinic name (generic words such as "urgent", "care", "clinic" left out). */
export function nameTokens(name: string): Set<string> {
  return new Set(
    identityName(name)
      .split(" ")
      .filter((w) => w && !FILLER.has(w)),
  );
}

/**
 * Whether two names could be the same clinic: one's distinctive words contain the other's, or they share at
 * least half of them. Always false between a paediatric clinic and one that is not.
 * @example similarNames("CareNow - Frisco", "CareNow Urgent Care Frisco") // true
 * @example similarNames("CareNow Urgent Care", "CareNow Pediatric Urgent Care") // false
 */
export function similarNames(a: string, b: string): boolean {
  if (isPaediatric(a) !== isPaediatric(b)) return false;
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  if (ta.size === 0 || tb.size === 0) return identityName(a) === identityName(b);
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  if (common === Math.min(ta.size, tb.size)) return true;
  return common / (ta.size + tb.size - common) >= 0.5;
}

/** Whether a clinic name says it serves children only. */
export function isPaediatric(name: string): boolean {
  return PAEDIATRIC.test(identityName(name));
}

/**
 * Both streets start with a house number, and not the same one: two places, whatever else they share.
 * @example otherHouseNumber("12 Main St", "14 Main St") // true
 */
export function otherHouseNumber(a: string | null, b: string | null): boolean {
  const na = a === null ? null : /^\s*(\d+)/.exec(a)?.[1];
  const nb = b === null ? null : /^\s*(\d+)/.exec(b)?.[1];
  return na != null && nb != null && na !== nb;
}
