import { createReadStream } from "node:fs";
import { appendFile, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { SearchIndex, SearchShard } from "../../schema/search.js";
import { collectGarbage } from "../../util/collect-garbage.js";
import type { Emitter } from "../emitter.js";
import { apiFile, searchRootPath } from "../paths.js";
import { contentKey } from "../plan/keys.js";
import { searchIndexDocument, shardDocument, shardPath } from "./documents.js";
import {
  addPairs,
  DEFAULT_LAYOUT,
  type Entry,
  entryBytes,
  type LayoutOptions,
  layoutShards,
  pairLimitFor,
  truncateCommon,
} from "./layout.js";
import { clinicKeys, type Field, type IndexedClinic } from "./tokens.js";

/** Key lines held before they are appended to their bucket files: a large state's keys never sit in memory whole. */
const SPILL_BYTES = 8 * 2 ** 20;

type SpilledClinic = [string, string, string | null, string, string, string, string | null, number];

/**
 * The static search index (docs/search.md). While the states render, each clinic's keys are counted and spilled
 * to one file per first character (`key \t field \t clinic`), so that memory holds only the key counts; at the end
 * each file is read alone, its common keys cut and paired, split into shards within the size budget, and written;
 * then the root lists the shards and the common keys.
 * @example const emitter = searchEmitter({ ...DEFAULT_LAYOUT, budgetBytes: 4096 });
 */
export function searchEmitter(layout: Partial<LayoutOptions> = {}): Emitter {
  return ({ ctx, out, check, summary, scratch, published, plan }) => {
    const dir = join(scratch, "search");
    const counts = new Map<string, number>();
    const options: LayoutOptions = {
      ...DEFAULT_LAYOUT,
      pairLimit: pairLimitFor(summary.clinics, layout.keyLimit ?? DEFAULT_LAYOUT.keyLimit),
      ...layout,
    };
    plan.pairLimit = options.pairLimit;
    let ready: Promise<unknown> | null = null;
    return {
      async state(group) {
        ready ??= mkdir(dir, { recursive: true });
        await ready;
        let buckets = new Map<string, string[]>();
        let bytes = 0;
        const spill = async () => {
          for (const [bucket, lines] of buckets) await appendFile(join(dir, bucket), `${lines.join("\n")}\n`);
          buckets = new Map();
          bytes = 0;
        };
        for (const city of group.cities) {
          for (const { clinic, record } of city.clinics) {
            const indexed: SpilledClinic = [
              clinic.id,
              clinic.name,
              clinic.network,
              group.state.state.code,
              city.city.slug,
              city.city.name,
              record.zip !== null && /^\d{5}$/.test(record.zip) ? record.zip : null,
              clinic.reviews_count ?? 0,
            ];
            const json = JSON.stringify(indexed);
            for (const [key, field] of clinicKeys(toIndexed(indexed))) {
              counts.set(key, (counts.get(key) ?? 0) + 1);
              const bucket = key[0] as string;
              const line = `${key}\t${field}\t${json}`;
              bytes += line.length;
              const list = buckets.get(bucket);
              if (list) list.push(line);
              else buckets.set(bucket, [line]);
            }
          }
          if (bytes >= SPILL_BYTES) await spill();
        }
        await spill();
      },

      async finish() {
        const leaves: string[] = [];
        let head: string | null = null;
        const files = ready ? (await readdir(dir)).sort() : [];
        const count = (k: string) => counts.get(k) ?? 0;
        for (const bucket of files) {
          const keys = await readBucket(join(dir, bucket));
          addPairs(keys, count, options);
          const common = truncateCommon(keys, options);
          for (const shard of layoutShards(bucket, keys, common, options)) {
            const path = shardPath(shard);
            // A shard's content is its document without the stamp: laid out and compared every release (the
            // layout needs every key of the bucket anyway), written only when it changed.
            const { meta: _meta, ...content } = shardDocument(ctx, shard);
            const decision = plan.decide("shard", path, contentKey(plan.fingerprint, "shard", content));
            if (decision.render) {
              const doc = { ...content, meta: decision.ctx.meta(path) };
              await out.json(apiFile(path), check.parse(path, SearchShard, doc));
            }
            if (shard.kind === "leaf") leaves.push(shard.prefix);
            else head ??= path;
          }
          collectGarbage();
        }
        const common = [...counts].filter(([, n]) => n > options.keyLimit);
        const root = searchIndexDocument(ctx, summary, options, leaves, common);
        await out.json(apiFile(searchRootPath), check.parse(searchRootPath, SearchIndex, root));
        const leaf = leaves[0];
        published.examples = {
          ...published.examples,
          "/search/t/{prefix}.json": leaf === undefined ? null : shardPath({ kind: "leaf", prefix: leaf }),
          "/search/p/{prefix}.json": head,
        };
      },
    };
  };
}

/** The search index with the published layout. */
export const searchIndex: Emitter = searchEmitter();

function toIndexed(s: SpilledClinic): IndexedClinic {
  const [id, name, network, state, citySlug, cityName, zip, reviews] = s;
  return { id, name, network, state, citySlug, cityName, zip, reviews };
}

/** One spilled bucket: each key with its clinics (one object per clinic, shared by its keys). */
async function readBucket(file: string): Promise<Map<string, Entry[]>> {
  const keys = new Map<string, Entry[]>();
  const clinics = new Map<string, { clinic: IndexedClinic; bytes: number }>();
  const input = createReadStream(file);
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    const tab1 = line.indexOf("\t");
    const tab2 = line.indexOf("\t", tab1 + 1);
    const key = line.slice(0, tab1);
    const field = Number(line.slice(tab1 + 1, tab2)) as Field;
    const json = line.slice(tab2 + 1);
    const id = json.slice(2, json.indexOf('"', 2));
    let shared = clinics.get(id);
    if (!shared) {
      const clinic = toIndexed(JSON.parse(json) as SpilledClinic);
      shared = { clinic, bytes: entryBytes(clinic) };
      clinics.set(id, shared);
    }
    const entry: Entry = { clinic: shared.clinic, field, bytes: shared.bytes };
    const list = keys.get(key);
    if (list) list.push(entry);
    else keys.set(key, [entry]);
  }
  return keys;
}
