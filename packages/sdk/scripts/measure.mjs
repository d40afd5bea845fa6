#!/usr/bin/env node
// Measures what docs/sdk.md reports: the browser bundle size, and how many documents `nearest` fetches and how
// long it takes against a local server.
//
//   node scripts/measure.mjs [--base-url http://127.0.0.1:8080/api/v1] [--points 500]
//
// Without --base-url it builds the synthetic sample into a temporary folder and serves it on a free port
// (needs `npx tsc -b` first). Only loopback addresses are contacted.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = resolve(sdkDir, "../..");
const { values } = parseArgs({
  options: { "base-url": { type: "string" }, points: { type: "string", default: "500" } },
});
const N = Number(values.points);
const { UrgentCareClient } = await import(pathToFileURL(join(sdkDir, "dist/index.js")).href);

// 1. Bundle sizes: the whole library, and the search alone (`@urgent-care-directory/sdk/search`).
for (const [label, entry] of [
  ["bundle", "src/index.ts"],
  ["search bundle", "src/search.ts"],
]) {
  const bundle = await build({
    entryPoints: [join(sdkDir, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const code = bundle.outputFiles[0].contents;
  console.log(
    `${label}: ${code.length} B minified, ${gzipSync(code, { level: 9 }).length} B minified+gzipped (esbuild, ES2022, gzip -9)`,
  );
}

// 2. A server to measure against.
let base = values["base-url"];
let stop = async () => {};
if (!base) {
  const tmp = mkdtempSync(join(tmpdir(), "ucd-sdk-measure-"));
  const { buildSite } = await import(pathToFileURL(join(repoDir, "dist/render/build.js")).href);
  const { generateSample } = await import(pathToFileURL(join(repoDir, "dist/sample/generate.js")).href);
  const { startServer } = await import("@urgent-care-directory/server");
  await buildSite(generateSample(), join(tmp, "out"), {
    siteUrl: "http://127.0.0.1:8080",
    compression: "fast",
  });
  const server = await startServer({ dir: join(tmp, "out"), port: 0 });
  base = `${server.url}/api/v1`;
  stop = async () => {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  };
}
console.log(`server: ${base}`);

function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cities = (await new UrgentCareClient({ baseUrl: base }).cities()).cities;
const random = rng(2026);
const uniform = Array.from({ length: N }, () => [24.5 + random() * 25, -124.8 + random() * 57.9]);
// Where people are: a random city's centre moved by up to ±0.5° (≈ 50 km) each way.
const populated = Array.from({ length: N }, () => {
  const c = cities[Math.floor(random() * cities.length)];
  return [c.center.latitude + random() - 0.5, c.center.longitude + random() - 0.5];
});

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};
const f = (x, d = 2) => x.toFixed(d);

async function run(label, points, options, clientOptions = {}) {
  let requests = 0;
  const counting = (url, init) => {
    requests++;
    return fetch(url, init);
  };
  const client = new UrgentCareClient({ baseUrl: base, fetch: counting, ...clientOptions });
  await client.nearest(40, -100, options); // warm-up (JIT, connections; and the cache when there is one)
  const docs = [];
  const ms = [];
  for (const [lat, lng] of points) {
    const before = requests;
    const t = performance.now();
    await client.nearest(lat, lng, options);
    ms.push(performance.now() - t);
    docs.push(requests - before);
  }
  const d = stats(docs);
  const l = stats(ms);
  console.log(
    `${label.padEnd(58)} requests/query mean ${f(d.mean)} p50 ${d.p50} p95 ${d.p95} max ${d.max} | ms mean ${f(l.mean)} p50 ${f(l.p50)} p95 ${f(l.p95)}`,
  );
}

console.log(`\nnearest over ${N} points each (requests include cities.json):`);
for (const [name, points] of [
  ["uniform lower-48", uniform],
  ["near cities", populated],
]) {
  await run(`${name}, limit 10, no cache`, points, { limit: 10 });
  await run(`${name}, limit 1, no cache`, points, { limit: 1 });
  await run(`${name}, limit 10, concurrency 4, no cache`, points, { limit: 10, concurrency: 4 });
  await run(`${name}, limit 10, openAt, no cache`, points, {
    limit: 10,
    openAt: new Date("2026-05-02T03:30:00Z"),
  });
  await run(`${name}, limit 10, cache (revalidate, 304s)`, points, { limit: 10 }, { cache: true });
  await run(
    `${name}, limit 10, cache ttl 10 min (warm)`,
    points,
    { limit: 10 },
    { cache: { ttlMs: 600_000 } },
  );
}
await stop();
