import { readdirSync, readFileSync } from "node:fs";

/** Pids of `root` and all its descendants, from /proc. */
export function treePids(root) {
  const parent = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(name), Number(fields[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  return out;
}

/** CPU seconds (user + system) used so far by the processes. */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100; // CLK_TCK is 100 on Linux
}

/** Resident memory of the processes, in MiB. */
export function rssMiB(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/** Resident memory of each process (MiB), in the order given: for a cluster, the primary then its workers. */
export function rssParts(pids) {
  const out = [];
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) out.push(Number(m[1]) / 1024);
    } catch {
      // gone
    }
  }
  return out;
}

/** The 1-minute load average. */
export function loadAverage() {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}
