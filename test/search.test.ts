// The static search index: its layout (unit), the sample's index read from the suite's build, the SDK's search
// over it (no server: documents are read from the folder), and a small fixture with ZIP codes and a tiny layout
// that makes common keys, pairs, heads and terminal leaves.
import { existsSync, readFileSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "../packages/sdk/src/errors.js";
import {
  drivers,
  leafOf,
  parseQuery,
  prepareIndex,
  Searcher,
  type SearchHit,
  searchWords,
} from "../packages/sdk/src/search-core.js";
import { fromRecords } from "../src/dataset/store.js";
import {
  addPairs,
  DEFAULT_LAYOUT,
  type Entry,
  entryBytes,
  type LayoutOptions,
  layoutShards,
  truncateCommon,
} from "../src/render/search/layout.js";
import { clinicKeys, type IndexedClinic, words } from "../src/render/search/tokens.js";
import { Rng } from "../src/sample/rng.js";
import type { CitiesList, ClinicsByCity } from "../src/schema/documents.js";
import { SearchIndex, SearchShard } from "../src/schema/search.js";
import { renderParts } from "./helpers/render-parts.js";
import { sampleSite } from "./helpers/sample-build.js";
import { smallRecords, tempDir } from "./helpers/sample-site.js";
import { readJson } from "./helpers/tree.js";

/** Reads API documents from a built folder, counting the documents and their brotli bytes. */
function folderLoader(site: string) {
  const stats = { requests: 0, bytes: 0, paths: [] as string[] };
  const load = async (path: string) => {
    stats.requests++;
    stats.paths.push(path);
    const file = join(site, "api/v1", path);
    if (!existsSync(file)) throw new NotFoundError(path, null);
    stats.bytes += statSync(`${file}.br`).size;
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  };
  return { load, stats };
}

const clinic = (id: string, name: string, more: Partial<IndexedClinic> = {}): IndexedClinic => ({
  id,
  name,
  network: null,
  state: "TX",
  citySlug: "austin",
  cityName: "Austin",
  zip: null,
  reviews: 0,
  ...more,
});

/** Every key of the clinics with its entries, as the emitter reads a bucket. */
function keyed(clinics: IndexedClinic[]): Map<string, Entry[]> {
  const keys = new Map<string, Entry[]>();
  for (const c of clinics)
    for (const [k, field] of clinicKeys(c)) {
      const list = keys.get(k) ?? [];
      list.push({ clinic: c, field, bytes: entryBytes(c) });
      keys.set(k, list);
    }
  return keys;
}

describe("tokenizer", () => {
  it.each([
    ["Smith & Jones Walk-In Clinic", ["smith", "and", "jones", "walk", "in", "clinic"]],
    ["St. Mary's Urgent Care", ["st", "marys", "urgent", "care"]],
    ["Clínica Médica Ñandú", ["clinica", "medica", "nandu"]],
    ["  ", []],
    ["78701-1234", ["78701", "1234"]],
  ])("words(%j)", (text, want) => {
    expect(words(text)).toEqual(want);
    expect(searchWords(text)).toEqual(want);
  });

  it("the build's words and the SDK's searchWords agree on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        expect(searchWords(text)).toEqual(words(text));
      }),
      { numRuns: 500 },
    );
  });

  it("a query's last word is open (a prefix) unless the text ends with a separator", () => {
    expect(parseQuery("bluepine aus")).toEqual({ words: ["bluepine", "aus"], open: true });
    expect(parseQuery("bluepine austin ")).toEqual({ words: ["bluepine", "austin"], open: false });
    expect(parseQuery("café")).toEqual({ words: ["cafe"], open: true });
    expect(parseQuery("!!")).toEqual({ words: [], open: false });
  });

  it("a clinic's keys: name, network, city words and ZIP, each with its best field", () => {
    expect([
      ...clinicKeys({
        name: "Austin Bluepine - Oak",
        network: "Bluepine Care",
        cityName: "Austin",
        zip: "78701",
      }),
    ]).toEqual([
      ["austin", 0],
      ["bluepine", 0],
      ["oak", 0],
      ["care", 1],
      ["78701", 3],
    ]);
  });
});

