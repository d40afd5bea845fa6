#!/usr/bin/env node
// Benchmark harness: `npm run bench:serve [-- --duration 10 --rounds 3 --workers 2 --compression max]`.
// Builds the sample, serves the same output folder with ours, nginx (Debian, precompressed files) and sirv,
// h2o (Debian's 2.2) and sirv, drives each with wrk, interleaving the servers within every round, and prints medians
// with each server's memory (summed RSS, and the tree's physical footprint: every page counted once). Needs:
//   apt-get install -y nginx-light libnginx-mod-http-brotli-static h2o wrk
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeH2oConf } from "./h2o.mjs";
import { writeNginxConf } from "./nginx.mjs";
import { cpuSeconds, footprintMiB, loadAverage, rssMiB, rssParts, treePids } from "./proc.mjs";
import { addSitePages, listedPaths } from "./tree.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    workers: { type: "string", default: String(availableParallelism()) },
    connections: { type: "string", default: "50" },
    // A pause (ms) before each request of each connection: the same offered load for every server (about
    // connections × 1000 / pause requests a second), for latency at the same load instead of at saturation.
    "delay-ms": { type: "string", default: "0" },
    compression: { type: "string", default: "max" },
    scenarios: { type: "string", default: "rotate-br,rotate-identity,hot,not-modified,not-found" },
    servers: { type: "string", default: "ours,nginx,h2o,sirv,ours-node" },
    pinned: { type: "boolean", default: true },
    "no-pinned": { type: "boolean", default: false },
    site: { type: "string" },
    // Another checkout of the project (built): adds server "ours-base", its `ucd serve`, for before/after in one run.
    base: { type: "string" },
    // Add stand-ins for the site pages (a page per state, city and clinic, a JSON document per clinic). The build
    // writes the real site now: off by default.
    pages: { type: "boolean", default: false },
    "no-pages": { type: "boolean", default: false },
  },
});
const DURATION = Number(opts.duration);
const ROUNDS = Number(opts.rounds);
const WORKERS = Number(opts.workers);

for (const [tool, pkg] of [
  ["wrk", "wrk"],
  ["nginx", "nginx-light"],
  ["taskset", "util-linux"],
  ["h2o", "h2o"],
]) {
  if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) {
    console.error(`bench:serve needs ${tool}: apt-get install -y ${pkg} libnginx-mod-http-brotli-static wrk`);
    process.exit(2);
  }
}
if (!existsSync("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")) {
  console.error(
    "bench:serve needs nginx's brotli_static module: apt-get install -y libnginx-mod-http-brotli-static",
  );
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), "ucd-bench-"));
chmodSync(work, 0o755); // nginx's workers run as another user and must read the folder
const site = opts.site ?? join(work, "public");
const children = [];
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true }); // with --site the served folder is elsewhere and kept
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

// 1. The output folder: the synthetic sample, as `ucd build` writes it.
if (!opts.site) {
  log(`building the sample into ${site} (compression ${opts.compression})`);
  const { renderSite } = await import(join(ROOT, "dist", "render", "build.js"));
  const { generateSample } = await import(join(ROOT, "dist", "sample", "generate.js"));
  await renderSite(generateSample(), site, {
    siteUrl: "http://127.0.0.1:8080",
    compression: opts.compression,
  });
}
if (!opts.site && opts.pages && !opts["no-pages"]) {
  const clinics = addSitePages(site);
  log(`added the site pages: a page and a JSON document per clinic (${clinics}), a page per city and state`);
}
const listed = listedPaths(site);
const cityPaths = listed
  .filter((p) => /^api\/v1\/clinics\/[^/]+\/[^/]+\.json$/.test(p))
  .map((p) => `/${p}`)
  .sort();
const folderBytes = Number(spawnSync("du", ["-sb", site], { encoding: "utf8" }).stdout.split("\t")[0]);
log(
  `${listed.length} files, ${cityPaths.length} city documents, ${(folderBytes / 1048576).toFixed(1)} MiB in all encodings`,
);

