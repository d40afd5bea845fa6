import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SearchShard } from "../../schema/search.js";
import { contentKey } from "../ledger/keys.js";
import { apiFile } from "../paths.js";
import type { Unit, UnitKind } from "./kind.js";

const SHARD = /^api\/v1\/search\/[tp]\/[^/]+\.json$/;

/**
 * A shard of the search index (key: its API path, `/search/t/{prefix}.json` or `/search/p/{prefix}.json`): one
 * document. Decided at the end of the release, as the index is laid out (`src/render/search/`).
 */
export const searchShardUnits: UnitKind = {
  name: "shard",
  code: "q",
  scope: "release",
  owns: (path) => SHARD.test(path),
  files: ({ key }) => [apiFile(key)],
};

/**
 * A shard laid out by this release: `content` is its document without `meta` (`shardDocument`) and `text` that
 * serialised, which its content key is made of; its document is that text with the `meta` of its stamp.
 */
export function laidOutShard(
  path: string,
  content: Omit<SearchShard, "meta">,
  text: string,
  fingerprint: string,
): Unit {
  return {
    kind: searchShardUnits,
    key: path,
    content: contentKey(fingerprint, "shard", text),
    extra: "",
    async render(ctx, to) {
      const doc = to.check.parse(path, SearchShard, { ...content, meta: ctx.meta(path) });
      // The document is its content with `meta` last (the schema's order): `text` needs no second stringify.
      await to.out.add(apiFile(path), `${text.slice(0, -1)},"meta":${JSON.stringify(doc.meta)}}`);
    },
  };
}

/**
 * A shard of the previous release that this release did not lay out again (nothing it holds changed): its content
 * key is the one the previous release recorded. Should it be rendered anyway (every unit rendered again), its
 * document is the previous one, read from the previous release's tree, with the `meta` of its stamp.
 */
export function carriedShard(path: string, content: string, previousSite: string): Unit {
  return {
    kind: searchShardUnits,
    key: path,
    content,
    extra: "",
    async render(ctx, to) {
      const { meta: _meta, ...rest } = JSON.parse(
        await readFile(join(previousSite, apiFile(path)), "utf8"),
      ) as SearchShard;
      await to.out.json(apiFile(path), to.check.parse(path, SearchShard, { ...rest, meta: ctx.meta(path) }));
    },
  };
}