describe("layout", () => {
  const tiny: LayoutOptions = { keyLimit: 3, headSize: 2, pairLimit: 10, budgetBytes: 400 };

  it("splits a bucket until each leaf is within the budget; a split key goes to its `_` leaf; internal nodes get heads", () => {
    const clinics = ["care", ..."abcdefghij".split("").map((ch) => `care${ch}`), "cab", "cabin", "cat"].map(
      (w, i) => clinic(`id${i}`, `${w} clinic${i}`),
    );
    const keys = new Map([...keyed(clinics)].filter(([k]) => k.startsWith("c")));
    const shards = [...layoutShards("c", keys, new Set(), tiny)];
    const leaves = shards.filter((s) => s.kind === "leaf").map((s) => s.prefix);
    const heads = shards.filter((s) => s.kind === "head").map((s) => s.prefix);
    expect(heads[0]).toBe("c");
    // every key in exactly one leaf, the one the SDK's lookup finds
    const index = prepareIndex({ leaves, common: [], states: [] } as unknown as SearchIndex);
    for (const k of keys.keys()) {
      const holders = shards.filter((s) => s.kind === "leaf" && s.keys.has(k)).map((s) => s.prefix);
      expect(holders, k).toEqual([leafOf(index, k)]);
    }
    for (const s of shards.filter((x) => x.kind === "leaf" && x.keys.size > 1)) {
      const bytes = [...s.keys.values()].flat().reduce((a, e) => a + e.bytes, 0);
      expect(bytes, s.prefix).toBeLessThanOrEqual(tiny.budgetBytes);
    }
    expect(leaves.some((l) => l.endsWith("_"))).toBe(true);
    for (const h of heads) expect(leaves.some((l) => l.startsWith(h) && l !== h)).toBe(true);
  });

  it("cuts a common key to its best clinics (name before city, then reviews) and pairs common keys", () => {
    const clinics = Array.from({ length: 6 }, (_, i) =>
      clinic(`c${i}`, `Redfern ${i % 2 ? "Oak" : "Elm"}`, {
        reviews: i,
        cityName: i < 4 ? "Austin" : "Dallas",
      }),
    );
    const keys = keyed(clinics);
    const count = (k: string) => keys.get(k)?.length ?? 0;
    addPairs(keys, count, tiny);
    expect(keys.get("austin-redfern")?.map((e) => e.clinic.id)).toEqual(["c0", "c1", "c2", "c3"]);
    expect(keys.has("dallas-redfern")).toBe(false); // dallas has 2 clinics: not common, so no pair
    const common = truncateCommon(keys, tiny);
    expect([...common].sort()).toEqual(["austin", "austin-redfern", "redfern"]);
    expect(keys.get("austin-redfern")?.map((e) => e.clinic.id)).toEqual(["c3", "c2"]);
    expect(keys.get("redfern")?.map((e) => e.clinic.id)).toEqual(["c5", "c4"]);
    expect(keys.get("dallas")).toHaveLength(2);
  });
});

describe("the sample's index", () => {
  let root: SearchIndex;
  const site = () => sampleSite();
  beforeAll(async () => {
    root = await readJson<SearchIndex>(site(), "api/v1/search/index.json");
  });

  it("has a valid root listing its leaves; exactly the leaves and heads it implies exist", async () => {
    expect(SearchIndex.safeParse(root).success).toBe(true);
    expect(root.clinic_count).toBe(8600);
    expect(root.leaves).toEqual([...root.leaves].sort());
    expect(root.common.map(([k]) => k)).toEqual([
      "care",
      "clinic",
      "express",
      "family",
      "in",
      "urgent",
      "walk",
    ]);
    const index = prepareIndex(root);
    const dir = (d: string) => join(site(), "api/v1/search", d);
    const files = async (d: string) =>
      (await readdir(dir(d))).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));
    expect((await files("t")).sort()).toEqual(root.leaves);
    expect((await files("p")).sort()).toEqual([...index.internal].sort());
    for (const [d, name] of [
      ["t", root.leaves[0]],
      ["p", [...index.internal][0]],
    ]) {
      const shard = await readJson(site(), `api/v1/search/${d}/${name}.json`);
      expect(SearchShard.safeParse(shard).success, `${d}/${name}`).toBe(true);
    }
  });

  it("keeps every shard small: under 100 KB raw and 30 KB brotli; the root under 8 KB brotli", async () => {
    for (const d of ["t", "p"]) {
      for (const f of (await readdir(join(site(), "api/v1/search", d))).filter((x) => x.endsWith(".json"))) {
        const file = join(site(), "api/v1/search", d, f);
        expect(statSync(file).size, f).toBeLessThan(100 * 1024);
        expect(statSync(`${file}.br`).size, f).toBeLessThan(30 * 1024);
      }
    }
    expect(statSync(join(site(), "api/v1/search/index.json.br")).size).toBeLessThan(8 * 1024);
  });

  it("lists each clinic under each of its keys, in the leaf the lookup finds", async () => {
    const index = prepareIndex(root);
    const cities = await readJson<CitiesList>(site(), "api/v1/cities.json");
    const rng = new Rng("search keys 11");
    const shards = new Map<string, SearchShard>();
    for (let i = 0; i < 40; i++) {
      const city = rng.pick(cities.cities);
      const doc = await readJson<ClinicsByCity>(site(), `api/v1${city.path}`);
      const c = rng.pick(doc.clinics);
      for (const [key] of clinicKeys({ name: c.name, network: c.network, cityName: city.name, zip: null })) {
        const leaf = leafOf(index, key) as string;
        const shard =
          shards.get(leaf) ?? (await readJson<SearchShard>(site(), `api/v1/search/t/${leaf}.json`));
        shards.set(leaf, shard);
        const ids = (shard.keys[key] ?? []).map((at) => shard.clinics[at]?.[0]);
        if (!shard.truncated.includes(key)) expect(ids, `${c.name}: ${key}`).toContain(c.id);
        else expect(ids).toHaveLength(root.head_size);
      }
    }
  });
});

