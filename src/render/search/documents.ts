import type { SearchIndex, SearchShard } from "../../schema/search.js";
import type { BuildContext } from "../context.js";
import { clinicPage, clinicPath, searchHeadPath, searchLeafPath } from "../paths.js";
import type { Summary } from "../summary.js";
import { byText, type Entry, type LayoutOptions, type Shard } from "./layout.js";
import type { IndexedClinic } from "./tokens.js";

/** Path of a shard's document, relative to the API base. */
export const shardPath = (shard: Pick<Shard, "kind" | "prefix">) =>
  shard.kind === "leaf" ? searchLeafPath(shard.prefix) : searchHeadPath(shard.prefix);

/** A shard's document without its `meta`: what its content key is made of. */
export type ShardContent = Omit<SearchShard, "meta">;

/**
 * A shard as a document, without its `meta` (the stamp of the release that renders it): its clinics as compact
 * records (`[id, name, network, city, zip]`, the network and the city as indexes into the shard's own lists), and
 * for a leaf each key with the indexes of its clinics.
 */
export function shardContent(shard: Shard): ShardContent {
  const clinics = new Map<string, IndexedClinic>();
  for (const entries of shard.keys.values()) for (const e of entries) clinics.set(e.clinic.id, e.clinic);
  // A leaf lists its clinics by name; a head keeps them best first.
  const order: IndexedClinic[] =
    shard.kind === "leaf"
      ? [...clinics.values()].sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id))
      : (shard.keys.get("") ?? []).map((e: Entry) => e.clinic);
  const cityKey = (c: IndexedClinic) => `${c.state}/${c.citySlug}`;
  const cityList = [...new Map(order.map((c) => [cityKey(c), c])).values()].sort((a, b) =>
    byText(cityKey(a), cityKey(b)),
  );
  const cityIndex = new Map(cityList.map((c, i) => [cityKey(c), i]));
  const networkList = [...new Set(order.flatMap((c) => (c.network === null ? [] : [c.network])))].sort(
    byText,
  );
  const networkIndex = new Map(networkList.map((n, i) => [n, i]));
  const position = new Map(order.map((c, i) => [c.id, i]));
  const keys: Record<string, number[]> = {};
  if (shard.kind === "leaf") {
    for (const [k, entries] of shard.keys)
      keys[k] = entries.map((e) => position.get(e.clinic.id) as number).sort((a, b) => a - b);
  }
  return {
    version: "v1",
    kind: shard.kind,
    prefix: shard.prefix,
    cities: cityList.map((c) => [c.state, c.citySlug, c.cityName]),
    networks: networkList,
    clinics: order.map((c) => [
      c.id,
      c.name,
      c.network === null ? null : (networkIndex.get(c.network) as number),
      cityIndex.get(cityKey(c)) as number,
      c.zip,
    ]),
    keys,
    truncated: shard.truncated,
  };
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
