/**
 * The pages, API documents and ZIP files the reader opened, kept across releases (`SAVED`, one cache for every
 * release) with the fingerprinted assets their pages name: a patient's clinic page opens offline the week after as
 * it did the week it was read. At most `MAX_SAVED` answers (the least recently saved go first); the assets follow
 * the pages (an asset no saved page names is dropped). Once a new release is active, the saved pages are fetched
 * again from the network (`refreshSaved`): online, they become the new release's.
 */

/** The cache kept across releases. The release's own caches are `ucd-<version>` (hexadecimal). */
export const SAVED = "ucd-saved";
/**
 * Most answers kept (pages, documents, ZIP files; not counting the assets their pages name): the oldest go first.
 * Measured on the sample: a clinic page 7.5 KB on average, a city page up to 53 KB, a city's document up to 85 KB,
 * the list of cities 128 KB, a ZIP file 1–3 KB — a few MB for what a reader opens, 35 MB if every answer were the
 * largest, and many times what a reader opens between two releases.
 */
export const MAX_SAVED = 400;
export const FINGERPRINTED = /\/assets\/[^/]*-[0-9a-f]{8,}\.[a-z0-9]+$/;
/** The release whose pages the saved ones are (once refreshed): a key no page can request (another origin). */
const REFRESHED = "https://ucd.invalid/saved-pages-refreshed";

const isAsset = (url: string) => FINGERPRINTED.test(new URL(url).pathname);

/** Whether a saved answer is a page (the assets it names are kept with it; it is fetched again after a release). */
const isPage = (response: Response | undefined) =>
  response?.headers.get("content-type")?.startsWith("text/html") ?? false;

/** Saves an answer the reader was given, then drops the oldest beyond the bound. */
export async function keep(request: Request | string, response: Response): Promise<void> {
  const saved = await caches.open(SAVED);
  await saved.put(request, response); // an answer saved again becomes the newest
  await trim(saved);
}

async function trim(saved: Cache): Promise<void> {
  const keys = (await saved.keys()).filter((k) => !isAsset(k.url) && k.url !== REFRESHED);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_SAVED))) await saved.delete(k);
}

/**
 * At the activation of a new release's worker: moves what the reader opened out of the other releases' caches
 * (answers saved by an older worker, which kept them there) and the assets the saved pages name, drops those caches,
 * and the assets no saved page names any more.
 * @param current the new release's cache
 * @param release the URLs the new release saves itself at install (its own copies win)
 */
export async function keepAcrossReleases(current: string, release: ReadonlySet<string>): Promise<void> {
  const saved = await caches.open(SAVED);
  const others = (await caches.keys()).filter((k) => k.startsWith("ucd-") && k !== current && k !== SAVED);
  for (const name of others) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      if (isAsset(request.url) || release.has(request.url) || (await saved.match(request))) continue;
      const response = await old.match(request);
      if (response) await saved.put(request, response);
    }
  }
  const named = await assetsNamed(saved);
  for (const name of others) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      if (!named.has(request.url) || (await saved.match(request))) continue;
      const response = await old.match(request);
      if (response) await saved.put(request, response);
    }
    await caches.delete(name);
  }
  await trim(saved);
  await dropUnnamedAssets(saved, named);
}

/** The fingerprinted assets the saved pages name (`href`/`src`), as absolute URLs. */
async function assetsNamed(saved: Cache): Promise<Set<string>> {
  const named = new Set<string>();
  for (const request of await saved.keys()) {
    if (isAsset(request.url)) continue;
    const response = await saved.match(request);
    if (!response || !isPage(response)) continue;
    for (const m of (await response.text()).matchAll(/\b(?:href|src)="([^"]+)"/g)) {
      const url = new URL((m[1] as string).replaceAll("&amp;", "&"), request.url);
      if (url.origin === self.location.origin && FINGERPRINTED.test(url.pathname)) named.add(url.href);
    }
  }
  return named;
}

async function dropUnnamedAssets(saved: Cache, named: ReadonlySet<string>): Promise<void> {
  for (const request of await saved.keys())
    if (isAsset(request.url) && !named.has(request.url)) await saved.delete(request);
}

/**
 * Fetches every saved page again once per release (`version`), oldest first: a page the site still has becomes the
 * new release's (its assets with it: they are the release's own); one it no longer has (404, 410) is dropped; any
 * other answer keeps the saved copy. Throws when the network fails (offline): the next request tries again.
 */
export async function refreshSaved(version: string): Promise<void> {
  const saved = await caches.open(SAVED);
  if ((await (await saved.match(REFRESHED))?.text()) === version) return;
  for (const request of await saved.keys()) {
    if (isAsset(request.url) || request.url === REFRESHED || !isPage(await saved.match(request))) continue;
    const response = await fetch(request.url, { cache: "no-cache", credentials: "same-origin" });
    if (response.status === 200 && response.type === "basic") await saved.put(request, response);
    else if (response.status === 404 || response.status === 410) await saved.delete(request);
  }
  await dropUnnamedAssets(saved, await assetsNamed(saved));
  await saved.put(REFRESHED, new Response(version));
}
