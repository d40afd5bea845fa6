#!/usr/bin/env node
// Summarises a V8 CPU profile (node --cpu-prof): self time by function, and by where the time is spent.
// Usage: node bench/serve/profile-top.mjs PROFILE_DIR_OR_FILE [N]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const [target = "prof", top = "25"] = process.argv.slice(2);
const file = statSync(target).isDirectory()
  ? join(
      target,
      readdirSync(target)
        .filter((f) => f.endsWith(".cpuprofile"))
        .sort()
        .at(-1) ?? "",
    )
  : target;
const profile = JSON.parse(readFileSync(file, "utf8"));
const time = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  time.set(profile.samples[i], (time.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const byFunction = new Map();
const byArea = new Map();
let total = 0;
let busy = 0;
for (const node of profile.nodes) {
  const t = time.get(node.id) ?? 0;
  total += t;
  const { functionName, url, lineNumber } = node.callFrame;
  const name =
    `${functionName || "(anonymous)"} ${url ? `${url.split("/").at(-1)}:${lineNumber + 1}` : ""}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + t);
  const area =
    functionName === "(idle)"
      ? "idle (epoll_wait and reads in libuv)"
      : functionName === "writeBuffer" || functionName === "writev" || functionName === "writeLatin1String"
        ? "socket writes (syscall, incl. loopback TCP delivery)"
        : functionName === "(garbage collector)"
          ? "garbage collection"
          : functionName === "(program)"
            ? "native, unattributed (V8/libuv)"
            : url.includes("/packages/server/")
              ? "our code (parse, lookup, respond)"
              : url.startsWith("node:")
                ? "Node's JS (streams, events, nextTick)"
                : "other";
  byArea.set(area, (byArea.get(area) ?? 0) + t);
  if (functionName !== "(idle)") busy += t;
}
const pct = (t, of) => `${((100 * t) / of).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy\n`);
console.log("by area (share of busy time):");
for (const [area, t] of [...byArea].sort((a, b) => b[1] - a[1])) {
  if (!area.startsWith("idle")) console.log(`  ${pct(t, busy)}  ${area}`);
}
console.log(`\ntop ${top} functions by self time (share of busy time):`);
for (const [name, t] of [...byFunction]
  .sort((a, b) => b[1] - a[1])
  .filter(([n]) => !n.startsWith("(idle)"))
  .slice(0, Number(top))) {
  console.log(`  ${pct(t, busy)}  ${name}`);
}
