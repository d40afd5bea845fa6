#!/usr/bin/env node
// Measures what docs/search.md reports about the static search: the index's sizes, and over many queries the
// documents and brotli bytes each query reads and how often the clinic sought is in the top 10.
//
//   node scripts/measure-search.mjs [--queries 1000] [--seed 2026] [--clinics N [--cities 8000]]
//
// Builds the synthetic sample into a temporary folder (needs `npx tsc -b` first), with the published compression.
// With --clinics N it generates N synthetic clinics instead (the sample generator run with several seeds, over
// --cities cities, ids made distinct) and renders only the search index, with fast compression (brotli 5, about
// 10 % larger than the published quality 11). Documents are read from the folder, as a server would send them
// with brotli: a request costs the size of the `.br` sibling.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = resolve(sdkDir, "../..");
const { values } = parseArgs({
  options: {
    queries: { type: "string", default: "1000" },
    clinics: { type: "string" },
    cities: { type: "string", default: "8000" },
    seed: { type: "string", default: "2026" },
  },
});
const N = Number(values.queries);
const { Searcher, searchWords } = await import(pathToFileURL(join(sdkDir, "dist/search.js")).href);

const dist = (path) => import(pathToFileURL(join(repoDir, "dist", path)).href);
const { generateSampleRecords } = await dist("sample/generate.js");
const { fromRecords } = await dist("dataset/store.js");
const tmp = mkdtempSync(join(tmpdir(), "ucd-search-measure-"));
const site = join(tmp, "out");
const options = { siteUrl: "https://urgentcare.example.org", generatedAt: "2026-05-01T00:00:00Z" };
let records;
const started = performance.now();
if (values.clinics === undefined) {
  records = generateSampleRecords();
  const { renderSite } = await dist("render/build.js");
  await renderSite(fromRecords(records), site, { ...options, compression: "max" });
} else {
  const total = Number(values.clinics);
  const seeds = Math.ceil(total / 100_000);
  const parts = [];
  for (let i = 0; i < seeds; i++) {
    const part = generateSampleRecords({
      seed: `scale-${i}`,
      clinics: Math.round(total / seeds),
      cities: Number(values.cities),
    });
    // The same name in the same city under two seeds would share an id: make every id distinct.
    for (const c of part.clinics) c.id = `${i.toString(36)}${c.id}`;
    parts.push(part);
    console.log(`generated ${part.clinics.length} clinics (seed ${i + 1} of ${seeds})`);
  }
  const networks = new Map(parts.flatMap((p) => p.networks).map((n) => [n.name, n]));
  records = { ...parts[0], clinics: parts.flatMap((p) => p.clinics), networks: [...networks.values()] };
  await renderSearchOnly(fromRecords(records), site);
}
console.log(`rendered in ${((performance.now() - started) / 1000).toFixed(0)} s`);

/** The search index alone, as the build renders it (`parts: ["search"]`): state by state, then laid out. */
async function renderSearchOnly(dataset, dir) {
  const { renderSite } = await dist("render/build.js");
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 200);
  try {
    await renderSite(dataset, dir, { ...options, compression: "fast", parts: ["search"] });
  } finally {
    clearInterval(sampler);
  }
  console.log(
    `peak RSS while rendering ${(peak / 2 ** 30).toFixed(2)} GiB (the records of the whole data set included)`,
  );
}
const api = join(site, "api/v1");

// 1. The index's sizes.
const size = (f) => statSync(f).size;
const sizes = (dir) => {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  const raw = files.map((f) => size(join(dir, f)));
  const br = files.map((f) => size(join(dir, `${f}.br`)));
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return { n: files.length, raw: sum(raw), br: sum(br), maxRaw: Math.max(...raw), maxBr: Math.max(...br) };
};
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const root = JSON.parse(readFileSync(join(api, "search/index.json"), "utf8"));
const leaves = sizes(join(api, "search/t"));
const heads = sizes(join(api, "search/p"));
console.log(
  `root: ${kb(size(join(api, "search/index.json")))} raw, ${kb(size(join(api, "search/index.json.br")))} br; ${root.leaves.length} leaves, ${root.common.length} common keys`,
);
for (const [name, s] of [
  ["leaves", leaves],
  ["heads", heads],
]) {
  console.log(
    `${name}: ${s.n} files, ${kb(s.raw)} raw, ${kb(s.br)} br in all; mean ${kb(s.raw / s.n)} raw / ${kb(s.br / s.n)} br; largest ${kb(s.maxRaw)} raw / ${kb(s.maxBr)} br`,
  );
}
console.log(
  `index in all: ${kb(leaves.raw + heads.raw + size(join(api, "search/index.json")))} raw, ${kb(leaves.br + heads.br + size(join(api, "search/index.json.br")))} br for ${root.clinic_count} clinics`,
);