describe("searching the sample", () => {
  const site = () => sampleSite();
  let clinics: Array<{
    id: string;
    name: string;
    network: string | null;
    city: CitiesList["cities"][number];
  }>;
  beforeAll(async () => {
    const cities = await readJson<CitiesList>(site(), "api/v1/cities.json");
    clinics = [];
    for (const city of cities.cities) {
      const doc = await readJson<ClinicsByCity>(site(), `api/v1${city.path}`);
      for (const c of doc.clinics) clinics.push({ id: c.id, name: c.name, network: c.network, city });
    }
  });
  const picks = (n: number, seed: number) => {
    const rng = new Rng(`search picks ${seed}`);
    return Array.from({ length: n }, () => rng.pick(clinics));
  };

  it('finds "<first words of a name> <city>" in the top 10 for nearly every clinic, reading ≤ 2 documents', async () => {
    const { load, stats } = folderLoader(site());
    let found = 0;
    let documents = 0;
    const sample = picks(400, 2026);
    for (const c of sample) {
      const before = stats.requests;
      const hits = await new Searcher(load, { shardCache: 0 }).search(
        `${searchWords(c.name).slice(0, 2).join(" ")} ${c.city.name}`,
      );
      documents += stats.requests - before;
      if (hits.some((h) => h.id === c.id)) found++;
    }
    expect(found / sample.length).toBeGreaterThanOrEqual(0.98);
    expect(documents / sample.length).toBeLessThanOrEqual(2); // the root and one shard, cold
  });

  it("reads the root once per searcher, then one shard per query", async () => {
    const { load, stats } = folderLoader(site());
    const searcher = new Searcher(load, { shardCache: 0 });
    for (const c of picks(50, 5)) await searcher.search(`${c.name} ${c.city.name}`);
    expect(stats.paths.filter((p) => p === "/search/index.json")).toHaveLength(1);
    expect(stats.requests).toBeLessThanOrEqual(1 + 50 * 1.1);
  });

  it("ranks exact before prefix before fuzzy; a city or a state in the query narrows", async () => {
    const { load } = folderLoader(site());
    const searcher = new Searcher(load);
    const kinds = (hits: SearchHit[]) => hits.map((h) => h.match);
    const order = { exact: 0, prefix: 1, fuzzy: 2 } as const;
    for (const q of ["redfern", "redfer", "refdern", "bluepine quick", "amberlyn family"]) {
      const hits = await searcher.search(q, { limit: 50 });
      expect(hits.length, q).toBeGreaterThan(0);
      const ranks = kinds(hits).map((k) => order[k]);
      expect(ranks, q).toEqual([...ranks].sort((a, b) => a - b));
    }
    expect(kinds(await searcher.search("redfern ", { limit: 5 }))).toEqual(Array(5).fill("exact"));
    expect((await searcher.search("redfer", { limit: 5 }))[0]?.match).toBe("prefix");
    expect((await searcher.search("redfren ", { limit: 5 }))[0]?.match).toBe("fuzzy");

    const inAustin = await searcher.search("redfern austin", { limit: 50 });
    expect(inAustin.length).toBeGreaterThan(0);
    for (const h of inAustin) expect([h.city.slug, h.network]).toEqual(["austin", "Redfern Walk-In Clinic"]);
    const inTexas = await searcher.search("redfern texas", { limit: 50 });
    expect(inTexas.length).toBeGreaterThan(inAustin.length);
    for (const h of inTexas) expect(h.state).toEqual({ slug: "texas", code: "TX", name: "Texas" });
    const option = await searcher.search("redfern", { limit: 50, state: "TX" });
    expect(option.map((h) => h.id).sort()).toEqual(inTexas.map((h) => h.id).sort());
    expect(await searcher.search("redfern", { limit: 50, state: "new-york" })).not.toHaveLength(0);
    await expect(searcher.search("redfern", { state: "atlantis" })).rejects.toThrow(RangeError);
  });

  it("answers a prefix as typed from one shard (a head for the first letters), with full hits", async () => {
    const { load, stats } = folderLoader(site());
    const searcher = new Searcher(load);
    const typed = "bluepine";
    for (let i = 1; i <= typed.length; i++) {
      const hits = await searcher.search(typed.slice(0, i));
      expect(hits.length, typed.slice(0, i)).toBeGreaterThan(0);
      expect(hits[0]?.match).not.toBe("fuzzy");
    }
    expect(stats.paths.some((p) => p.startsWith("/search/p/"))).toBe(true);
    expect(stats.requests).toBeLessThanOrEqual(1 + typed.length);
    const [hit] = await searcher.search("bluepine quickmed birmingham");
    expect(hit).toMatchObject({
      name: expect.stringMatching(/^Bluepine QuickMed Clinic/),
      network: "Bluepine QuickMed Clinic",
      city: { slug: "birmingham", name: "Birmingham" },
      state: { slug: "alabama", code: "AL", name: "Alabama" },
      zip: expect.stringMatching(/^35\d{3}$/), // a real Birmingham ZIP code
      match: "exact",
    });
    expect(hit?.url).toBe(`https://urgentcare.example.org/clinics/alabama/birmingham/${hit?.id}.html`);
    expect(hit?.path).toBe(`/clinic/${hit?.id}.json`);
  });

  it("finds nothing, without reading a shard, for a query with no words; limit 0 reads nothing", async () => {
    const { load, stats } = folderLoader(site());
    const searcher = new Searcher(load);
    expect(await searcher.search(" ,; ")).toEqual([]);
    expect(await searcher.search("redfern", { limit: 0 })).toEqual([]);
    expect(stats.requests).toBe(0);
    expect(await searcher.search("qqqqzzzz")).toEqual([]);
  });
});

