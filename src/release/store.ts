import { createReadStream } from "node:fs";
import { lstat, mkdir, readdir, readlink, rename, rm, rmdir, stat, symlink } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { manifestCount, TREE_MANIFEST } from "../tree/manifest.js";
import { DELTA, type TreeStart } from "../tree/start.js";
import { BOOKKEEPING, bookkeepingOf, readInfo } from "./info.js";
import { withLock as lockFolder, processAlive } from "./lock.js";

/**
 * The release store of one output path: `public` is a relative symlink to `.public.releases/<id>/site`, swapped
 * by a single rename. Release folders are immutable once published; a build in progress lives in a temporary
 * folder of the store and is removed when it fails (or, if its process was killed, by the next build).
 */
export interface ReleaseStore {
  /** The published path (`--out`), absolute. */
  out: string;
  /** The store folder beside it. */
  dir: string;
}

/** A published release folder. */
export interface StoredRelease {
  /** `0007-2026-05-01`: a sequence number, then the data version. */
  id: string;
  root: string;
  /** The served tree. */
  site: string;
  /**
   * Its bookkeeping, read by the next release: its records, tombstones, history, render bookkeeping
   * (`bookkeeping/`; `state/` in a store written before it was so named).
   */
  bookkeeping: string;
}

/** The output path is an existing folder that is not a build: never delete or move what we did not make. */
export class NotAnOutputFolderError extends Error {
  override readonly name = "NotAnOutputFolderError";
}

const storeDir = (out: string) => join(dirname(out), `.${basename(out)}.releases`);
const TEMP_PREFIX = ".tmp-";

/**
 * Opens (creating) the store of `out`: removes temporary folders of builds whose process is gone, and moves an
 * output folder written by an older version (a plain folder holding a build) into the store.
 * @example const store = await openStore("public");
 */
export async function openStore(outPath: string): Promise<ReleaseStore> {
  const out = resolve(outPath);
  const dir = storeDir(out);
  await mkdir(dir, { recursive: true });
  const store = { out, dir };
  await removeStaleTemps(store);
  await migrateLegacy(store);
  return store;
}

