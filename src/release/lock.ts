import { randomBytes } from "node:crypto";
import { link, open, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { processAlive } from "../util/process-folder.js";

export { processAlive };

/** The lock of a release store, and the lock taken while a dead owner's lock is removed. */
const LOCK = ".lock";
const BREAK = ".lock.break";
/** Tries at taking the lock; only a dead owner's lock being removed by another build makes one try again. */
const TRIES = 50;

/** A build already holds the store's lock. */
export class LockBusyError extends Error {
  override readonly name = "LockBusyError";
}

/**
 * Runs `fn` holding the lock of the store folder `dir`, so that two builds never publish into one path at once.
 * The lock file is made whole before anyone can see it (its process id written to a temporary file, then
 * hard-linked to the lock's name, which fails if the lock exists), and removed at the end only if it is still this
 * call's file (same inode). A lock whose process is gone is removed under a second lock, and only while it is
 * still that dead owner's file, so two builds that find it at once cannot both take over.
 * @example await withLock(store.dir, "public", () => publishInto(store));
 */
export async function withLock<T>(dir: string, label: string, fn: () => Promise<T>): Promise<T> {
  const own = await take(dir, LOCK, label);
  try {
    return await fn();
  } finally {
    await removeIfOwn(join(dir, LOCK), own);
  }
}

/** Takes the lock `name` of `dir`; resolves with the inode that identifies this holder's lock file. */
async function take(dir: string, name: string, label: string): Promise<number> {
  const path = join(dir, name);
  const temp = join(dir, `.tmp-${process.pid}-lock-${randomBytes(6).toString("hex")}`);
  await writeFile(temp, String(process.pid), { flag: "wx" });
  try {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      try {
        await link(temp, path);
        return (await holderOf(temp))?.ino ?? Number.NaN;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
      const holder = await holderOf(path);
      if (holder === null) continue; // released meanwhile
      if (processAlive(holder.pid)) throw busy(holder.pid, label);
      if (name === BREAK) {
        // The breaker died while removing a dead owner's lock: there is nothing left to guard.
        await removeIfOwn(path, holder.ino);
        continue;
      }
      await removeDead(dir, holder.ino, label);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 + attempt));
    }
    throw busy(Number.NaN, label);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Removes the store's lock if it is still the dead owner's file `ino`, holding BREAK meanwhile: while a lock file
 * exists only a breaker can remove it, and only one breaker runs at a time, so the file checked is the file removed.
 */
async function removeDead(dir: string, ino: number, label: string): Promise<void> {
  let own: number;
  try {
    own = await take(dir, BREAK, label);
  } catch (e) {
    if (e instanceof LockBusyError) return; // another build is removing it: try the lock again
    throw e;
  }
  try {
    await removeIfOwn(join(dir, LOCK), ino);
  } finally {
    await removeIfOwn(join(dir, BREAK), own);
  }
}

/** Removes `path` if it is the file `ino` (still the lock this holder took, or the dead owner's). */
async function removeIfOwn(path: string, ino: number): Promise<void> {
  const holder = await holderOf(path);
  if (holder !== null && holder.ino === ino) await rm(path, { force: true });
}

/** The process id written in a lock file and the file's inode; null when there is no such file. */
async function holderOf(path: string): Promise<{ pid: number; ino: number } | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "r");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  try {
    const { ino } = await handle.stat();
    return { pid: Number((await handle.readFile("utf8")).trim()), ino };
  } finally {
    await handle.close();
  }
}

function busy(pid: number, label: string): LockBusyError {
  return new LockBusyError(
    `another build (process ${Number.isNaN(pid) ? "?" : pid}) is publishing into ${label}; try again when it ends`,
  );
}
