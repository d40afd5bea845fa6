#!/usr/bin/env node
// "Can a 1M-clinic build be served on this machine?" `npm run bench:large [-- --clinics 1000000 --keep]`.
// Generates (or reuses, with --dir) a deterministic output folder of N small clinic documents
// (api/v1/clinic/{id}.json) with their .br/.gz siblings and a valid files.tsv, serves it with ours
// (`ucd-server`, 2 workers), nginx and h2o, and reports start time, RSS (summed, and the tree's footprint: every
// page counted once) and throughput on rotating documents (wrk, the same scenario script as bench:serve). Needs
// nginx-light, libnginx-mod-http-brotli-static, h2o, wrk. `--base DIR` adds "ours-base", another built
// checkout's server, for before/after in one run.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { writeH2oConf } from "./h2o.mjs";
import { writeNginxConf } from "./nginx.mjs";
import { cpuSeconds, footprintMiB, loadAverage, rssParts, treePids } from "./proc.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const { values: opts } = parseArgs({
  options: {
    clinics: { type: "string", default: "1000000" },
    dir: { type: "string" },
    keep: { type: "boolean", default: false },
    workers: { type: "string", default: "2" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    rotate: { type: "string", default: "100000" },
    servers: { type: "string", default: "ours,nginx,h2o" },
    base: { type: "string" },
    "generate-only": { type: "boolean", default: false },
  },
});
const N = Number(opts.clinics);
const log = (...a) => console.error(`[large ${new Date().toISOString().slice(11, 19)}]`, ...a);
const work = mkdtempSync(join(tmpdir(), "ucd-large-"));
chmodSync(work, 0o755);
const dir = opts.dir ?? join(work, "public");
const children = [];
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));

const idOf = (i) => `c${i.toString(36).padStart(7, "0")}`;
const STATES = ["texas", "california", "new-york", "florida", "ohio", "georgia", "district-of-columbia"];

/** One clinic document, deterministic in `i` (~450 bytes, like the API's). */
function clinic(i) {
  const state = STATES[i % STATES.length];
  return {
    id: idOf(i),
    name: `Urgent Care Clinic ${i}`,
    network: i % 3 ? `Network ${i % 97}` : null,
    address: `${100 + (i % 9900)} Main St, City ${i % 5000}, ${state.toUpperCase().slice(0, 2)} ${String(10000 + (i % 89999))}`,
    neighborhood: null,
    coordinates: `${(25 + ((i * 7) % 2300) / 100).toFixed(4)},${(-70 - ((i * 13) % 5000) / 100).toFixed(4)}`,
    phone: `+1-555-${String(i % 10000).padStart(4, "0")}`,
    hours: { weekly: { mon: [{ open: "08:00", close: "20:00" }] } },
    services: ["x-ray", "lab"].slice(0, 1 + (i % 2)),
    insurance: ["medicare"],
    rating: (i % 50) / 10,
    reviews_count: i % 1000,
    website: null,
    url: `https://urgentcare.example.org/clinics/${state}/city-${i % 5000}/${idOf(i)}/`,
  };
}

/** Writes the folder: files in manifest (byte) order, the manifest streamed with its running digest. */
function generate() {
  const started = Date.now();
  mkdirSync(join(dir, "api", "v1", "clinic"), { recursive: true });
  const manifest = openSync(join(dir, "files.tsv"), "w");
  const digest = createHash("sha256");
  let count = 0;
  let bytes = 0;
  const line = (text) => {
    digest.update(text);
    writeSync(manifest, text);
  };
  const put = (path, body) => {
    const sibs = [
      [path, body],
      [`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })],
      [`${path}.gz`, gzipSync(body, { level: 6 })],
    ];
    let text = "";
    for (const [p, b] of sibs) {
      writeFileSync(join(dir, p), b);
      text += `${p}\t${b.length}\t${createHash("sha256").update(b).digest("hex")}\n`;
      count++;
      bytes += b.length;
    }
    line(text);
  };
  line("#ucd-files\t1\n");
  put(
    "404.json",
    Buffer.from('{"status":404,"code":"not_found","message":"No document exists at this path."}'),
  );
  put(
    "api/openapi.json",
    Buffer.from(JSON.stringify({ openapi: "3.0.3", info: { title: "large", version: "1.0.0" } })),
  );
  for (let i = 0; i < N; i++) {
    put(`api/v1/clinic/${idOf(i)}.json`, Buffer.from(JSON.stringify(clinic(i))));
    if (i % 100_000 === 99_999)
      log(`${i + 1} clinics written (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  put("api/v1/index.json", Buffer.from(JSON.stringify({ name: "large", version: "v1", clinics: N })));
  const hex = digest.digest("hex");
  writeSync(manifest, `#end\t${count}\t${hex}\n`);
  closeSync(manifest);
  return { files: count, bytes, seconds: (Date.now() - started) / 1000 };
}

function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res));
    });
    req.on("error", reject);
    req.end();
  });
}

