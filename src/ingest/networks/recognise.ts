import { NETWORKS } from "./dictionary.js";

/** Lower-case words of a name, punctuation dropped: "CARE-NOW, Frisco" → "care now frisco". */
export function words(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

let byVariant: Map<string, string> | undefined;
let longest = 1;

function table(): Map<string, string> {
  if (byVariant) return byVariant;
  byVariant = new Map();
  for (const n of NETWORKS) {
    for (const v of [n.name, ...n.variants]) {
      const w = words(v);
      byVariant.set(w, n.name);
      longest = Math.max(longest, w.split(" ").length);
    }
  }
  return byVariant;
}

/**
 * The network a clinic name belongs to according to the dictionary, or null (an independent clinic, as far
 * as the dictionary knows — no network is ever made up). The longest matching run of words wins, the
 * earliest on a tie ("Novant Health GoHealth" before "GoHealth").
 * @example networkFromName("CARE NOW URGENT CARE - FRISCO") // "CareNow"
 * @example networkFromName("Smith Family Walk-In Clinic") // null
 */
export function networkFromName(name: string): string | null {
  const map = table();
  const w = words(name).split(" ");
  for (let len = Math.min(longest, w.length); len >= 1; len--) {
    for (let i = 0; i + len <= w.length; i++) {
      const hit = map.get(w.slice(i, i + len).join(" "));
      if (hit !== undefined) return hit;
    }
  }
  return null;
}

/**
 * The dictionary spelling of a network written in a network column, when it is one of the known brands;
 * otherwise the text as given.
 * @example canonicalNetwork("CARENOW") // "CareNow"
 */
export function canonicalNetwork(text: string): string {
  return table().get(words(text)) ?? text;
}

/**
 * After proper-casing, writes a recognised brand as the brand does: "Carenow Urgent Care" → "CareNow Urgent Care".
 * Only letters that spell the brand exactly (ignoring case) are touched.
 * @example brandCase("Medexpress Urgent Care - Bluefield", "MedExpress") // "MedExpress Urgent Care - Bluefield"
 */
export function brandCase(name: string, network: string): string {
  const escaped = network.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return name.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu"), network);
}