/** The release `out` points to now, or null when nothing is published. */
export async function currentRelease(store: ReleaseStore): Promise<StoredRelease | null> {
  let target: string;
  try {
    target = await readlink(store.out);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  const site = resolve(dirname(store.out), target);
  const root = dirname(site);
  return releaseAt(root);
}

/** Every published release of the store, oldest first. */
export async function listReleases(store: ReleaseStore): Promise<StoredRelease[]> {
  const names = (await readdir(store.dir)).filter((n) => /^\d{4,}-/.test(n)).sort(bySequence);
  return names.map((n) => releaseAt(join(store.dir, n)));
}

/** Where a release keeps its render bookkeeping (units, stamps, fingerprint, delta: `src/render/ledger/`). */
export const RENDER = "render";

/** A release being built: its temporary folder, the id it will be published under, and how its tree starts. */
export interface BegunRelease {
  id: string;
  temp: StoredRelease;
  /** An empty tree, or the tree of an old release recycled (`beginRelease`). */
  start: TreeStart;
  /** The id of the release whose tree was recycled, or null. */
  recycled: string | null;
  /** The removal of the release folders beyond the kept ones, on a worker thread: resolves with their ids. */
  removing: Promise<string[]>;
}

/**
 * A new release folder to render into, and the id it will be published under. The store keeps `keep` release
 * folders (the one `out` points to always among them); the older ones are removed on a worker thread while the
 * new release is built — except the newest of them, whose tree is **recycled**: moved into the new folder and
 * changed there into the new release by the render, which rewrites only the paths that differ (its `stale` paths,
 * the current release's delta, and what the new release changes). A release costs what changed, not a folder of
 * hard links to every file. When there is nothing to recycle (fewer folders, or a current release rendered
 * against another tree, or without a delta, or whose delta lists more than a quarter of its files), the tree
 * starts empty and the render links the current release's files into it.
 * @example const { id, temp, start, removing } = await beginRelease(store, "2026-06-01", 2);
 */
export async function beginRelease(
  store: ReleaseStore,
  dataVersion: string,
  keep: number,
): Promise<BegunRelease> {
  const all = await listReleases(store);
  const current = await currentRelease(store);
  const last = all.at(-1);
  const next = last ? Number(last.id.slice(0, last.id.indexOf("-"))) + 1 : 1;
  const id = `${String(next).padStart(4, "0")}-${dataVersion}`;
  const root = join(store.dir, `${TEMP_PREFIX}${process.pid}-${Date.now().toString(36)}`);
  const temp = releaseAt(root);
  await mkdir(temp.bookkeeping, { recursive: true });
  const old = all.slice(0, Math.max(0, all.length - (keep - 1))).filter((r) => r.id !== current?.id);
  const candidate = old.at(-1);
  const stale = candidate && current ? await staleSince(candidate, current) : null;
  let start: TreeStart = { kind: "empty" };
  if (candidate && stale) {
    await rename(candidate.site, temp.site);
    start = { kind: "recycled", stale };
  } else await mkdir(temp.site);
  const removing = old.length > 0 ? removeFolders(old.map((r) => r.root)) : Promise.resolve();
  return {
    id,
    temp,
    start,
    recycled: start.kind === "recycled" ? (candidate?.id ?? null) : null,
    removing: removing.then(() => old.map((r) => r.id)),
  };
}

/**
 * The share of the current release's files beyond which an old tree is not recycled. Each stale path of a recycled
 * tree costs, on the thread that writes the tree, the removal of the old tree's file there — most often its last
 * link, so the file system frees the file then and there (200–450 µs a file on this project's build machine)
 * against ~20 µs to link a file into an empty tree. After a release that rewrote every file (a new version of the
 * program did, before it kept unchanged units' stamps; a new site address does), recycling made the next weekly
 * release at 100k clinics take 127–169 s, 112 s of it removing files on that thread; starting empty, it was
 * published after 55–76 s, the old tree's removal, on a worker thread, ending 33–60 s later (docs/benchmarks.md).
 */
const MAX_STALE_SHARE = 0.25;

/**
 * The list of paths whose files may differ between an old release's tree and the current one's: the current
 * release's delta (written sorted by its render), when the current release was rendered against that old one's
 * tree. Null otherwise (a release from before deltas, a chain of more than one, or a delta of more than
 * MAX_STALE_SHARE of the current release's files): that tree is not recycled.
 */
async function staleSince(old: StoredRelease, current: StoredRelease): Promise<string | null> {
  const info = await readInfo(current.bookkeeping);
  const delta = join(current.bookkeeping, RENDER, DELTA);
  if (info?.previous_release !== old.id) return null;
  if (!(await exists(join(old.site, TREE_MANIFEST))) || !(await exists(delta))) return null;
  const files = await manifestCount(join(current.site, TREE_MANIFEST));
  if (files === null || (await lineCount(delta)) > files * MAX_STALE_SHARE) return null;
  return delta;
}

/** The lines of a text file, counted as it streams. */
async function lineCount(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path))
    for (let at = (chunk as Buffer).indexOf(10); at >= 0; at = (chunk as Buffer).indexOf(10, at + 1)) lines++;
  return lines;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Publishes a rendered release: moves it into place under its id, then points `out` at it with one rename of a
 * new symlink over the old one, so every document, page and download switches at once.
 */
export async function publish(store: ReleaseStore, temp: StoredRelease, id: string): Promise<StoredRelease> {
  const release = releaseAt(join(store.dir, id));
  await rename(temp.root, release.root);
  const link = join(dirname(store.out), `.${basename(store.out)}.link-${process.pid}`);
  await rm(link, { force: true });
  await symlink(relative(dirname(store.out), release.site), link);
  await rename(link, store.out);
  return release;
}

/** Removes a release folder that was never published. */
export async function discard(temp: StoredRelease): Promise<void> {
  await removeFolders([temp.root]);
}

