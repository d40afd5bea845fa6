import { nameSays } from "../../evidence/index.js";
import { properCase } from "../normalise/proper-case.js";
import type { JoinedRecord } from "../normalised.js";
import { isDistinctive } from "./brand-prefix.js";
import { brandMatches, respellBrands, words } from "./recognise.js";

/** The network a registry organisation's places make, with what shows it. */
export interface OrganisationNetwork {
  name: string;
  detail: string;
}

/**
 * The organisation a registry says a place belongs to: its parent organisation (of a subpart), else its legal
 * business name, as the registry writes it; null when no registry lists the place.
 * @example registryOwner(clinic) // "Quickmend Health Partners of TX"
 */
export function registryOwner(r: Pick<JoinedRecord, "evidence">): string | null {
  const entry = r.evidence.sources.find(
    (s) => s.type === "registry" && (s.parent_organisation ?? s.legal_name),
  );
  return entry ? ((entry.parent_organisation ?? entry.legal_name) as string) : null;
}

/** Whether an organisation's name says it is a hospital or a health system ("Mercy Health System"). */
export const isHealthSystem = (owner: string) => nameSays(owner, null)?.says === "hospital";

/**
 * The networks registry organisations make in one state: places (at least two) that one registry lists under one
 * parent organisation or one legal business name are one organisation's — a state registers a business name once,
 * so two places under one legal name in a state belong to one entity. Its network is named:
 * - after the organisation itself when it is a hospital or health system (its own urgent care sites, whatever brand
 *   words their names hold: a health system's "MedExpress"-named sites are not the MedExpress chain);
 * - else the dictionary brand its places' names name (one brand, named by at least one place);
 * - else the brand its places' names share: the words before " - " (or the whole name) common to all of them, when
 *   they hold a distinctive word;
 * otherwise its places get no network from it (an organisation whose places share nothing by name).
 * @example registryNetworks(texasClinics).get(clinic) // { name: "Quickmend Urgent Care", detail: "CMS NPPES lists it with other places of …" }
 */
export function registryNetworks(records: readonly JoinedRecord[]): Map<JoinedRecord, OrganisationNetwork> {
  const byOwner = new Map<string, { owner: string; places: JoinedRecord[] }>();
  for (const r of records) {
    const owner = registryOwner(r);
    if (owner === null) continue;
    const key = words(owner);
    const group = byOwner.get(key);
    if (group) group.places.push(r);
    else byOwner.set(key, { owner, places: [r] });
  }
  const out = new Map<JoinedRecord, OrganisationNetwork>();
  for (const { owner, places } of byOwner.values()) {
    if (places.length < 2) continue;
    const name = networkName(owner, places);
    if (name === null) continue;
    // Without the count of places: a week's new location of the organisation changes none of the others.
    const registry = places[0]?.evidence.sources.find((s) => s.type === "registry")?.name ?? "A registry";
    const detail = `${registry} lists it with other places of "${owner}" in ${places[0]?.state}`;
    for (const r of places) out.set(r, { name, detail });
  }
  return out;
}

function networkName(owner: string, places: readonly JoinedRecord[]): string | null {
  if (isHealthSystem(owner)) return spelled(owner);
  const brands = new Set(places.flatMap((r) => brandMatches(r.name).map((m) => m.entry.name)));
  if (brands.size === 1) return [...brands][0] as string;
  if (brands.size > 1) return null;
  const parts = places.map((r) => r.name.split(" - ")[0] as string);
  const shared = commonLeadingWords(parts.map(words));
  if (shared === "" || !isDistinctive(shared)) return null;
  // The shared words as the first place writes them: its shortest opening that says them.
  const tokens = (parts[0] as string).trim().split(/\s+/);
  for (let k = 1; k <= tokens.length; k++) {
    const opening = tokens.slice(0, k).join(" ");
    if (words(opening) === shared) return spelled(opening);
  }
  return null;
}

/**
 * A network's name spelled one way whatever its places' spellings (`'TINY TRIAGE' PEDIATRIC`, `Tiny Triage
 * Pediatric`): without quotation marks around words (an apostrophe inside one stays: O'Fallon), in proper case, brands as the dictionary writes them — so that one
 * organisation's network in two states, or beside the brand a source gives, is one name with one address.
 */
function spelled(text: string): string {
  const unquoted = text
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^["'‘’“”]+|["'‘’“”]+$/g, ""))
    .filter(Boolean)
    .join(" ");
  return respellBrands(properCase(unquoted.toUpperCase()));
}

/** The words every text begins with ("quickmend urgent care" of "quickmend urgent care" and "quickmend urgent care north"). */
function commonLeadingWords(texts: readonly string[]): string {
  const split = texts.map((t) => t.split(" "));
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const w = split[0]?.[i];
    if (w === undefined || !split.every((s) => s[i] === w)) return out.join(" ");
    out.push(w);
  }
}
