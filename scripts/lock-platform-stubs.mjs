#!/usr/bin/env node
// The npm registry mirror reachable from our machines holds only some platform builds of packages that ship
// native binaries as optional dependencies (@biomejs/cli-*, @duckdb/node-bindings-*). `npm install` then leaves
// the other platforms out of package-lock.json, and `npm ci` refuses the lock as "out of sync". This script adds
// the missing optional platform entries (version, os, cpu, libc — what a normal lock records), which npm skips
// on any machine whose platform does not match. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [path, entry] of Object.entries(packages)) {
  if (!entry.optionalDependencies || !path.startsWith("node_modules/")) continue;
  for (const [name, spec] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const m = /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(-musl)?$/.exec(name);
    if (!m || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    packages[key] = {
      version: spec,
      cpu: [m[2]],
      ...(entry.dev ? { dev: true } : {}),
      ...(m[1] === "linux" ? { libc: [m[3] ? "musl" : "glibc"] } : {}),
      optional: true,
      os: [m[1]],
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-stubs: added ${added} optional platform entries`);
