#!/usr/bin/env node
// Where a build's CPU time goes: summarises the V8 CPU profiles of one `node --cpu-prof` run of `ucd build` (the
// main thread's and each compression worker's), attributing every sample to the innermost frame of our code
// (its folder: render/site, render/search, …) or of a library (zod: validation), else to what V8 names it
// (garbage collection, idle, native). Usage: node bench/build/profile-summary.mjs PROFILE_DIR
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The category of one stack frame, or null to look further out. */
function frameCategory(url, name) {
  if (url.includes("/node_modules/zod/")) return "validation (zod)";
  if (url.includes("/node_modules/hyparquet-writer/")) return "downloads";
  // brotliCompressSync and gzipSync share one wrapper: their profiles cannot be told apart.
  if (name === "processChunkSync" || name === "zlibBufferSync") return "compression (brotli + gzip)";
  if (name === "postMessage") return "messages between threads (postMessage)";
  const m =
    /\/(?:dist|src)\/(render\/[a-z-]+|[a-z-]+)\/[^/]*$/.exec(url) ??
    /\/(?:dist|src)\/(render\/[a-z-]+|[a-z-]+)\//.exec(url);
  if (m) return m[1] === "render/output" ? "output writer (hash, link, queue, manifest)" : m[1];
  const root = /\/(?:dist|src)\/render\/([a-z-]+)\.js$/.exec(url);
  if (root) return `render/${root[1]}`;
  return null;
}

/** Self time by category of one profile, and its total busy time (µs). */
function summarise(file, worker) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const out = new Map();
  let busy = 0;
  for (const [id, t] of self) {
    const leaf = byId.get(id);
    const leafName = leaf.callFrame.functionName;
    if (leafName === "(idle)") continue;
    busy += t;
    let category = null;
    if (leafName === "(garbage collector)") category = "garbage collection";
    else if (worker) {
      if (
        /writeFileSync|openSync|writeSync|closeSync|mkdirSync|^open$|^writeString$|^writeBuffer$|^close$|^mkdir$/.test(
          leafName,
        )
      )
        category = "file creation (open, write, close, mkdir)";
      else if (/digest|update|Hash/.test(leafName)) category = "hashing (SHA-256)";
    }
    for (let n = leaf; !category && n; n = byId.get(parent.get(n.id))) {
      category = frameCategory(n.callFrame.url, n.callFrame.functionName);
    }
    category ??= worker
      ? "worker: other"
      : leafName === "(program)"
        ? "native, unattributed"
        : `other: ${leafName}`;
    out.set(category, (out.get(category) ?? 0) + t);
  }
  return { out, busy };
}

const dir = process.argv[2] ?? "prof";
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort();
const total = new Map();
let all = 0;
for (const [i, f] of files.entries()) {
  // The main thread writes the first profile; the workers' follow (thread ids 1, 2, …).
  const worker = !/\.0\.\d+\.cpuprofile$/.test(f) && i > 0;
  const { out, busy } = summarise(join(dir, f), worker);
  all += busy;
  console.log(`${worker ? "worker" : "main  "} ${f}: ${(busy / 1e6).toFixed(1)} s busy`);
  for (const [k, v] of out)
    total.set(worker ? `[workers] ${k}` : k, (total.get(worker ? `[workers] ${k}` : k) ?? 0) + v);
}
console.log(`\nCPU by category, all threads (${(all / 1e6).toFixed(1)} s busy):`);
for (const [k, v] of [...total].sort((a, b) => b[1] - a[1])) {
  if (v / all < 0.003) continue;
  console.log(`  ${(v / 1e6).toFixed(1).padStart(7)} s  ${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`);
}