// 2. Servers.
let nextPort = 18600;
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
async function waitUp(url, proc) {
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`${url}: server exited with ${proc.exitCode}`);
    try {
      return await httpGet(`${url}${cityPaths[0]}`);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

/** `ucd serve` of the checkout at `root` (this one, or --base's), without watching. */
const ucdServe = (root, port, workers, ...extra) => [
  process.execPath,
  [
    join(root, "bin", "ucd.js"),
    "serve",
    site,
    "--port",
    String(port),
    "--workers",
    String(workers),
    "--no-watch",
    ...extra,
  ],
];

const SERVERS = {
  ours: (port, workers) => ucdServe(ROOT, port, workers),
  "ours-base": (port, workers) => ucdServe(opts.base ?? ROOT, port, workers),
  "ours-node": (port, workers) => ucdServe(ROOT, port, workers, "--mode", "node"),
  nginx: (port, workers, name) => {
    const dir = join(work, `nginx-${name}`);
    return ["nginx", ["-c", writeNginxConf(dir, { root: site, port, workers }), "-p", dir]];
  },
  h2o: (port, workers, name) => {
    const dir = join(work, `h2o-${name}`);
    return ["h2o", ["-c", writeH2oConf(dir, { root: site, port, workers })]];
  },
  sirv: (port, workers) => [
    process.execPath,
    [join(HERE, "sirv-server.mjs"), site, String(port), String(workers)],
  ],
};

async function startServer(name, kind, workers, cpu) {
  const port = nextPort++;
  // `ours@--hot-mib=8 --workers=1`: ours with more options (the last value of an option wins).
  const [base, extra] = kind.includes("@")
    ? [kind.slice(0, kind.indexOf("@")), kind.slice(kind.indexOf("@") + 1)]
    : [kind, ""];
  const [cmd, baseArgs] = SERVERS[base](port, workers, name);
  const args = extra ? [...baseArgs, ...extra.split(" ")] : baseArgs;
  const full = cpu === undefined ? [cmd, args] : ["taskset", ["-c", String(cpu), cmd, ...args]];
  const proc = spawn(full[0], full[1], { stdio: ["ignore", "ignore", "inherit"], cwd: ROOT });
  children.push(proc);
  const url = `http://127.0.0.1:${port}`;
  const res = await waitUp(url, proc);
  const br = (await httpGet(`${url}${cityPaths[0]}`, { "accept-encoding": "br, gzip" })).headers[
    "content-encoding"
  ];
  if (br !== "br") log(`warning: ${name} answered Accept-Encoding br with ${br ?? "identity"}`);
  const etags = [];
  for (const p of cityPaths)
    etags.push((await httpGet(`${url}${p}`, { "accept-encoding": "br, gzip" })).headers.etag ?? "");
  log(
    `${name} up on ${url} (${workers} worker(s)${cpu === undefined ? "" : `, pinned to CPU ${cpu}`}), status ${res.statusCode}`,
  );
  return { name, kind, workers, url, proc, etags, pids: () => treePids(proc.pid) };
}

// 3. Scenarios: files of "path<TAB>etag" lines for the Lua script.
function pathsFile(server, scenario) {
  const file = join(work, `paths-${server.name}-${scenario}.txt`);
  const lines =
    scenario === "hot"
      ? [cityPaths[0]]
      : scenario === "not-found"
        ? cityPaths.map((p) => p.replace("/clinics/", "/clinics/zz-").replace(".json", "-nope.json"))
        : cityPaths.map((p, i) => `${p}\t${scenario === "not-modified" ? server.etags[i] : ""}`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}
const SCENARIO_ENV = {
  "rotate-br": { BENCH_AE: "br, gzip" },
  "rotate-identity": { BENCH_AE: "" },
  hot: { BENCH_AE: "br, gzip" },
  "not-modified": { BENCH_AE: "br, gzip", BENCH_INM: "1" },
  "not-found": { BENCH_AE: "br, gzip" },
};

function wrk(server, scenario, seconds, wrkCpu) {
  const args = [
    "-t1",
    `-c${opts.connections}`,
    `-d${seconds}s`,
    "--latency",
    "-s",
    join(HERE, "scenario.lua"),
    server.url,
  ];
  const env = {
    ...process.env,
    BENCH_DIR: HERE,
    BENCH_PATHS: pathsFile(server, scenario),
    BENCH_DELAY_MS: opts["delay-ms"],
    ...SCENARIO_ENV[scenario],
  };
  const [cmd, full] =
    wrkCpu === undefined ? ["wrk", args] : ["taskset", ["-c", String(wrkCpu), "wrk", ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, full, { env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", () => {
      const m = /RESULT (\{.*\})/.exec(out);
      if (m) resolve(JSON.parse(m[1]));
      else reject(new Error(`wrk gave no result for ${server.name}/${scenario}: ${out}`));
    });
  });
}

async function measure(server, scenario, wrkCpu) {
  const pids = server.pids();
  const cpu0 = cpuSeconds(pids);
  const r = await wrk(server, scenario, DURATION, wrkCpu);
  const cpu1 = cpuSeconds(server.pids());
  const seconds = r.duration_us / 1e6;
  return {
    rps: r.requests / seconds,
    bytesPerSec: r.bytes / seconds,
    p50: r.p50_us / 1000,
    p99: r.p99_us / 1000,
    errors: r.errors,
    statusErrors: r.status_errors,
    cpuUsPerReq: ((cpu1 - cpu0) * 1e6) / r.requests,
    rss: rssMiB(server.pids()),
    rssParts: rssParts(server.pids()),
    footprint: footprintMiB(server.pids()),
    load: loadAverage(),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function campaign(label, servers, scenarios, wrkCpu) {
  for (const s of servers) await wrk(s, "rotate-br", 2, wrkCpu); // warm-up: JIT, caches
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      // Interleave: every server once per scenario per round, the order rotating between rounds.
      const order = servers.map((_, i) => servers[(i + round) % servers.length]);
      for (const server of order) {
        const m = await measure(server, scenario, wrkCpu);
        runs.push({ label, round, scenario, server: server.name, ...m });
        log(
          `${label} r${round + 1} ${scenario.padEnd(15)} ${server.name.padEnd(10)} ${Math.round(m.rps).toString().padStart(7)} req/s  p50 ${m.p50.toFixed(2)} ms  p99 ${m.p99.toFixed(2)} ms  ${m.cpuUsPerReq.toFixed(1)} µs CPU/req  load ${m.load}`,
        );
      }
    }
  }
  return runs;
}

function summarize(runs) {
  const rows = [];
  const keys = [...new Set(runs.map((r) => `${r.label}|${r.scenario}|${r.server}`))];
  for (const key of keys) {
    const [label, scenario, server] = key.split("|");
    const rs = runs.filter((r) => r.label === label && r.scenario === scenario && r.server === server);
    rows.push({
      label,
      scenario,
      server,
      runs: rs.length,
      rps: median(rs.map((r) => r.rps)),
      all: rs.map((r) => Math.round(r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      mbps: median(rs.map((r) => r.bytesPerSec)) / 1048576,
      cpu: median(rs.map((r) => r.cpuUsPerReq)),
      rss: Math.max(...rs.map((r) => r.rss)),
      footprint: Math.max(...rs.map((r) => r.footprint?.total ?? Number.NaN)),
      anon: Math.max(...rs.map((r) => r.footprint?.anon ?? Number.NaN)),
      rssParts: rs.reduce((a, r) => (r.rss >= a.rss ? r : a)).rssParts,
      errors: rs.reduce((a, r) => a + r.errors, 0),
    });
  }
  for (const row of rows) {
    const nginx = rows.find(
      (r) => r.label === row.label && r.scenario === row.scenario && r.server.startsWith("nginx"),
    );
    row.ratio = nginx ? row.rps / nginx.rps : Number.NaN;
  }
  return rows;
}

function table(rows) {
  const lines = [
    "| set-up | scenario | server | req/s (median) | runs | ratio to nginx | p50 ms | p99 ms | MiB/s | CPU µs/req | RSS MiB total | RSS MiB per process | footprint MiB (anon) | socket errors |",
    "|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---|---|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.scenario} | ${r.server} | ${Math.round(r.rps).toLocaleString("en-US")} | ${r.all.join(" / ")} | ${r.ratio.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.mbps.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.rss.toFixed(0)} | ${r.rssParts.map((m) => m.toFixed(0)).join(" + ")} | ${r.footprint.toFixed(0)} (${r.anon.toFixed(0)}) | ${r.errors} |`,
    );
  }
  return lines.join("\n");
}

// 4. Run.
const startedLoad = loadAverage();
const scenarios = opts.scenarios.split(",");
const kinds = opts.servers.split(",");
const unpinned = [];
for (const kind of kinds) unpinned.push(await startServer(kind, kind, WORKERS));
let runs = await campaign(`${WORKERS} workers`, unpinned, scenarios);
for (const s of unpinned) s.proc.kill("SIGTERM");

if (opts.pinned && !opts["no-pinned"] && cpus().length >= 2) {
  const pinned = [await startServer("ours-1", "ours", 1, 0), await startServer("nginx-1", "nginx", 1, 0)];
  if (kinds.includes("h2o")) pinned.push(await startServer("h2o-1", "h2o", 1, 0));
  runs = runs.concat(await campaign("pinned 1+1", pinned, ["rotate-br", "rotate-identity"], 1));
  for (const s of pinned) s.proc.kill("SIGTERM");
}

const rows = summarize(runs);
const meta = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`,
  wrk: `wrk -t1 -c${opts.connections} -d${DURATION}s${opts["delay-ms"] !== "0" ? `, ${opts["delay-ms"]} ms before each request of a connection` : ""}`,
  rounds: ROUNDS,
  workers: WORKERS,
  compression: opts.compression,
  cityDocuments: cityPaths.length,
  files: listed.length,
  folderMiB: Math.round(folderBytes / 1048576),
  loadAverage: { start: startedLoad, end: loadAverage() },
  nginx: spawnSync("nginx", ["-v"], { encoding: "utf8" }).stderr.trim(),
};
mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
const out = join(ROOT, "bench", "results", `serve-${meta.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(out, JSON.stringify({ meta, rows, runs }, null, 2));
console.log(
  `\n${Object.entries(meta)
    .map(([k, v]) => `- ${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`)
    .join("\n")}\n`,
);
console.log(table(rows));
console.log(`\nraw runs: ${out}`);
const headline = rows.find(
  (r) => r.scenario === "rotate-br" && r.server === "ours" && !r.label.startsWith("pinned"),
);
if (headline) console.log(`\nours/nginx on rotate-br (${headline.label}): ${headline.ratio.toFixed(2)}`);
console.log(`\n${sideBySide(rows)}`);

/** Per set-up and scenario: ours, nginx and h2o on one line each, with ours' ratios to both. */
function sideBySide(rows) {
  const lines = [
    "| set-up | scenario | server | RSS MiB (sum) | footprint MiB | p50 ms | p99 ms | req/s | RSS ÷ nginx | p99 ÷ nginx | p99 ÷ h2o | req/s ÷ nginx |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    if (!/^(ours|ours-base|nginx|h2o)(-1|@.*)?$/.test(r.server)) continue;
    const peer = (kind) =>
      rows.find((x) => x.label === r.label && x.scenario === r.scenario && x.server.startsWith(kind));
    const ours = r.server.startsWith("ours");
    const ng = peer("nginx");
    const h2 = peer("h2o");
    const ratio = (a, b) => (ours && b ? (a / b).toFixed(2) : "");
    lines.push(
      `| ${r.label} | ${r.scenario} | ${r.server} | ${r.rss.toFixed(0)} | ${r.footprint.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(r.rps).toLocaleString("en-US")} | ${ratio(r.rss, ng?.rss)} | ${ratio(r.p99, ng?.p99)} | ${ratio(r.p99, h2?.p99)} | ${ratio(r.rps, ng?.rps)} |`,
    );
  }
  return lines.join("\n");
}
