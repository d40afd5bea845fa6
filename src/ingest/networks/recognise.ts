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

interface Entry {
  name: string;
  variant: string;
}

let entries: Entry[] | undefined;
let byName: Map<string, string> | undefined;

function table(): Entry[] {
  if (entries) return entries;
  entries = NETWORKS.flatMap((n) =>
    [n.name, ...n.variants].map((v) => ({ name: n.name, variant: words(v) })),
  );
  // Longest first, so that "novant health gohealth" wins over "gohealth".
  entries.sort((a, b) => b.variant.length - a.variant.length || (a.variant < b.variant ? -1 : 1));
  return entries;
}

/**
 * The network a clinic name belongs to according to the dictionary, or null (an independent clinic, as far
 * as the dictionary knows — no network is ever made up).
 * @example networkFromName("CARE NOW URGENT CARE - FRISCO") // "CareNow"
 * @example networkFromName("Smith Family Walk-In Clinic") // null
 */
export function networkFromName(name: string): string | null {
  const w = ` ${words(name)} `;
  for (const e of table()) if (w.includes(` ${e.variant} `)) return e.name;
  return null;
}

/**
 * The dictionary spelling of a network written in a network column, when it is one of the known brands;
 * otherwise the text as given.
 * @example canonicalNetwork("CARENOW") // "CareNow"
 */
export function canonicalNetwork(text: string): string {
  if (!byName) byName = new Map(table().map((e) => [e.variant, e.name]));
  return byName.get(words(text)) ?? text;
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
