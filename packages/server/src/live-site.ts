import { type FSWatcher, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { Logger } from "./log.js";
import { loadSite, type Site } from "./site.js";
import { validateSite } from "./validate.js";

/** What one reload did. */
export type ReloadResult = { ok: true; version: string; changed: boolean } | { ok: false; error: string };

/** Loads and validates a build; throws with every problem when it must not be served. */
async function loadValid(dir: string): Promise<Site> {
  const site = await loadSite(dir);
  const problems = await validateSite(site);
  if (problems.length > 0) throw new Error(`invalid build: ${problems.slice(0, 5).join("; ")}`);
  return site;
}

/**
 * The site being served, replaced atomically by `reload()`: the new build is read and validated in the
 * background, and only a complete, valid build is swapped in. Requests already answered from the old
 * site keep its buffers until they are written; a refused build leaves the old site serving.
 * @example const live = await LiveSite.open("public", jsonLogger()); live.watch(); server.on("request", () => live.current);
 */
export class LiveSite {
  #queued: Promise<ReloadResult> | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #watcher: FSWatcher | null = null;
  #debounce: NodeJS.Timeout | null = null;

  private constructor(
    readonly dir: string,
    public current: Site,
    private readonly log: Logger,
  ) {}

  /** Loads the first build; throws if it is missing or invalid (there is nothing to fall back on). */
  static async open(dir: string, log: Logger): Promise<LiveSite> {
    return new LiveSite(resolve(dir), await loadValid(dir), log);
  }

  /**
   * Loads the folder again and swaps it in if valid. Calls made while a reload runs share one follow-up
   * reload, which starts after it and so sees the newest folder.
   */
  reload(reason = "request"): Promise<ReloadResult> {
    if (this.#queued) return this.#queued;
    const next = this.#chain.then(() => {
      this.#queued = null;
      return this.#load(reason);
    });
    this.#queued = next;
    this.#chain = next;
    return next;
  }

  async #load(reason: string): Promise<ReloadResult> {
    const started = Date.now();
    try {
      const site = await loadValid(this.dir);
      const changed = site.version !== this.current.version;
      if (changed) this.current = site;
      this.log("reload", {
        reason,
        version: site.version,
        changed,
        documents: site.documents.size,
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
   * Reloads whenever the folder is replaced by a rename (what the build does): watches the parent
   * folder, since the watched folder itself is swapped away. Returns a function that stops watching.
   */
  watch(debounceMs = 50): () => void {
    const name = basename(this.dir);
    this.#watcher ??= watch(dirname(this.dir), (_event, file) => {
      if (file !== name) return;
      if (this.#debounce) clearTimeout(this.#debounce);
      this.#debounce = setTimeout(() => {
        this.#debounce = null;
        void this.reload("folder replaced");
      }, debounceMs);
    });
    this.#watcher.on("error", (e) => this.log("watch-error", { error: e.message }));
    return () => this.unwatch();
  }

  unwatch(): void {
    this.#watcher?.close();
    this.#watcher = null;
    if (this.#debounce) clearTimeout(this.#debounce);
    this.#debounce = null;
  }
}
