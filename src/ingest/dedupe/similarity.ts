import { identityName } from "../../dataset/identity.js";

const FILLER = new Set([
  "urgent",
  "care",
  "family",
  "express",
  "after",
  "hours",
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

/**
 * The distinctive words of a clinic name (generic words such as "urgent", "care", "clinic" left out, and the words
 * in `ignore`: a town's name says nothing of which of its clinics a name is).
 */
export function nameTokens(name: string, ignore?: ReadonlySet<string>): Set<string> {
  return new Set(
    identityName(name)
      .split(" ")
      .filter((w) => w && !FILLER.has(w) && !ignore?.has(w)),
  );
}

/** The words of a town's name, for `nameTokens` to leave out. */
export function townWords(...cities: (string | null)[]): Set<string> {
  return new Set(cities.flatMap((c) => (c === null ? [] : identityName(c).split(" ").filter(Boolean))));
}

/**
 * Whether two names could be the same clinic: one's distinctive words (those of `ignore` left out) contain the
 * other's, or they share at least half of them. Always false between a paediatric clinic and one that is not.
 * @example similarNames("CareNow - Frisco", "CareNow Urgent Care Frisco") // true
 * @example similarNames("CareNow Urgent Care", "CareNow Pediatric Urgent Care") // false
 */
export function similarNames(a: string, b: string, ignore?: ReadonlySet<string>): boolean {
  if (isPaediatric(a) !== isPaediatric(b)) return false;
  const ta = nameTokens(a, ignore);
  const tb = nameTokens(b, ignore);
  if (ta.size === 0 || tb.size === 0) return bareName(a, ignore) === bareName(b, ignore);
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  if (common === Math.min(ta.size, tb.size)) return true;
  return common / (ta.size + tb.size - common) >= 0.5;
}

/**
 * How alike two names are, 0 to 1: the share of distinctive words they have in common (1 for the same name);
 * 0 between a paediatric clinic and one that is not. Ranks the clinics a record matches equally well otherwise.
 * @example nameCloseness("Copper Urgent Care of Los Angeles", "Copper Urgent Care - Los Angeles") // 1
 */
export function nameCloseness(a: string, b: string, ignore?: ReadonlySet<string>): number {
  if (isPaediatric(a) !== isPaediatric(b)) return 0;
  if (bareName(a, ignore) === bareName(b, ignore)) return 1;
  const ta = nameTokens(a, ignore);
  const tb = nameTokens(b, ignore);
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  const union = ta.size + tb.size - common;
  return union === 0 ? 0 : common / union;
}

/** A name reduced for identity, without the words of `ignore` (its town's: `Austin Urgent Care - Austin`). */
function bareName(name: string, ignore?: ReadonlySet<string>): string {
  const words = identityName(name).split(" ");
  return (ignore ? words.filter((w) => !ignore.has(w)) : words).join(" ");
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
