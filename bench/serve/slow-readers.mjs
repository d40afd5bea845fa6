#!/usr/bin/env node
// What a slow reader of a download costs the server: `node bench/serve/slow-readers.mjs [--readers 1000]
// [--mode raw|node] [--base DIR]`. Serves a folder holding one 32 MiB download with `ucd-server` (one process;
// --base: another built checkout's, for before/after), opens N connections that request it and then read 1 KiB
// a second, and reports the server's RSS growth per reader once it has settled.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { rssMiB } from "./proc.mjs";
import { writeManifest } from "./tree.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: {
    readers: { type: "string", default: "1000" },
    mode: { type: "string", default: "raw" },
    base: { type: "string", default: join(HERE, "..", "..") },
  },
});
const dir = mkdtempSync(join(tmpdir(), "ucd-slow-"));
const server = (() => {
  mkdirSync(join(dir, "api", "v1"), { recursive: true });
  mkdirSync(join(dir, "downloads"));
  writeFileSync(join(dir, "api/v1/index.json"), '{"name":"slow readers"}');
  writeFileSync(join(dir, "api/openapi.json"), '{"openapi":"3.0.3"}');
  writeFileSync(join(dir, "404.json"), '{"status":404}');
  const big = Buffer.alloc(32 * 1024 * 1024);
  for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
  writeFileSync(join(dir, "downloads/big.parquet"), big);
  writeManifest(dir);
  const bin = join(opts.base, "packages", "server", "bin", "ucd-server.js");
  const args = [bin, dir, "--port", "0", "--workers", "1", "--no-watch", "--mode", opts.mode];
  return spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
})();
process.on("exit", () => {
  server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
const url = await new Promise((resolve) => {
  let out = "";
  server.stdout.setEncoding("utf8").on("data", (d) => {
    out += d;
    const m = /Site:\s+(http:\/\/\S+?)\//.exec(out);
    if (m) resolve(m[1]);
  });
});
const port = Number(new URL(url).port);
await (await fetch(`${url}/downloads/big.parquet`)).arrayBuffer(); // hashed once, as in use
const settle = async () => {
  let last = 0;
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = rssMiB([server.pid]);
    if (i > 3 && Math.abs(now - last) < 0.5) return now;
    last = now;
  }
  return last;
};
const before = await settle();
const N = Number(opts.readers);
const sockets = [];
for (let i = 0; i < N; i++) {
  const s = connect({ port, host: "127.0.0.1" });
  s.on("error", () => {});
  s.on("connect", () => {
    s.write("GET /downloads/big.parquet HTTP/1.1\r\nHost: x\r\n\r\n");
    s.pause();
    // 1 KiB a second: reading resumes just long enough to take about that much.
    setInterval(() => {
      s.read(1024);
    }, 1000).unref();
  });
  sockets.push(s);
  if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
}
const after = await settle();
console.log(
  `${opts.mode} mode, ${N} readers at ~1 KiB/s: RSS ${before.toFixed(1)} → ${after.toFixed(1)} MiB, ${(((after - before) * 1024) / N).toFixed(0)} KiB a reader`,
);
for (const s of sockets) s.destroy();
process.exit(0);
