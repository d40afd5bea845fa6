import { createReadStream } from "node:fs";
import { appendFile, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { collectGarbage } from "../../util/collect-garbage.js";
import type { StateGroup } from "../group.js";
import { type SearchTuple, searchTuple } from "../units/clinic.js";
import { type BigKey, bigKeyMin } from "./bookkeeping.js";
import {
  addPairs,
  type Entry,
  entryBytes,
  isPair,
  type LayoutOptions,
  layoutShards,
  truncateCommon,
} from "./layout.js";
import type { IndexOutput } from "./output.js";
import { clinicKeys, type Field, type IndexedClinic } from "./tokens.js";

/** Key lines held before they are appended to their bucket files: a large state's keys never sit in memory whole. */
const SPILL_BYTES = 8 * 2 ** 20;

/** A clinic as the index knows it, from its search tuple (what the ledger keeps of each clinic too). */
export function toIndexed(s: SearchTuple): IndexedClinic {
  const [id, name, network, state, citySlug, cityName, zip, reviews] = s;
  return { id, name, network, state, citySlug, cityName, zip, reviews };
}

/**
 * The index laid out from every clinic: while the states render, each clinic's keys are counted and spilled to one
 * file per first character (`key \t field \t clinic`), so that memory holds only the key counts; at the end each
 * file is read alone, its common keys cut and paired, split into shards within the size budget, and written.
 * @example const full = new FullLayout(join(scratch, "search"), options); await full.state(group); await full.finish(output);
 */
export class FullLayout {
  readonly #dir: string;
  readonly #options: LayoutOptions;
  readonly #counts = new Map<string, number>();
  #ready: Promise<unknown> | null = null;

  constructor(dir: string, options: LayoutOptions) {
    this.#dir = dir;
    this.#options = options;
  }

  async state(group: StateGroup): Promise<void> {
    this.#ready ??= mkdir(this.#dir, { recursive: true });
    await this.#ready;
    const counts = this.#counts;
    let buckets = new Map<string, string[]>();
    let bytes = 0;
    const spill = async () => {
      for (const [bucket, lines] of buckets)
        await appendFile(join(this.#dir, bucket), `${lines.join("\n")}\n`);
      buckets = new Map();
      bytes = 0;
    };
    const code = group.state.state.code;
    for (const city of group.cities) {
      for (const rc of city.clinics) {
        const tuple = searchTuple(code, city, rc);
        const json = JSON.stringify(tuple);
        for (const [key, field] of clinicKeys(toIndexed(tuple))) {
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
  }

  /** Lays out every bucket and writes its shards; gives the keys the next release needs to know (`BigKey`). */
  async finish(output: IndexOutput): Promise<Map<string, BigKey>> {
    const options = this.#options;
    const big = new Map<string, BigKey>();
    const min = bigKeyMin(options);
    const files = this.#ready ? (await readdir(this.#dir)).sort() : [];
    const count = (k: string) => this.#counts.get(k) ?? 0;
    for (const bucket of files) {
      const keys = await readBucket(join(this.#dir, bucket));
      addPairs(keys, count, options);
      for (const [k, entries] of keys)
        if (isPair(k) && entries.length > min) big.set(k, { count: entries.length, best: null });
      const common = truncateCommon(keys, options, (k, n, best) => big.set(k, { count: n, best }));
      for (const shard of layoutShards(bucket, keys, common, options, (n) => output.node(n)))
        await output.render(shard);
      await output.endBucket(bucket);
      collectGarbage();
    }
    for (const [k, n] of this.#counts) if (n > min && !big.has(k)) big.set(k, { count: n, best: null });
    return big;
  }
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
      const clinic = toIndexed(JSON.parse(json) as SearchTuple);
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
