#!/usr/bin/env node
// Soak test: `npm run soak [-- --seconds 60 --rate 2000 --workers 2]`. Serves the sample with `ucd serve`
// and sends a fixed request rate over keep-alive connections on loopback for a bounded time, swapping the
// build every 15 s (reload under load). Reports errors, latency (measured from each request's scheduled
// send time, so a stalled server cannot hide behind a slowed client) and the server's memory over time.
import { spawn } from "node:child_process";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadAverage, rssMiB, treePids } from "./proc.mjs";
import { listedPaths } from "./tree.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const { values: opts } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    rate: { type: "string", default: "2000" },
    connections: { type: "string", default: "32" },
    workers: { type: "string", default: String(availableParallelism()) },
    port: { type: "string", default: "18650" },
  },
});
const SECONDS = Math.min(600, Number(opts.seconds)); // bounded, whatever is asked
const RATE = Number(opts.rate);
const log = (...a) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...a);

const work = mkdtempSync(join(tmpdir(), "ucd-soak-"));
const live = join(work, "public");
const { buildSite } = await import(join(ROOT, "dist", "render", "build.js"));
const { generateSample } = await import(join(ROOT, "dist", "sample", "generate.js"));
const dataset = generateSample();
log("building two versions of the sample");
await buildSite(dataset, live, { siteUrl: "http://127.0.0.1:8080", compression: "fast" });
await buildSite(dataset, join(work, "next"), { siteUrl: "http://127.0.0.1:8081", compression: "fast" });
const paths = listedPaths(live)
  .filter((p) => /^api\/v1\/clinics\/[^/]+\/[^/]+\.json$/.test(p))
  .map((p) => `/${p}`)
  .sort();

const server = spawn(
  process.execPath,
  [join(ROOT, "bin", "ucd.js"), "serve", live, "--port", opts.port, "--workers", opts.workers],
  {
    stdio: ["ignore", "pipe", "pipe"],
  },
);
let serverLog = "";
server.stdout.on("data", (d) => {
  serverLog += d;
});
server.stderr.on("data", (d) => {
  serverLog += d;
});
process.on("exit", () => {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});
while (!serverLog.includes("API index:")) {
  if (server.exitCode !== null) throw new Error(`server exited:\n${serverLog}`);
  await new Promise((r) => setTimeout(r, 50));
}
const base = `http://127.0.0.1:${opts.port}`;
const agent = new Agent({ keepAlive: true, maxSockets: Number(opts.connections) });

const latencies = [];
const worst = []; // slowest answer per second of the run
const failures = new Map();
let sent = 0;
let done = 0;
const fail = (why) => failures.set(why, (failures.get(why) ?? 0) + 1);
function fire(scheduled) {
  const path = paths[sent++ % paths.length];
  const req = request(`${base}${path}`, { agent, headers: { "accept-encoding": "br, gzip" } }, (res) => {
    let bytes = 0;
    res.on("data", (c) => {
      bytes += c.length;
    });
    res.on("end", () => {
      done++;
      if (res.statusCode !== 200) fail(`status ${res.statusCode}`);
      else if (bytes !== Number(res.headers["content-length"])) fail("short body");
      else {
        const ms = performance.now() - scheduled;
        latencies.push(ms);
        const second = Math.floor((scheduled - started) / 1000);
        worst[second] = Math.max(worst[second] ?? 0, ms);
      }
    });
  });
  req.on("error", (e) => {
    done++;
    fail(e.code ?? e.message);
  });
  req.end();
}

const pids = () => treePids(server.pid);
const memory = [];
const started = performance.now();
let swaps = 0;
log(`${RATE} req/s for ${SECONDS} s over ${opts.connections} connections to ${opts.workers} worker(s)`);
await new Promise((resolve) => {
  let issued = 0;
  const tick = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed >= SECONDS) {
      clearInterval(tick);
      resolve();
      return;
    }
    const due = Math.floor(elapsed * RATE);
    for (; issued < due; issued++) fire(started + (issued / RATE) * 1000);
  }, 1);
  const sample = setInterval(() => {
    const t = Math.round((performance.now() - started) / 1000);
    if (t > SECONDS) return clearInterval(sample);
    memory.push({ t, rss: rssMiB(pids()) });
    if (t > 0 && t % 15 === 0 && t < SECONDS) {
      // Replace the build the way `ucd build` does; the server's folder watch reloads it.
      const old = join(work, `old-${t}`);
      renameSync(live, old);
      renameSync(join(work, "next"), live);
      renameSync(old, join(work, "next"));
      swaps++;
    }
  }, 1000);
});
while (done < sent && performance.now() - started < (SECONDS + 10) * 1000)
  await new Promise((r) => setTimeout(r, 50));
agent.destroy();

const sorted = latencies.sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const at = (t) =>
  memory.reduce((best, m) => (Math.abs(m.t - t) < Math.abs(best.t - t) ? m : best), memory[0]);
const reloads = (serverLog.match(/"event":"reload"/g) ?? []).length;
const refused = (serverLog.match(/"event":"reload-refused"/g) ?? []).length;
const reloadMs = [...serverLog.matchAll(/"event":"reload".*?"ms":(\d+)/g)].map((m) => Number(m[1]));
server.kill("SIGTERM");
const exitCode = await new Promise((r) => server.on("exit", (code) => r(code)));
const errors = [...failures.values()].reduce((a, b) => a + b, 0);
const lines = [
  "| figure | value |",
  "|---|---|",
  `| target rate | ${RATE} req/s for ${SECONDS} s, ${opts.connections} keep-alive connections, ${opts.workers} worker(s) |`,
  `| requests sent / answered | ${sent.toLocaleString("en-US")} / ${done.toLocaleString("en-US")} |`,
  `| achieved rate | ${Math.round(done / SECONDS).toLocaleString("en-US")} req/s |`,
  `| errors | ${errors}${errors ? ` (${[...failures].map(([k, v]) => `${k}: ${v}`).join(", ")})` : ""} |`,
  `| latency p50 / p99 / max | ${pct(50).toFixed(2)} / ${pct(99).toFixed(2)} / ${sorted.at(-1)?.toFixed(2)} ms |`,
  `| server RSS at 5 s / 30 s / ${SECONDS} s (max) | ${at(5).rss.toFixed(0)} / ${at(30).rss.toFixed(0)} / ${at(SECONDS).rss.toFixed(0)} MiB (${Math.max(...memory.map((m) => m.rss)).toFixed(0)}) |`,
  `| builds swapped in under load / worker reloads logged / refused | ${swaps} / ${reloads} / ${refused} |`,
  `| time to load and validate a build, per worker reload | ${reloadMs.join(", ")} ms |`,
  `| exit code after SIGTERM | ${exitCode} |`,
  `| load average at the end | ${loadAverage()} |`,
];
console.log(lines.join("\n"));
console.log(`\nRSS over time (MiB): ${memory.map((m) => `${m.t}s:${m.rss.toFixed(0)}`).join(" ")}`);
process.exitCode = errors === 0 && exitCode === 0 ? 0 : 1;
console.log(
  `\nslowest answer per second (ms; builds swapped at 15, 30, 45 s): ${worst.map((ms, i) => `${i}s:${Math.round(ms ?? 0)}`).join(" ")}`,
);
