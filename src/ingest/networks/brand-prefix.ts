import { words } from "./recognise.js";

/** Prefixes that describe a kind of clinic, not a brand: never a network on their own. */
const GENERIC = new Set(
  [
    "urgent care",
    "urgent care center",
    "walk in clinic",
    "walk in",
    "express care",
    "immediate care",
    "family practice",
    "family medicine",
    "primary care",
    "medical center",
    "clinic",
    "health center",
    "community health center",
    "occupational health",
    "after hours",
    "pediatric urgent care",
    "minor emergency",
    "convenient care",
    "quick care",
    "prompt care",
    "med clinic",
    "medical clinic",
    "urgent care clinic",
    "er",
    "emergency room",
  ].map(words),
);

/**
 * The brand part of a "BRAND - LOCATION" name, when the part before the dash could be a brand.
 * @example brandPrefix("Doctors Care - Lexington") // "Doctors Care"
 * @example brandPrefix("Urgent Care - West") // null
 */
export function brandPrefix(name: string): string | null {
  const i = name.indexOf(" - ");
  if (i <= 0) return null;
  const prefix = name.slice(0, i).trim();
  const w = words(prefix);
  if (w.length < 3 || GENERIC.has(w) || /^\d/.test(w)) return null;
  return prefix;
}

/** A prefix counts as a brand when it opens this many names in at least two different cities. */
export const BRAND_MIN_CLINICS = 3;
export const BRAND_MIN_CITIES = 2;
