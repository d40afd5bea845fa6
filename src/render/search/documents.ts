import type { SearchIndex, SearchShard } from "../../schema/search.js";
import type { BuildContext } from "../context.js";
import { clinicPage, clinicPath, searchHeadPath, searchLeafPath } from "../paths.js";
import type { Summary } from "../summary.js";
import { byText, type LayoutOptions, type Shard } from "./layout.js";
import type { Sidecar } from "./sidecar.js";
import type { IndexedClinic } from "./tokens.js";

/** Path of a shard's document, relative to the API base. */
export const shardPath = (shard: Pick<Shard, "kind" | "prefix">) =>
  shard.kind === "leaf" ? searchLeafPath(shard.prefix) : searchHeadPath(shard.prefix);

/** A shard's document without its `meta`: what its content key is made of. */
export type ShardContent = Omit<SearchShard, "meta">;

/**
 * A shard as a document, without its `meta` (the stamp of the release that renders it): its clinics as compact
 * records (`[id, name, network, city, zip]`, the network and the city as indexes into the shard's own lists), and
 * for a leaf each key with the indexes of its clinics; with its side-car (what the next release needs besides).
 */
export function shardDocument(shard: Shard): { content: ShardContent; sidecar: Sidecar } {
  const leaf = shard.kind === "leaf";
  // A leaf lists its clinics by name (then id); a head keeps them best first.
  const order = leaf ? byName(shard) : (shard.keys.get("") ?? []).map((e) => e.clinic);
  const cityOf = new Map<string, IndexedClinic>();
  const nets = new Set<string>();
  for (const c of order) {
    cityOf.set(`${c.state}/${c.citySlug}`, c);
    if (c.network !== null) nets.add(c.network);
  }
  const cityKeys = [...cityOf.keys()].sort();
  const cityIndex = new Map(cityKeys.map((k, i) => [k, i]));
  const networks = [...nets].sort();
  const networkIndex = new Map(networks.map((n, i) => [n, i]));
  const position = new Map<string, number>();
  const clinics: ShardContent["clinics"] = [];
  const reviews: number[] = [];
  for (const [i, c] of order.entries()) {
    position.set(c.id, i);
    const network = c.network === null ? null : (networkIndex.get(c.network) as number);
    clinics.push([c.id, c.name, network, cityIndex.get(`${c.state}/${c.citySlug}`) as number, c.zip]);
    reviews.push(c.reviews);
  }
  const keys: Record<string, number[]> = {};
  let fields: Sidecar["f"];
  if (leaf) {
    const byKey: Record<string, string> = {};
    for (const [k, entries] of shard.keys) {
      const listed = entries.map((e) => [position.get(e.clinic.id) as number, e.field] as const);
      listed.sort((a, b) => a[0] - b[0]);
      keys[k] = listed.map(([p]) => p);
      byKey[k] = listed.map(([, f]) => f).join("");
    }
    fields = byKey;
  } else fields = (shard.keys.get("") ?? []).map((e) => e.field).join("");
  const content: ShardContent = {
    version: "v1",
    kind: shard.kind,
    prefix: shard.prefix,
    cities: cityKeys.map((k) => {
      const c = cityOf.get(k) as IndexedClinic;
      return [c.state, c.citySlug, c.cityName];
    }),
    networks,
    clinics,
    keys,
    truncated: shard.truncated,
  };
  return { content, sidecar: { r: reviews, f: fields } };
}

/** A leaf's clinics (each once) by name, then id. */
function byName(shard: Shard): IndexedClinic[] {
  const clinics = new Map<string, IndexedClinic>();
  for (const entries of shard.keys.values()) for (const e of entries) clinics.set(e.clinic.id, e.clinic);
  const all = [...clinics.values()];
  // Sorting the strings `name NUL id` natively is several times faster than a comparator; a name holding NUL
  // (never seen) takes the comparator.
  if (all.some((c) => c.name.includes("\u0000")))
    return all.sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
  const keys = all.map((c) => `${c.name}\u0000${c.id}`).sort();
  return keys.map((k) => clinics.get(k.slice(k.lastIndexOf("\u0000") + 1)) as IndexedClinic);
}

/** The root of the index. */
export function searchIndexDocument(
  ctx: BuildContext,
  summary: Summary,
  layout: LayoutOptions & { pairLimit: number },
  leaves: string[],
  common: Array<[string, number]>,
): SearchIndex {
  return {
    version: "v1",
    format: 1,
    tokenizer: "slug-words",
    clinic_count: summary.clinics,
    key_limit: layout.keyLimit,
    head_size: layout.headSize,
    pair_limit: layout.pairLimit,
    common: [...common].sort((a, b) => byText(a[0], b[0])),
    leaves: [...leaves].sort(byText),
    states: summary.states.map((s) => [s.state.slug, s.state.code, s.state.name]),
    paths: {
      leaf: searchLeafPath("{prefix}"),
      head: searchHeadPath("{prefix}"),
      clinic: clinicPath("{id}"),
    },
    clinic_url: ctx.page(clinicPage("{state}", "{city}", "{id}")),
    meta: ctx.meta("/search/index.json"),
  };
}
