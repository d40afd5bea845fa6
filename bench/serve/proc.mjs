import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";

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

/**
 * Physical memory the processes hold together, in MiB: every page mapped by any of them counted once (read from
 * /proc/PID/pagemap; needs root, else null). Summed RSS counts a page shared by N processes N times (the node
 * binary's ~34 MiB of resident code in every worker, nginx's in every worker); PSS divides shared pages with
 * processes outside the tree. This is what the tree costs the machine.
 * @returns {{ total: number, anon: number } | null} total, and the part that is anonymous (heap, buffers)
 */
export function footprintMiB(pids) {
  const pages = new Set();
  const anon = new Set();
  const entry = Buffer.alloc(8 * 4096);
  for (const pid of pids) {
    let maps;
    let fd;
    try {
      maps = readFileSync(`/proc/${pid}/maps`, "utf8");
      fd = openSync(`/proc/${pid}/pagemap`, "r");
    } catch {
      continue;
    }
    try {
      for (const line of maps.split("\n")) {
        if (!line) continue;
        const [range, , , , inode, path = ""] = line.split(/\s+/);
        const [from, to] = range.split("-").map((h) => Number.parseInt(h, 16) / 4096);
        const isAnon = inode === "0" && !path.startsWith("/");
        for (let page = from; page < to; page += 4096) {
          const n = Math.min(4096, to - page);
          let got;
          try {
            got = readSync(fd, entry, 0, n * 8, page * 8);
          } catch {
            break; // [vsyscall] and the like
          }
          for (let i = 0; i + 8 <= got; i += 8) {
            const hi = entry.readUInt32LE(i + 4);
            if ((hi & 0x80000000) === 0) continue; // not present
            const pfn = (hi & 0x7fffff) * 2 ** 32 + entry.readUInt32LE(i);
            if (pfn === 0) return null; // PFNs hidden: not root
            pages.add(pfn);
            if (isAnon) anon.add(pfn);
          }
        }
      }
    } finally {
      closeSync(fd);
    }
  }
  return { total: (pages.size * 4096) / 1048576, anon: (anon.size * 4096) / 1048576 };
}
