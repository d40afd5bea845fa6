import { words } from "../../util/words.js";
import { type BrandEntry, NETWORKS } from "./dictionary.js";

export { words } from "../../util/words.js";

/** A dictionary brand found in a clinic name. */
export interface BrandMatch {
  entry: BrandEntry;
  /** The variant's words as they matched. */
  variant: string;
}

let byVariant: Map<string, BrandEntry[]> | undefined;
let spellings: Map<string, string> | undefined;
let longest = 1;

function table(): Map<string, BrandEntry[]> {
  if (byVariant) return byVariant;
  byVariant = new Map();
  for (const entry of NETWORKS) {
    for (const v of new Set([entry.name, ...entry.variants].map(words))) {
      const list = byVariant.get(v);
      if (list) list.push(entry);
      else byVariant.set(v, [entry]);
      longest = Math.max(longest, v.split(" ").length);
    }
  }
  return byVariant;
}

/**
 * The dictionary brands a clinic name names, whatever the place: the longest matching run of words (the earliest
 * on a tie), with every entry that has that variant. Whether one applies is decided with the record's state and
 * date (see `assignNetwork`).
 * @example brandMatches("CARE NOW URGENT CARE - FRISCO")[0]?.entry.name // "CareNow"
 */
export function brandMatches(name: string): BrandMatch[] {
  const map = table();
  const w = words(name).split(" ");
  for (let len = Math.min(longest, w.length); len >= 1; len--) {
    for (let i = 0; i + len <= w.length; i++) {
      const variant = w.slice(i, i + len).join(" ");
      const hit = map.get(variant);
      if (hit) return hit.map((entry) => ({ entry, variant }));
    }
  }
  return [];
}

/**
 * Whether a dictionary brand applies to a record: its state is in the brand's footprint (any state for a
 * distinctive brand) and its date (when it has one) within the brand's years.
 * @example brandApplies(careNow, "TX", "2020-01-01") // true
 */
export function brandApplies(entry: BrandEntry, state: string, date: string | null): boolean {
  if (!entry.distinctive && !entry.states.includes(state)) return false;
  if (date === null) return true;
  const year = Number(date.slice(0, 4));
  return (
    (entry.since === undefined || year >= entry.since) && (entry.until === undefined || year <= entry.until)
  );
}

/**
 * The dictionary spelling of a network written in a network column, when it is a known brand; else as given.
 * @example canonicalNetwork("CARENOW") // "CareNow"
 */
export function canonicalNetwork(text: string): string {
  return table().get(words(text))?.[0]?.name ?? text;
}

/**
 * Writes the brands of the dictionary as they write themselves: any word of the name equal, ignoring case, to a
 * brand spelling ("Fastmed", "INSTACARE", "Carenow") takes that spelling ("FastMed", "InstaCare", "CareNow").
 * @example respellBrands("Fastmed Urgent Care - Raleigh") // "FastMed Urgent Care - Raleigh"
 */
export function respellBrands(name: string): string {
  if (!spellings) {
    spellings = new Map();
    for (const entry of NETWORKS) for (const s of entry.spellings ?? []) spellings.set(s.toLowerCase(), s);
  }
  const map = spellings;
  return name.replace(/[\p{L}\p{N}]+/gu, (w) => map.get(w.toLowerCase()) ?? w);
}
