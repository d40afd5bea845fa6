import { copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DEFAULT_KEEP_RELEASES, type HistoryEntry } from "../dataset/releases.js";
import type { Dataset } from "../dataset/types.js";
import { stateByCode } from "../geo/states.js";
import {
  BuildError,
  openPreviousTree,
  type PreviousTree,
  type RenderOptions,
  type RenderResult,
  renderSite,
} from "../render/index.js";
import { settled } from "../util/settled.js";
import { type BaseRelease, type Comparison, compareWithBase } from "./compare.js";
import { type ReleaseInfo, readInfo } from "./info.js";
import { readRecords, writeRecords } from "./records.js";
import {
  type BegunRelease,
  beginRelease,
  currentRelease,
  discard,
  openStore,
  publish,
  RENDER,
  type ReleaseStore,
  type StoredRelease,
  withLock,
} from "./store.js";
import { readTombstones, writeTombstones } from "./tombstones.js";

export interface PublishOptions
  extends Omit<RenderOptions, "previous" | "previousBookkeeping" | "bookkeeping" | "release"> {
  /** Releases kept listed, with their dated downloads and changes documents (default 12). */
  keepReleases?: number;
  /** Largest share of the previous release's clinics a release may remove (default 0.1). */
  maxShrink?: number;
  /** Publish even when more than `maxShrink` of the clinics would be removed. */
  allowShrink?: boolean;
  /** Publish even when the data version is older than the published release's (a deliberate rollback). */
  allowOlder?: boolean;
}

export interface PublishResult extends RenderResult {
  release: StoredRelease;
  comparison: Comparison;
  /** The release whose tree this one recycled (`beginRelease`), or null when its tree started empty. */
  recycled: string | null;
  /** Milliseconds spent in each step: comparing with the base (ids, changes), reading the previous tree, rendering, bookkeeping, switching and pruning. */
  timings: {
    compare: number;
    previous: number;
    render: number;
    bookkeeping: number;
    publish: number;
    prune: number;
  };
}

export { RENDER } from "./store.js";

/** Where a release keeps the source records it was built from (`src/ingest/snapshot.ts`), for the next update. */
export const SOURCES = "sources";

/**
 * The source records of the release `out` points to, for an update to apply to; null when nothing is published or
 * the release kept none (the sample, or a release from before they were kept).
 * @example const base = await lastSources("public");
 */
export async function lastSources(out: string): Promise<string | null> {
  const store = await openStore(out);
  const current = await currentRelease(store);
  return current ? join(current.bookkeeping, SOURCES) : null;
}

/**
 * Release folders kept on disk: the current one and the one before (for a rollback, and for a server that has not
 * switched yet). A build recycles the older one's tree into its own and removes any others while it runs, so that
 * its release makes this many again (`beginRelease`): it changes only the paths that differ, never the current
 * release's tree.
 */
export const KEEP_FOLDERS = 2;

/** A release that would remove more than this share of the previous release's clinics needs `allowShrink`. */
export const DEFAULT_MAX_SHRINK = 0.1;

/**
 * Builds a data set as a new release of `out` and publishes it in one step, keeping the history: clinics matched
 * to the previous release keep their ids; the changes against it, the release list, the feed and the earlier
 * releases' dated downloads are published with it; removed clinics stay as tombstones. Refused, leaving the
 * published release untouched: a build that fails, that would publish no clinics, that would remove more than
 * `maxShrink` of the previous release's clinics (unless `allowShrink`), or whose data version is older than the
 * published release's (unless `allowOlder`).
 * @example await publishRelease(generateSample(), "public", { siteUrl: "http://127.0.0.1:8080", compression: "fast" });
 */
export async function publishRelease(
  dataset: Dataset,
  out: string,
  options: PublishOptions,
): Promise<PublishResult> {
  if (dataset.clinics.size === 0)
    throw new BuildError([
      { document: "dataset", path: "", message: "the data set holds no clinics: nothing would be published" },
    ]);
  const store = await openStore(out);
  return withLock(store, () => buildRelease(store, dataset, options));
}

