import { foldText } from "../../util/slug.js";

/**
 * The words of a text as the search index keys them: `foldText` (accents folded, lowercase, `&` spelled `and`,
 * apostrophes dropped), then every other run of characters outside a-z and 0-9 a separator. The same rule as
 * slugs (split at the hyphens), and the same function as the SDK's `searchWords`: a test holds the two together.
 * @example words("Smith & Jones Walk-In Clinic") // ["smith", "and", "jones", "walk", "in", "clinic"]
 */
export function words(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Which field of a clinic a key comes from; a lower number ranks first in a head. */
export const FIELD = { name: 0, network: 1, city: 2, zip: 3 } as const;
export type Field = (typeof FIELD)[keyof typeof FIELD];

/** What the index knows of a clinic, before it is written into shards. */
export interface IndexedClinic {
  id: string;
  name: string;
  network: string | null;
  /** USPS code. */
  state: string;
  citySlug: string;
  cityName: string;
  zip: string | null;
  /** Static rank within a head: more reviews first. */
  reviews: number;
}

/**
 * The keys of a clinic, each with the best field it comes from: the words of its name, its network and its
 * city, and its ZIP code.
 * @example clinicKeys({ name: "Bluepine QuickMed - Downtown", network: null, cityName: "Austin", zip: "78701", … })
 * // Map { "bluepine" => 0, "quickmed" => 0, "downtown" => 0, "austin" => 2, "78701" => 3 }
 */
export function clinicKeys(
  c: Pick<IndexedClinic, "name" | "network" | "cityName" | "zip">,
): Map<string, Field> {
  const keys = new Map<string, Field>();
  const add = (text: string | null, field: Field) => {
    if (text === null) return;
    for (const w of words(text)) if (!keys.has(w)) keys.set(w, field);
  };
  add(c.name, FIELD.name);
  add(c.network, FIELD.network);
  add(c.cityName, FIELD.city);
  if (c.zip !== null && /^\d{5}$/.test(c.zip) && !keys.has(c.zip)) keys.set(c.zip, FIELD.zip);
  return keys;
}
