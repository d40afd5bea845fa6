// Preloaded with `node --import` into the measured process: prints its peak resident memory and its CPU time (user
// + system, every thread of the process: on a machine shared with other work, CPU time compares where wall time
// does not) when it exits.
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
  const usage = process.resourceUsage();
  writeSync(2, `\nPEAK_RSS_KB=${kb}\nCPU_US=${usage.userCPUTime + usage.systemCPUTime}\n`);
});
