// Preloaded with `node --import` into the measured process: prints its peak resident memory when it exits.
// Linux's getrusage maxRSS carries over exec() the peak of the process that forked it (a benchmark harness that
// generated gigabytes before spawning would lend its children its own peak), so the peak of this program's own
// memory, /proc/self/status VmHWM, is read where there is one.
import { readFileSync, writeSync } from "node:fs";

process.on("exit", () => {
  let kb = process.resourceUsage().maxRSS;
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) kb = Number(hwm[1]);
  } catch {
    // Not Linux: maxRSS it is.
  }
  writeSync(2, `\nPEAK_RSS_KB=${kb}\n`);
});
