import { words } from "./recognise.js";

/**
 * Words that describe a kind of clinic, a quality or a place type, not an organisation: a "BRAND - LOCATION"
 * prefix made only of these ("Express Care", "Premier Urgent Care", "First Choice", "Valley Medical Clinic")
 * is never a network.
 */
const GENERIC_WORDS = new Set(
  (
    "a an the of and at for in on to by my our your " +
    "urgent urgentcare care cares clinic clinics medical medicine med meds center centre centers centres health healthcare " +
    "walk walkin immediate express premier premiere first choice quick prompt convenient convenience primary community " +
    "physician physicians doctor doctors doc docs minor emergency emergent er after hours hour day days today same now " +
    "24 7 247 family families pediatric pediatrics kids children childrens adult adults women womens men mens " +
    "occupational sports injury wellness well total complete best better plus one pro elite prime select star stars " +
    "american america national united us usa regional region area city county metro north south east west northern " +
    "southern eastern western central northeast northwest southeast southwest mid valley lake lakes river rivers " +
    "mountain mountains coast coastal bay hills hill park creek springs spring village town new life group associates " +
    "partners practice practices services service hospital system network assist assistance treatment access point"
  ).split(" "),
);

/**
 * The brand part of a "BRAND - LOCATION" name, when the part before the dash could be a brand: at least one
 * word that is not generic.
 * @example brandPrefix("Doctors Care - Lexington") // null (both words generic)
 * @example brandPrefix("Acme Health - West") // "Acme Health"
 */
export function brandPrefix(name: string): string | null {
  const i = name.indexOf(" - ");
  if (i <= 0) return null;
  const prefix = name.slice(0, i).trim();
  const w = words(prefix);
  if (w.length < 3 || /^\d/.test(w) || !isDistinctive(w)) return null;
  return prefix;
}

/** Whether words hold at least one that is not generic. */
export function isDistinctive(text: string): boolean {
  return words(text)
    .split(" ")
    .some((w) => w.length > 1 && !GENERIC_WORDS.has(w));
}

/** A prefix counts as a brand when it opens this many names in at least this many cities of one region. */
export const BRAND_MIN_CLINICS = 3;
export const BRAND_MIN_CITIES = 2;