/** The release itself, with the store locked. */
async function buildRelease(
  store: ReleaseStore,
  dataset: Dataset,
  options: PublishOptions,
): Promise<PublishResult> {
  let last = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - last);
    last = now;
    return ms;
  };
  const compression = options.compression ?? "max";
  const keep = options.keepReleases ?? DEFAULT_KEEP_RELEASES;
  const current = await currentRelease(store);
  if (current && !options.allowOlder) await refuseOlder(current, dataset.dataVersion);
  const base = current ? await baseOf(current, dataset.dataVersion) : null;
  const comparison = await compareWithBase(dataset, base?.release ?? null);
  if (!options.allowShrink) refuseShrink(comparison, options.maxShrink ?? DEFAULT_MAX_SHRINK);
  const compared = lap();
  const tree = current ? await publishedTree(current) : null;
  const read = lap();
  // The folders this release pushes out of the kept ones are removed while it is built (nothing of theirs is read:
  // the current release is kept), but for the tree it recycles; a build that fails leaves the current release and
  // the one before.
  const begun: BegunRelease = await beginRelease(store, dataset.dataVersion, KEEP_FOLDERS);
  const { id, temp, start } = begun;
  const pruning = settled(begun.removing);
  try {
    const { keepReleases: _k, maxShrink: _m, allowShrink: _a, allowOlder: _o, ...render } = options;
    const same = tree !== null && tree.compression === compression;
    const result = await renderSite(comparison.dataset, temp.site, {
      ...render,
      previous: tree?.files ?? null,
      previousBookkeeping: same && current ? join(current.bookkeeping, RENDER) : null,
      start,
      bookkeeping: join(temp.bookkeeping, RENDER),
      onState: (state, records) => writeRecords(join(temp.bookkeeping, "records"), state, records),
      release: {
        history: base?.history ?? [],
        keep,
        previousVersion: comparison.base?.dataVersion ?? null,
        changes: comparison.changes,
        tombstones: comparison.tombstones,
      },
    });
    const rendered = lap();
    const info: ReleaseInfo = {
      id,
      data_version: dataset.dataVersion,
      generated_at: result.generatedAt,
      compression,
      clinics: result.clinics,
      previous_version: comparison.base?.dataVersion ?? null,
      previous_release: tree ? (current?.id ?? null) : null,
    };
    await writeState(temp, info, comparison, result.history, base?.dir ?? null, dataset.snapshot);
    const kept = lap();
    const release = await publish(store, temp, id);
    if (current) await forgetBase(current);
    const switched = lap();
    await pruning.result();
    const timings = {
      compare: compared,
      previous: read,
      render: rendered,
      bookkeeping: kept,
      publish: switched,
      prune: lap(),
    };
    return { ...result, release, comparison, timings, recycled: begun.recycled };
  } catch (e) {
    await discard(temp);
    await pruning.done; // a failed build still waits for the removal it started
    throw e;
  }
}

/**
 * The folder of a release's bookkeeping that holds hard links to its own base's (the release it was compared
 * against): what a rebuild of its data version is compared against again, while it is the current release.
 */
const BASE = "base";

/**
 * Removes the base of a release that is no longer the current one: only the current release is ever rebuilt or
 * compared against (a rollback is a new build, `--allow-older`), so the release before keeps its own bookkeeping
 * and drops its base's — whose files, once that older folder is pruned, are held by nothing else (the records,
 * sources and render bookkeeping of the release two before: 5.3 MiB of the sample's store, 38.5 MiB at 100k).
 */
async function forgetBase(release: StoredRelease): Promise<void> {
  // The new release is published by now: a base that cannot be removed is left for the prune that removes its folder.
  await rm(join(release.bookkeeping, BASE), { recursive: true, force: true }).catch(() => {});
}

/** The release a new one is compared against, and the history before it. */
interface Base {
  release: BaseRelease;
  history: HistoryEntry[];
  /** Its bookkeeping folder (records, tombstones, history, release.json). */
  dir: string;
}

/**
 * The base of a new release of `dataVersion`: the current release; or, when the current release has the same data
 * version (a rebuild that replaces it), the release it was itself compared against.
 */