async function start(kind, port) {
  const started = Date.now();
  let cmd;
  let args;
  if (kind.startsWith("ours")) {
    cmd = process.execPath;
    const [name, extra = ""] = kind.split("@");
    args = [
      join(name === "ours-base" ? opts.base : ROOT, "packages", "server", "bin", "ucd-server.js"),
      dir,
      "--port",
      String(port),
      "--workers",
      opts.workers,
      "--no-watch",
      ...(extra ? extra.split(" ") : []),
    ];
  } else if (kind === "h2o") {
    cmd = "h2o";
    args = ["-c", writeH2oConf(join(work, "h2o"), { root: dir, port, workers: Number(opts.workers) })];
  } else {
    cmd = "nginx";
    const conf = writeNginxConf(join(work, "nginx"), { root: dir, port, workers: Number(opts.workers) });
    args = ["-c", conf, "-p", join(work, "nginx")];
  }
  const proc = spawn(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
  children.push(proc);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${kind} exited with ${proc.exitCode}`);
    try {
      const res = await httpGet(`${url}/api/v1/index.json`);
      if (res.statusCode === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return { kind, proc, url, startMs: Date.now() - started, pids: () => treePids(proc.pid) };
}

function wrk(server, pathsFile, seconds) {
  const args = ["-t1", "-c50", `-d${seconds}s`, "--latency", "-s", join(HERE, "scenario.lua"), server.url];
  const env = { ...process.env, BENCH_DIR: HERE, BENCH_PATHS: pathsFile, BENCH_AE: "br, gzip" };
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", () => {
      const m = /RESULT (\{.*\})/.exec(out);
      if (m) resolve(JSON.parse(m[1]));
      else reject(new Error(`wrk: ${out}`));
    });
  });
}

if (!opts.dir || !existsSync(join(dir, "files.tsv"))) {
  log(`generating ${N} clinic documents with their siblings into ${dir}`);
  const g = generate();
  log(
    `generated ${g.files} files, ${(g.bytes / 1048576).toFixed(0)} MiB of content, in ${g.seconds.toFixed(0)} s`,
  );
}
if (opts["generate-only"]) {
  const kept = join(tmpdir(), `ucd-large-${N}`);
  spawnSync("mv", [dir, kept]);
  console.log(`folder: ${kept} (serve it with --dir ${kept})`);
  process.exit(0);
}
const du = spawnSync("du", ["-sh", "--apparent-size", dir], { encoding: "utf8" }).stdout.split("\t")[0];
const manifestSize = spawnSync("du", ["-h", join(dir, "files.tsv")], { encoding: "utf8" }).stdout.split(
  "\t",
)[0];
// A deterministic spread of documents to rotate over.
const step = Math.max(1, Math.floor(N / Number(opts.rotate)));
const paths = [];
for (let i = 0; i < N && paths.length < Number(opts.rotate); i += step)
  paths.push(`/api/v1/clinic/${idOf(i)}.json`);
const pathsFile = join(work, "paths.txt");
writeFileSync(pathsFile, `${paths.join("\n")}\n`);

const rows = [];
let port = 18750;
// Each server is started alone (its start time and idle memory measured with no other load), then the rounds
// interleave them, the order rotating, so that the machine's other load falls on all alike.
const servers = [];
for (const kind of opts.servers.split(",")) {
  const server = await start(kind, port++);
  const idle = rssParts(server.pids());
  log(`${kind} answering after ${server.startMs} ms; RSS ${idle.map((m) => m.toFixed(0)).join(" + ")} MiB`);
  servers.push(server);
  rows.push({ kind, startMs: server.startMs, idle, runs: [] });
}
for (let round = 0; round < Number(opts.rounds); round++) {
  for (let k = 0; k < servers.length; k++) {
    const i = (k + round) % servers.length;
    const server = servers[i];
    const cpu0 = cpuSeconds(server.pids());
    const r = await wrk(server, pathsFile, Number(opts.duration));
    const cpu1 = cpuSeconds(server.pids());
    const rps = r.requests / (r.duration_us / 1e6);
    rows[i].runs.push({
      rps,
      p99: r.p99_us / 1000,
      p50: r.p50_us / 1000,
      errors: r.errors + r.status_errors,
      cpuUs: ((cpu1 - cpu0) * 1e6) / r.requests,
    });
    log(
      `${server.kind} round ${round + 1}: ${Math.round(rps)} req/s, p50 ${(r.p50_us / 1000).toFixed(2)} ms, p99 ${(r.p99_us / 1000).toFixed(2)} ms, load ${loadAverage()}`,
    );
  }
}
for (const [i, server] of servers.entries()) {
  rows[i].after = rssParts(server.pids());
  rows[i].footprint = footprintMiB(server.pids());
  server.proc.kill("SIGTERM");
}
await new Promise((r) => setTimeout(r, 500));

console.log(`\n- clinics: ${N} (${N * 3 + 9} files listed, ${du} apparent size, files.tsv ${manifestSize})`);
console.log(
  `- rotating over ${paths.length} documents, Accept-Encoding: br, gzip, wrk -t1 -c50 -d${opts.duration}s, ${opts.rounds} rounds interleaved, ${opts.workers} workers each\n`,
);
console.log(
  "| server | answering after | RSS MiB at start (per process) | RSS MiB after the runs (per process) | total after | footprint MiB (anon) | req/s per round | p50 ms | p99 ms | CPU µs/req | errors |",
);
console.log("|---|---:|---|---|---:|---|---|---|---|---|---:|");
for (const r of rows) {
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `| ${r.kind} | ${(r.startMs / 1000).toFixed(1)} s | ${r.idle.map((m) => m.toFixed(0)).join(" + ")} | ${r.after.map((m) => m.toFixed(0)).join(" + ")} | ${sum(r.after).toFixed(0)} | ${r.footprint ? `${r.footprint.total.toFixed(0)} (${r.footprint.anon.toFixed(0)})` : "?"} | ${r.runs.map((x) => Math.round(x.rps)).join(" / ")} | ${r.runs.map((x) => x.p50.toFixed(1)).join(" / ")} | ${r.runs.map((x) => x.p99.toFixed(1)).join(" / ")} | ${r.runs.map((x) => x.cpuUs.toFixed(1)).join(" / ")} | ${sum(r.runs.map((x) => x.errors))} |`,
  );
}
if (opts.keep && !opts.dir) {
  const kept = join(tmpdir(), `ucd-large-${N}`);
  spawnSync("mv", [dir, kept]);
  console.log(`\nfolder kept: ${kept} (reuse with --dir ${kept})`);
}