describe("the searcher and a new release", () => {
  it("uses a shard of an earlier release as it is (a release keeps the shards it did not change): one root read", async () => {
    const { load } = folderLoader(sampleSite());
    const reads: string[] = [];
    const moving = async (path: string) => {
      reads.push(path);
      const doc = (await load(path)) as { meta: { generated_at: string } };
      // The root is newer than the shards, as after an incremental release.
      return path === "/search/index.json"
        ? { ...doc, meta: { ...doc.meta, generated_at: "2030-01-01T00:00:00Z" } }
        : doc;
    };
    const searcher = new Searcher(moving);
    expect((await searcher.search("redfern austin")).length).toBeGreaterThan(0);
    expect(reads.filter((p) => p === "/search/index.json")).toHaveLength(1);
    expect(reads).toHaveLength(2);
  });

  it("reads the root again when a shard is gone (a new release has other shards), and fails if it stays gone", async () => {
    const { load } = folderLoader(sampleSite());
    let gone = true;
    const reads: string[] = [];
    const losing = async (path: string) => {
      reads.push(path);
      if (gone && path.startsWith("/search/t/")) {
        gone = false;
        throw new NotFoundError(path, null);
      }
      return load(path);
    };
    expect((await new Searcher(losing).search("redfern austin")).length).toBeGreaterThan(0);
    expect(reads.filter((p) => p === "/search/index.json")).toHaveLength(2);
    const never = async (path: string) => {
      if (path.startsWith("/search/t/")) throw new NotFoundError(path, null);
      return load(path);
    };
    await expect(new Searcher(never).search("redfern austin")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("a small data set with ZIP codes and a tiny layout", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let records: ReturnType<typeof smallRecords>;
  const layout: LayoutOptions = { keyLimit: 6, headSize: 4, pairLimit: 40, budgetBytes: 2048 };
  beforeAll(async () => {
    tmp = await tempDir();
    const small = smallRecords();
    records = {
      ...small,
      clinics: small.clinics.map((c, i) => ({
        ...c,
        zip:
          i % 7 === 0
            ? null
            : `${c.state === "DE" ? 199 : c.state === "RI" ? "029" : "054"}${String(i % 50).padStart(2, "0")}`,
      })),
    };
    out = await renderParts(fromRecords(records), tmp.dir, { parts: ["search"], sizes: { search: layout } });
  });
  afterAll(() => tmp.cleanup());

  it("writes valid shards with common keys, pairs, heads and split leaves", async () => {
    const root = await readJson<SearchIndex>(out, "api/v1/search/index.json");
    expect(SearchIndex.safeParse(root).success).toBe(true);
    expect(root.key_limit).toBe(6);
    expect(root.common.length).toBeGreaterThan(3);
    expect(root.leaves.some((l) => l.length >= 3)).toBe(true);
    const index = prepareIndex(root);
    expect(index.internal.size).toBeGreaterThan(3);
    let pairs = 0;
    for (const leaf of root.leaves) {
      const shard = await readJson<SearchShard>(out, `api/v1/search/t/${leaf}.json`);
      expect(SearchShard.safeParse(shard).success, leaf).toBe(true);
      pairs += Object.keys(shard.keys).filter((k) => k.includes("-")).length;
      for (const k of shard.truncated) expect(shard.keys[k]).toHaveLength(4);
    }
    expect(pairs).toBeGreaterThan(0);
    for (const node of index.internal) {
      const head = await readJson<SearchShard>(out, `api/v1/search/p/${node}.json`);
      expect(head.kind).toBe("head");
      expect(head.clinics.length).toBeLessThanOrEqual(4);
    }
  });

  it("finds a clinic by its 5-digit ZIP code (from the record), alone or with a name word", async () => {
    const { load } = folderLoader(out);
    const searcher = new Searcher(load);
    const withZip = records.clinics.filter((c) => c.zip !== null);
    for (const c of withZip.slice(0, 25)) {
      const hits = await searcher.search(c.zip as string, { limit: 50 });
      expect(
        hits.map((h) => h.id),
        c.zip as string,
      ).toContain(c.id);
      for (const h of hits) expect(h.zip).toBe(c.zip);
      const named = await searcher.search(`${words(c.name)[0]} ${c.zip}`);
      expect(named.map((h) => h.id)).toContain(c.id);
      expect(named[0]?.zip).toBe(c.zip);
    }
    expect(await searcher.search("00000")).toEqual([]);
  });

  it("finds clinics whose every query word is common through a pair key", async () => {
    const { load } = folderLoader(out);
    const searcher = new Searcher(load);
    const root = await readJson<SearchIndex>(out, "api/v1/search/index.json");
    const index = prepareIndex(root);
    const common = new Map(root.common);
    const pairable = (w: string) => (common.get(w) ?? 0) > 0 && (common.get(w) ?? 0) <= root.pair_limit;
    const keysOf = (c: (typeof records.clinics)[number]) => [
      ...clinicKeys({ name: c.name, network: c.network, cityName: c.city, zip: null }).keys(),
    ];
    const pairCount = new Map<string, number>();
    for (const c of records.clinics) {
      const ks = keysOf(c).filter(pairable).sort();
      for (const a of ks)
        for (const b of ks) if (a < b) pairCount.set(`${a}-${b}`, (pairCount.get(`${a}-${b}`) ?? 0) + 1);
    }
    let tried = 0;
    for (const c of records.clinics) {
      const ks = keysOf(c).filter(pairable).sort();
      const [a, b] = ks;
      if (!a || !b || (pairCount.get(`${a}-${b}`) ?? 0) > root.key_limit) continue;
      const query = `${b} ${a} `;
      expect(drivers(index, parseQuery(query))[0]?.key).toBe(`${a}-${b}`);
      const hits = await searcher.search(query, { limit: 100 });
      expect(
        hits.map((h) => h.id),
        query,
      ).toContain(c.id);
      if (++tried === 10) break;
    }
    expect(tried).toBeGreaterThan(0);
  });
});

describe("default layout", () => {
  it("keeps the sample's largest key list within a shard", () => {
    expect(DEFAULT_LAYOUT.keyLimit * 90).toBeLessThanOrEqual(DEFAULT_LAYOUT.budgetBytes);
  });
});
