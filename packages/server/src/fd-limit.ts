import { readFileSync } from "node:fs";

/** Descriptors kept free for everything but client connections: files being read, IPC, stdio, watchers. */
export const FD_RESERVE = 128;

/**
 * The process's soft limit on open files (Node raises it to the hard limit at start), from
 * `/proc/self/limits`; null where that cannot be read (not Linux).
 * @example openFileLimit(); // 1048576
 */
export function openFileLimit(): number | null {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    if (!m || m[1] === "unlimited") return null;
    return Number(m[1]);
  } catch {
    return null;
  }
}

/**
 * The connection cap that keeps a process clear of EMFILE: the configured one, lowered so that connections
 * plus `FD_RESERVE` fit under the open-files limit. Connections past it are answered 503 and closed at once,
 * which needs a descriptor only for a moment.
 * @example connectionCap(10_000, 256); // 128
 */
export function connectionCap(configured: number, limit: number | null = openFileLimit()): number {
  if (limit === null) return configured;
  return Math.max(1, Math.min(configured, limit - FD_RESERVE));
}