// 2. Queries, read from the folder; each document read is one request of its brotli size.
let requests = 0;
let bytes = 0;
const load = async (path) => {
  const file = join(api, path);
  requests++;
  try {
    bytes += size(`${file}.br`);
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    const err = new Error(`404 ${path}`);
    err.name = "NotFoundError";
    throw err;
  }
};

function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The clinics sought: drawn from the records, with their city's name.
const clinics = records.clinics.map((c) => ({
  clinic: { id: c.id, name: c.name, network: c.network },
  city: { name: c.city, state: { code: c.state } },
}));
const random = rng(Number(values.seed));
const picks = Array.from({ length: N }, () => clinics[Math.floor(random() * clinics.length)]);

const typo = (w) => (w.length < 5 ? w : `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
const kinds = {
  "first two words of the name + city": ({ clinic, city }) =>
    `${searchWords(clinic.name).slice(0, 2).join(" ")} ${city.name}`,
  "whole name": ({ clinic }) => clinic.name,
  "as typed: name cut mid-word": ({ clinic }) =>
    clinic.name.slice(0, Math.max(3, Math.ceil(clinic.name.length * 0.6))),
  "first word + city, one typo": ({ clinic, city }) => `${typo(searchWords(clinic.name)[0])} ${city.name}`,
  "network + city + state code": ({ clinic, city }) =>
    `${clinic.network ?? searchWords(clinic.name).slice(0, 2).join(" ")} ${city.name} ${city.state.code}`,
};

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};

// How many clinics a query of each kind fits exactly: when more than 10 do, no ranking can promise a top 10.
const fits = {
  "first two words of the name + city": (c) =>
    `${c.state}/${c.city}/${searchWords(c.name).slice(0, 2).join(" ")}`,
  "whole name": (c) => c.name,
  "first word + city, one typo": (c) => `${c.state}/${c.city}/${searchWords(c.name)[0]}`,
  "network + city + state code": (c) =>
    `${c.state}/${c.city}/${c.network ?? searchWords(c.name).slice(0, 2).join(" ")}`,
};
const fitCounts = Object.fromEntries(
  Object.entries(fits).map(([label, key]) => {
    const counts = new Map();
    for (const c of records.clinics) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
    return [label, (c) => counts.get(key(c))];
  }),
);
const byId = new Map(records.clinics.map((c) => [c.id, c]));
const sameName = new Map();
for (const c of records.clinics) sameName.set(c.name, (sameName.get(c.name) ?? 0) + 1);
const shared = picks.filter((p) => sameName.get(p.clinic.name) > 10).length;
console.log(
  `\n${((100 * shared) / N).toFixed(1)}% of the clinics drawn share their exact name with more than 10 others (a name alone cannot put them in a top 10)`,
);
console.log(`\n${N} queries of each kind (seed ${values.seed}); requests and brotli bytes per query:`);
for (const [label, make] of Object.entries(kinds)) {
  for (const warm of [false, true]) {
    const searcher = new Searcher(load, { shardCache: 0 });
    if (warm) await searcher.search("warm up the root");
    const reqs = [];
    const sent = [];
    let found = 0;
    let first = 0;
    let answerable = 0;
    let answered = 0;
    for (const pick of picks) {
      const [r0, b0] = [requests, bytes];
      const hits = await (warm ? searcher : new Searcher(load, { shardCache: 0 })).search(make(pick));
      reqs.push(requests - r0);
      sent.push(bytes - b0);
      const at = hits.findIndex((h) => h.id === pick.clinic.id);
      if (at >= 0) found++;
      if (at === 0) first++;
      const fit = fitCounts[label]?.(byId.get(pick.clinic.id));
      if (fit !== undefined && fit <= 10) {
        answerable++;
        if (at >= 0) answered++;
      }
    }
    const r = stats(reqs);
    const b = stats(sent);
    console.log(
      `${label.padEnd(38)} ${warm ? "root cached" : "cold       "}  top-10 ${((100 * found) / N).toFixed(1)}% (first ${((100 * first) / N).toFixed(1)}%; ${answerable ? `${((100 * answered) / answerable).toFixed(1)}% of the ${answerable} that ≤ 10 clinics fit` : "n/a"}) | requests mean ${r.mean.toFixed(2)} max ${r.max} | bytes mean ${kb(b.mean)} p95 ${kb(b.p95)} max ${kb(b.max)}`,
    );
  }
}
rmSync(tmp, { recursive: true, force: true });
