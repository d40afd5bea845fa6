import { type FSWatcher, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { Logger } from "./log.js";
import { loadSite, type Site, type SiteOptions } from "./site.js";

/** What one reload did. */
export type ReloadResult = { ok: true; version: string; changed: boolean } | { ok: false; error: string };

/** How often a failing file may be logged and cause a reload (default 10 s): once, then a summary per interval. */
export const DEFAULT_FAILURE_INTERVAL_MS = 10_000;

/**
 * The site being served, replaced atomically by `reload()`: the new build is read and verified in the
 * background (from the release its path resolves to at that moment, so a swap during the load cannot mix
 * builds), and only a build that matches its manifest is swapped in. Requests already answered from the old
 * site keep its buffers until they are written; a refused build leaves the old site serving.
 * @example const live = await LiveSite.open("public", jsonLogger()); live.watch();
 */
export class LiveSite {
  #queued: Promise<ReloadResult> | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #watcher: FSWatcher | null = null;
  #current!: Site;
  /** Failures since the last `file-failed` line, while an interval runs (null: none runs). */
  #failures: { count: number; error: string; reload: boolean } | null = null;
  #failureTimer: NodeJS.Timeout | null = null;
  /**
   * What a failing file asks for: by default a reload of this process; a cluster worker asks its primary, so
   * that the whole cluster reloads, from the served path as it is now.
   */
  requestReload: (reason: string) => void = (reason) => void this.reload(reason);

  private constructor(
    /** The path served (often a symlink to the current release). */
    readonly dir: string,
    private readonly log: Logger,
    private readonly options: SiteOptions,
    /** Least time between two `file-failed` lines, and between two reloads asked for by failing files. */
    readonly failureIntervalMs: number,
  ) {}

  /** The site answering requests now. */
  get current(): Site {
    return this.#current;
  }

  #install(site: Site): void {
    const old = this.#current as Site | undefined;
    site.onFailure = (e) => this.#failed(site, e);
    this.#current = site;
    old?.retire();
  }

  /**
   * A file could not be served intact (changed on disk, or gone with a pruned release). Every request for it
   * fails the same way, so the first failure is logged and reloads at once, and later ones are counted: one
   * summary line and at most one reload per `failureIntervalMs`, however many requests a client sends.
   */
  #failed(site: Site, e: Error): void {
    const pending = this.#failures;
    if (pending) {
      pending.count++;
      pending.error = e.message;
      pending.reload ||= this.#current === site;
      return;
    }
    this.log("file-failed", { error: e.message, serving: site.version });
    if (this.#current === site) this.requestReload("file failed");
    this.#failures = { count: 0, error: "", reload: false };
    this.#failureTimer = setTimeout(() => this.#summarize(), this.failureIntervalMs);
    this.#failureTimer.unref();
  }

  #summarize(): void {
    const done = this.#failures;
    this.#failures = null;
    this.#failureTimer = null;
    if (!done || done.count === 0) return;
    this.log("file-failed", { error: done.error, serving: this.current.version, repeated: done.count });
    if (done.reload) this.requestReload("file failed");
    // The next interval starts now: another run of failures is summarized after it, not logged line by line.
    this.#failures = { count: 0, error: "", reload: false };
    this.#failureTimer = setTimeout(() => this.#summarize(), this.failureIntervalMs);
    this.#failureTimer.unref();
  }

  /** Loads the first build; throws if it is missing or invalid (there is nothing to fall back on). */
  static async open(
    dir: string,
    log: Logger,
    options: SiteOptions = {},
    failureIntervalMs = DEFAULT_FAILURE_INTERVAL_MS,
  ): Promise<LiveSite> {
    const live = new LiveSite(resolve(dir), log, options, failureIntervalMs);
    live.#install(await loadSite(dir, options));
    return live;
  }

  /**
   * Loads the folder again and swaps it in if valid. `root` (a resolved release folder, from a cluster's
   * primary that checked it) is loaded instead of resolving `dir` again. Calls made while a reload runs share
   * one follow-up reload, which starts after it and so sees the newest folder.
   */
  reload(reason = "request", root?: string): Promise<ReloadResult> {
    if (this.#queued && root === undefined) return this.#queued;
    const next = this.#chain.then(() => {
      if (this.#queued === next) this.#queued = null;
      return this.#load(reason, root);
    });
    if (root === undefined) this.#queued = next;
    this.#chain = next;
    return next;
  }

  async #load(reason: string, root: string | undefined): Promise<ReloadResult> {
    const started = Date.now();
    try {
      const site = await loadSite(
        root ?? this.dir,
        root === undefined ? this.options : { ...this.options, checkFiles: false },
      );
      const changed = site.version !== this.current.version;
      // The same build published again (a repeatable rebuild: same digest) lives in another release folder, and
      // the release store prunes the old ones: follow it, or every file read from disk fails once it is gone.
      const moved = !changed && site.root !== this.current.root;
      if (changed || moved) this.#install(site);
      else void site.close(); // never served: nothing can still need its manifest
      this.log("reload", {
        reason,
        version: site.version,
        changed,
        moved,
        root: site.root,
        documents: site.documents,
        hot: site.hot.size,
        ms: Date.now() - started,
      });
      return { ok: true, version: site.version, changed };
    } catch (e) {
      const error = (e as Error).message;
      this.log("reload-refused", { reason, error, serving: this.current.version });
      return { ok: false, error };
    }
  }

  /**
   * Reloads whenever the served path is replaced by a rename (what the build does, of a folder or of the
   * `public` symlink): watches the parent folder, since the watched name itself is swapped. Returns a
   * function that stops watching.
   */
  watch(debounceMs = 50): () => void {
    this.#watcher ??= watchReplacement(
      this.dir,
      debounceMs,
      () => void this.reload("folder replaced"),
      (e) => this.log("watch-error", { error: e.message }),
    );
    return () => this.unwatch();
  }

  unwatch(): void {
    this.#watcher?.close();
    this.#watcher = null;
  }

  /** Stops watching and releases the site served, once reloads in progress have settled (after the server closed). */
  async close(): Promise<void> {
    this.unwatch();
    if (this.#failureTimer) clearTimeout(this.#failureTimer);
    await this.#chain.catch(() => {});
    await this.#current.close();
  }
}

/**
 * Calls `onReplaced` (debounced) whenever `dir` is replaced in its parent folder by a rename.
 * @example const w = watchReplacement("public", 50, () => reload(), console.error); w.close();
 */
export function watchReplacement(
  dir: string,
  debounceMs: number,
  onReplaced: () => void,
  onError: (e: Error) => void,
): FSWatcher {
  const name = basename(dir);
  let timer: NodeJS.Timeout | null = null;
  const watcher = watch(dirname(dir), (_event, file) => {
    if (file !== name) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onReplaced();
    }, debounceMs);
  });
  watcher.on("error", onError);
  watcher.on("close", () => {
    if (timer) clearTimeout(timer);
  });
  return watcher;
}