/**
 * Removes published release folders beyond the newest `keep` (the one `out` points to always stays). Files of
 * older releases that newer ones still hold (hard links: dated downloads, unchanged documents) stay on disk. The
 * folders are removed on a worker thread: a release folder holds a file per document and page (60,000 for the
 * sample, 600,000 at 100k clinics), and unlinking them from the main thread held a build for seconds that it can
 * spend rendering.
 */
export async function pruneReleases(store: ReleaseStore, keep: number): Promise<string[]> {
  const current = await currentRelease(store);
  const all = await listReleases(store);
  const old = all.slice(0, Math.max(0, all.length - keep)).filter((r) => r.id !== current?.id);
  if (old.length > 0) await removeFolders(old.map((r) => r.root));
  return old.map((r) => r.id);
}

// `rmSync` holds one folder's listing at a time; Node 20's promise `rm` starts the removal of every entry of the
// tree at once, and took 408 MiB to remove 200,000 files (51 MiB here): GiBs for the tree a build killed at 1M
// clinics leaves (measured, docs/benchmarks.md).
const REMOVER = `
const { rmSync } = require("node:fs");
const { workerData } = require("node:worker_threads");
for (const dir of workerData) rmSync(dir, { recursive: true, force: true });
`;

/** Removes folders (recursively) on a worker thread; rejects with the first error. */
function removeFolders(dirs: readonly string[]): Promise<void> {
  return new Promise((done, fail) => {
    const worker = new Worker(REMOVER, { eval: true, workerData: dirs });
    worker.once("error", fail);
    worker.once("exit", (code) =>
      code === 0 ? done() : fail(new Error(`removing release folders: worker exited with ${code}`)),
    );
  });
}

/**
 * Runs `fn` holding the store's lock, so that two builds never publish into one path at once (see `./lock.ts`). A
 * lock left by a process that is gone is taken over.
 */
export function withLock<T>(store: ReleaseStore, fn: () => Promise<T>): Promise<T> {
  return lockFolder(store.dir, store.out, fn);
}

/** A release's folder: its served tree and its bookkeeping. */
function releaseAt(root: string): StoredRelease {
  return { id: basename(root), root, site: join(root, "site"), bookkeeping: bookkeepingOf(root) };
}

function bySequence(a: string, b: string): number {
  return Number(a.slice(0, a.indexOf("-"))) - Number(b.slice(0, b.indexOf("-"))) || (a < b ? -1 : 1);
}

async function removeStaleTemps(store: ReleaseStore): Promise<void> {
  const stale = (await readdir(store.dir)).filter((name) => {
    const m = /^\.tmp-(\d+)-/.exec(name);
    return m !== null && !processAlive(Number(m[1]));
  });
  if (stale.length > 0) await removeFolders(stale.map((name) => join(store.dir, name)));
  const parent = dirname(store.out);
  const prefix = `.${basename(store.out)}.link-`;
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix) && !processAlive(Number(name.slice(prefix.length))))
      await rm(join(parent, name), { force: true });
  }
}

/**
 * An output path that is a plain folder (written before releases existed) is moved into the store as release
 * `0000-legacy` when it holds a build; an empty folder is removed; anything else is refused.
 */
async function migrateLegacy(store: ReleaseStore): Promise<void> {
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(store.out);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  if (info.isSymbolicLink()) return;
  if (!info.isDirectory())
    throw new NotAnOutputFolderError(`${store.out} exists and is not a folder: choose another output path`);
  const entries = await readdir(store.out);
  if (entries.length === 0) {
    await rmdir(store.out);
    return;
  }
  const isBuild = await stat(join(store.out, "api/v1/index.json")).then(
    () => true,
    () => false,
  );
  if (!isBuild)
    throw new NotAnOutputFolderError(
      `${store.out} is a folder that does not hold a build (no api/v1/index.json): refusing to replace it; choose another output path`,
    );
  const legacy = join(store.dir, "0000-legacy");
  await mkdir(join(legacy, BOOKKEEPING), { recursive: true });
  await rename(store.out, join(legacy, "site"));
  await symlink(relative(dirname(store.out), join(legacy, "site")), store.out);
}
