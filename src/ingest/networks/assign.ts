import type { NetworkEvidence } from "../../dataset/types.js";
import type { JoinedRecord, MergedRecord } from "../normalised.js";
import type { InferredNetwork } from "./infer.js";
import {
  isHealthSystem,
  type OrganisationNetwork,
  registryNetworks,
  registryOwner,
} from "./organisations.js";
import { brandApplies, brandMatches, words } from "./recognise.js";

/** The network of a clinic and why; both null for a clinic with no known network. */
export interface NetworkDecision {
  network: string | null;
  evidence: NetworkEvidence | null;
}

/**
 * A network a clinic's own data points to: `strong` when it is evidence on its own (a source says so, a brand's
 * Wikidata id, the registry's organisation, a dictionary brand within its footprint), else only a name's word (a
 * brand without its Wikidata id, a dictionary brand beyond its footprint, a BRAND - LOCATION pattern), which counts
 * only where the network has strong evidence in the same state.
 */
interface Candidate {
  network: string;
  evidence: NetworkEvidence;
  strong: boolean;
}

const NONE: NetworkDecision = { network: null, evidence: null };

/**
 * Decides the networks of one state's clinics, each with its evidence. A clinic's candidate, the first of:
 * 1. a network column of the source (`source_column`), or the evidence our own export carries — strong;
 * 2. the brand a places data set or locator gives the clinic, with its Wikidata id (`brand`) — strong;
 * 3. the registry's organisation: places one registry lists under one parent organisation or legal name make its
 *    network (`registry_organisation`, see `registryNetworks`) — strong;
 * 4. a dictionary brand named in the clinic's name, within the brand's footprint and years (`dictionary`) — strong,
 *    unless the registry says the place is a hospital's or health system's that is not the brand's;
 * 5. a brand without its Wikidata id; a distinctive dictionary brand beyond its footprint; the clinic's
 *    "BRAND - LOCATION" brand where the names of a region show a network (`name_pattern`) — weak.
 * A weak candidate is taken only when the same network has a strong one in the state: a name alone, in a state where
 * the chain has no other evidence, makes no network. Otherwise no known network: none is ever made up.
 * @example assignNetworks(texasClinics, inferred)[0] // { network: "CareNow", evidence: { kind: "dictionary", detail: "…" } }
 */
export function assignNetworks(
  records: readonly JoinedRecord[],
  inferred: ReadonlyMap<string, ReadonlyMap<string, InferredNetwork>>,
): NetworkDecision[] {
  const organisations = registryNetworks(records);
  const candidates = records.map((r) => candidateOf(r, inferred, organisations.get(r) ?? null));
  const backed = new Set(candidates.flatMap((c) => (c?.strong ? [c.network] : [])));
  return candidates.map((c) =>
    c && (c.strong || backed.has(c.network)) ? { network: c.network, evidence: c.evidence } : NONE,
  );
}

/** The network a clinic's own data points to, strong or weak; null when none. */
function candidateOf(
  r: JoinedRecord,
  inferred: ReadonlyMap<string, ReadonlyMap<string, InferredNetwork>>,
  organisation: OrganisationNetwork | null,
): Candidate | null {
  if (r.networkColumn !== null)
    return {
      network: r.networkColumn.value,
      evidence: r.networkEvidence ?? {
        kind: "source_column",
        detail: `${r.networkColumn.column}: ${r.networkColumn.value}`,
      },
      strong: true,
    };
  const brand = r.brand ?? null;
  const brandEvidence = (strong: boolean): Candidate | null =>
    brand === null
      ? null
      : {
          network: brand.name,
          evidence: {
            kind: "brand",
            detail: `${brandSource(r)} gives the brand "${brand.name}"${brand.wikidata ? ` (Wikidata ${brand.wikidata})` : ""}`,
            ...(brand.wikidata ? { wikidata: brand.wikidata } : {}),
          },
          strong,
        };
  if (brand?.wikidata) return brandEvidence(true);
  if (organisation)
    return {
      network: organisation.name,
      evidence: { kind: "registry_organisation", detail: organisation.detail },
      strong: true,
    };
  const dictionary = r.networksFromNames ? dictionaryCandidate(r) : null;
  if (dictionary?.strong) return dictionary;
  if (brand) return brandEvidence(false);
  if (dictionary) return dictionary;
  // A dictionary brand named outside its footprint or years is another organisation of that name: no pattern either.
  if (!r.networksFromNames || r.brandPrefix === null || brandMatches(r.name).length > 0) return null;
  const found = inferred.get(words(r.brandPrefix))?.get(r.state);
  return found
    ? { network: found.name, evidence: { kind: "name_pattern", detail: found.detail }, strong: false }
    : null;
}

/** The source that gave a record its brand (a places data set, a locator). */
function brandSource(r: JoinedRecord): string {
  return r.evidence.sources.find((s) => s.brand !== null)?.name ?? r.source;
}

/**
 * A dictionary brand the name names that applies to the record (its state and date): strong within the brand's
 * footprint, weak beyond it (a distinctive brand: a footprint goes out of date as a chain grows). None when the
 * registry says the place belongs to a hospital or health system whose name is not the brand's (its own sites
 * named with the brand's words).
 */
function dictionaryCandidate(r: MergedRecord & Pick<JoinedRecord, "evidence">): Candidate | null {
  const matches = brandMatches(r.name);
  const hit = matches.find((m) => brandApplies(m.entry, r.state, r.date));
  if (!hit) return null;
  const owner = registryOwner(r);
  if (
    owner !== null &&
    isHealthSystem(owner) &&
    !brandMatches(owner).some((m) => m.entry.name === hit.entry.name)
  )
    return null;
  const inFootprint = hit.entry.states.includes(r.state);
  return {
    network: hit.entry.name,
    evidence: {
      kind: "dictionary",
      detail: inFootprint
        ? `"${hit.variant}" is ${hit.entry.name}, which has clinics in ${r.state}${yearsOf(hit.entry)}`
        : `"${hit.variant}" names ${hit.entry.name}, a name no other organisation goes by, in ${r.state} (beyond the states the dictionary lists for it, where other clinics of it show it)${yearsOf(hit.entry)}`,
    },
    strong: inFootprint,
  };
}

function yearsOf(e: { since?: number; until?: number }): string {
  if (e.since !== undefined && e.until !== undefined) return ` (${e.since}–${e.until})`;
  if (e.since !== undefined) return ` (since ${e.since})`;
  if (e.until !== undefined) return ` (until ${e.until})`;
  return "";
}
