/**
 * The service worker (`/sw.js`): keeps the pages, API documents and ZIP files the reader has opened, so that a
 * clinic's page with its phone number, and the near-me results, open with no signal. Pages and documents come
 * from the network first (always current when online; from the saved copy after 4 s without an answer, or
 * offline), fingerprinted assets from the saved copy. The build prefixes the configuration (`self.UCD_SW`): a
 * new release is a new `version`, so the browser installs this worker again, which saves the new release's assets
 * and pages and drops the other releases' caches — but not what the reader opened, nor the assets its pages name
 * (`saved.ts`), which are fetched again once online.
 */
import { FINGERPRINTED, keep, keepAcrossReleases, refreshSaved } from "./saved.js";

interface Config {
  /** Changes with every release. */
  version: string;
  /** The site's root path: `/` or `/ucd/`. */
  root: string;
  /** Saved at install: the assets, home and near-me pages, the offline page, manifests and icons. */
  precache: string[];
  /** The page answered for a page never saved, when offline. */
  offline: string;
}

declare const self: ServiceWorkerGlobalScope & { UCD_SW: Config };

const { version, root, precache, offline } = self.UCD_SW;
/** This release's cache: what it saves at install, and the assets it is asked for. */
const CACHE = `ucd-${version}`;
const NETWORK_TIMEOUT_MS = 4000;
const release = new Set(precache.map((p) => new URL(p, self.location.href).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(precache))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await keepAcrossReleases(CACHE, release);
      await self.clients.claim();
      // The page that installed the worker was loaded before it: save it too, so that the first page seen opens
      // offline like every later one.
      for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
        const url = new URL(client.url);
        url.hash = "";
        if (url.origin !== self.location.origin || !url.pathname.startsWith(root)) continue;
        const response = await fetch(url.href).catch(() => undefined);
        if (response) await save(url.href, response);
      }
    })(),
  );
});

/**
 * Saves an answer: what the release saves at install and its assets in its own cache (the next release has its
 * own), the rest — what the reader opened — in the cache kept across releases.
 */
async function save(request: Request | string, response: Response): Promise<void> {
  if (response.status !== 200 || response.type !== "basic") return;
  const url = typeof request === "string" ? request : request.url;
  if (release.has(url) || FINGERPRINTED.test(new URL(url).pathname))
    await (await caches.open(CACHE)).put(request, response);
  else await keep(request, response);
}

/** The saved pages fetched again once per release, while a request keeps the worker running; retried if offline. */
let refreshing: Promise<void> | null = null;
function refreshOnce(event: FetchEvent): void {
  refreshing ??= refreshSaved(version).catch(() => {
    refreshing = null;
  });
  event.waitUntil(refreshing);
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const hit = await caches.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  event.waitUntil(save(event.request, response.clone()));
  return response;
}

async function networkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const network = fetch(request).then((response) => {
    event.waitUntil(save(request, response.clone()));
    return response;
  });
  network.catch(() => undefined); // answered from `saved` below when it fails
  const saved = caches.match(request);
  // A slow network (a weak signal) loses to a saved copy after a while; the fetch still updates the copy.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Response | undefined>((resolve) => {
    timer = setTimeout(() => void saved.then(resolve), NETWORK_TIMEOUT_MS);
  });
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    return await network;
  } catch {
    const copy = await saved;
    if (copy) return copy;
    if (request.mode === "navigate") {
      const page = await caches.match(offline);
      if (page) return page;
    }
    return Response.error();
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (
    url.origin !== self.location.origin ||
    !url.pathname.startsWith(root) ||
    url.pathname.endsWith("/sw.js")
  )
    return;
  event.respondWith(FINGERPRINTED.test(url.pathname) ? cacheFirst(event) : networkFirst(event));
  refreshOnce(event);
});
