import type { NetworkEvidence } from "../../dataset/types.js";
import type { MergedRecord } from "../normalised.js";
import type { InferredNetwork } from "./infer.js";
import { brandApplies, brandMatches, words } from "./recognise.js";

/** The network of a clinic and why; both null for a clinic with no known network. */
export interface NetworkDecision {
  network: string | null;
  evidence: NetworkEvidence | null;
}

const NONE: NetworkDecision = { network: null, evidence: null };

/**
 * Decides the network of a merged clinic, with its evidence, in this order:
 * 1. a network column of the source (`source_column`), or the evidence our own export carries;
 * 2. the brand a places data set gives the clinic (`brand`: Overture's `brand.names.primary`, written the
 *    dictionary's way when it is a known brand, with its Wikidata item) — a statement about this very place,
 *    better than a name that contains a brand's words;
 * 3. a dictionary brand named in the clinic's name, in a state of the brand's footprint and, where the dictionary
 *    says so, in the brand's years (`dictionary`);
 * 4. the clinic's "BRAND - LOCATION" brand, when the names of one region show it is a network (`name_pattern`),
 *    unless the name holds a dictionary brand that does not apply there (another organisation of that name).
 * Otherwise no known network: none is ever made up.
 * @example assignNetwork(record, inferred) // { network: "CareNow", evidence: { kind: "dictionary", detail: "…" } }
 */
export function assignNetwork(
  r: MergedRecord,
  inferred: ReadonlyMap<string, ReadonlyMap<string, InferredNetwork>>,
): NetworkDecision {
  if (r.networkColumn !== null)
    return {
      network: r.networkColumn.value,
      evidence: r.networkEvidence ?? {
        kind: "source_column",
        detail: `${r.networkColumn.column}: ${r.networkColumn.value}`,
      },
    };
  if (r.brand != null)
    return {
      network: r.brand.name,
      evidence: {
        kind: "brand",
        detail: `${r.brand.source ?? r.source} gives the brand "${r.brand.name}"${r.brand.wikidata ? ` (Wikidata ${r.brand.wikidata})` : ""}`,
        ...(r.brand.wikidata ? { wikidata: r.brand.wikidata } : {}),
      },
    };
  if (!r.networksFromNames) return NONE;
  const matches = brandMatches(r.name);
  const hit = matches.find((m) => brandApplies(m.entry, r.state, r.date));
  if (hit)
    return {
      network: hit.entry.name,
      evidence: {
        kind: "dictionary",
        detail: hit.entry.states.includes(r.state)
          ? `"${hit.variant}" is ${hit.entry.name}, which has clinics in ${r.state}${yearsOf(hit.entry)}`
          : `"${hit.variant}" names ${hit.entry.name}, a name no other organisation goes by, in ${r.state} (beyond the states the dictionary lists for it)${yearsOf(hit.entry)}`,
      },
    };
  // A dictionary brand named outside its footprint or years is another organisation of the same name: no claim.
  if (r.brandPrefix === null || matches.length > 0) return NONE;
  const found = inferred.get(words(r.brandPrefix))?.get(r.state);
  return found ? { network: found.name, evidence: { kind: "name_pattern", detail: found.detail } } : NONE;
}

function yearsOf(e: { since?: number; until?: number }): string {
  if (e.since !== undefined && e.until !== undefined) return ` (${e.since}–${e.until})`;
  if (e.since !== undefined) return ` (since ${e.since})`;
  if (e.until !== undefined) return ` (until ${e.until})`;
  return "";
}
