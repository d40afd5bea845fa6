import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * Whether a process of this id runs (signal 0 checks without sending anything; EPERM means it runs as another user;
 * a zombie does not run).
 * @example processAlive(process.pid) // true
 */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  // A zombie (ended, not yet reaped: a build whose parent was killed waits for init, slow on a busy machine) answers
  // signal 0 but holds nothing. On Linux its state in /proc is Z; elsewhere it counts as running.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const end = stat.lastIndexOf(")");
    return stat.slice(end + 2, end + 3) !== "Z";
  } catch {
    return true;
  }
}

/**
 * A new temporary folder in `parent` named after this process (`<prefix><pid>-XXXXXX`), made after removing the
 * folders of the same prefix whose process is gone: a process killed while it used one (`kill -9`, the OOM killer,
 * a power cut) cannot remove it itself, and the next one does, as the release store does with a killed build's
 * folder. A folder of a live process (this one's included), of another user's, or named otherwise is left alone.
 * @example const folder = await processFolder(tmpdir(), "ucd-import-"); // "/tmp/ucd-import-4242-Xa3kQ1"
 */
export async function processFolder(parent: string, prefix: string): Promise<string> {
  await removeDeadFolders(parent, prefix);
  return mkdtemp(join(parent, `${prefix}${process.pid}-`));
}

/** Removes the folders `<prefix><pid>-…` of `parent` whose process is gone; returns their names. */
export async function removeDeadFolders(parent: string, prefix: string): Promise<string[]> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const dead = names.filter((name) => {
    if (!name.startsWith(prefix)) return false;
    const pid = /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    return pid !== undefined && !processAlive(Number(pid));
  });
  // Another process may be removing the same folder: whatever is already gone is not an error; nor is a folder
  // this process may not remove (another user's, under a sticky /tmp).
  await Promise.all(
    dead.map((name) => rm(join(parent, name), { recursive: true, force: true }).catch(() => {})),
  );
  return dead;
}