async function baseOf(current: StoredRelease, dataVersion: string): Promise<Base | null> {
  const info = await readInfo(current.bookkeeping);
  if (!info) return null; // a folder from before releases: no records to compare with
  const dir = info.data_version === dataVersion ? join(current.bookkeeping, BASE) : current.bookkeeping;
  const baseInfo = dir === current.bookkeeping ? info : await readInfo(dir);
  if (!baseInfo) return null;
  const history = JSON.parse(await readFile(join(dir, "history.json"), "utf8")) as HistoryEntry[];
  return {
    dir,
    history,
    release: {
      dataVersion: baseInfo.data_version,
      clinics: baseInfo.clinics,
      records: (state) => readRecords(join(dir, "records"), state),
      tombstones: await readTombstones(join(dir, "tombstones.ndjson.gz")),
    },
  };
}

/**
 * The guard against an old input: data older than what is published (an old file, a wrong --data-version) would
 * replace newer data without anyone noticing. The same data version (a rebuild) passes.
 */
async function refuseOlder(current: StoredRelease, dataVersion: string): Promise<void> {
  const published = (await readInfo(current.bookkeeping))?.data_version;
  if (published === undefined || dataVersion >= published) return;
  throw new BuildError([
    {
      document: "release",
      path: "",
      message: `the data version ${dataVersion} is older than the published release's ${published}: refusing to replace newer data with older; check the input (or --data-version), or pass --allow-older to roll back on purpose`,
    },
  ]);
}

/** The guard against a bad source: too many clinics gone at once means the input is wrong, not the world. */
function refuseShrink(comparison: Comparison, maxShrink: number): void {
  if (!comparison.base || !comparison.changes || comparison.base.clinics === 0) return;
  const removed = comparison.changes.removed.length;
  const share = removed / comparison.base.clinics;
  if (share <= maxShrink) return;
  const shrank = comparison.states
    .filter((s) => s.after < s.before)
    .sort((a, b) => b.before - b.after - (a.before - a.after))
    .map((s) => ({
      document: "release",
      path: stateByCode(s.state).name,
      message: `${s.before} → ${s.after} clinics (${Math.round(((s.after - s.before) / s.before) * 100)}%)`,
    }));
  throw new BuildError([
    {
      document: "release",
      path: "",
      message: `would remove ${removed} of the previous release's ${comparison.base.clinics} clinics (${(share * 100).toFixed(1)}%, more than the ${Math.round(maxShrink * 100)}% allowed): check the input, or pass --allow-shrink if the data really shrank`,
    },
    ...shrank,
  ]);
}

/**
 * The published tree of a release, for carrying files over (and reusing them when compressed alike); null when its
 * manifest is missing or does not match its trailer.
 */
async function publishedTree(
  release: StoredRelease,
): Promise<{ files: PreviousTree; compression: string } | null> {
  try {
    const files = await openPreviousTree(release.site);
    const info = await readInfo(release.bookkeeping);
    return { files, compression: info?.compression ?? "" };
  } catch {
    return null; // no usable manifest: nothing to carry or reuse
  }
}

/**
 * The bookkeeping the next release reads: this release's records (with the ids as published), tombstones, history,
 * and hard links to its base's bookkeeping (so that a rebuild of the same data version can be compared again).
 */
async function writeState(
  temp: StoredRelease,
  info: ReleaseInfo,
  comparison: Comparison,
  history: HistoryEntry[],
  baseDir: string | null,
  snapshot: string | null,
): Promise<void> {
  await writeFile(join(temp.bookkeeping, "release.json"), `${JSON.stringify(info, null, 2)}\n`);
  await writeTombstones(join(temp.bookkeeping, "tombstones.ndjson.gz"), comparison.tombstones);
  await writeFile(join(temp.bookkeeping, "history.json"), `${JSON.stringify(history, null, 2)}\n`);
  if (snapshot) await linkTree(snapshot, join(temp.bookkeeping, SOURCES), new Set());
  if (baseDir) await linkTree(baseDir, join(temp.bookkeeping, BASE), new Set([BASE]));
}

/** Hard-links every file of `from` into `to` (sub-folders too, except `skip`); copies across file systems. */
async function linkTree(from: string, to: string, skip: ReadonlySet<string>): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from)) {
    if (skip.has(name)) continue;
    const src = join(from, name);
    if ((await stat(src)).isDirectory()) await linkTree(src, join(to, name), new Set());
    else
      await link(src, join(to, name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "EXDEV") throw e;
        return copyFile(src, join(to, name));
      });
  }
}
