/**
 * The service worker (`/sw.js`): keeps the pages, API documents and ZIP files the reader has opened, so that a
 * clinic's page with its phone number, and the near-me results, open with no signal. Pages and documents come
 * from the network first (always current when online; from the saved copy after 4 s without an answer, or
 * offline), fingerprinted assets from the saved copy. The build prefixes the configuration (`self.UCD_SW`): a
 * new release is a new `version`, so the browser installs this worker again, which saves the new assets and
 * drops the caches of other releases.
 */
export {};

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
const CACHE = `ucd-${version}`;
/** Most responses kept besides the precached ones: the oldest go first. */
const MAX_ENTRIES = 400;
const NETWORK_TIMEOUT_MS = 4000;
const FINGERPRINTED = /\/assets\/[^/]*-[0-9a-f]{8,}\.[a-z0-9]+$/;
const kept = new Set(precache.map((p) => new URL(p, self.location.href).href));

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
      for (const key of await caches.keys())
        if (key.startsWith("ucd-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
      // The page that installed the worker was loaded before it: save it too, so that the first page seen opens
      // offline like every later one.
      const cache = await caches.open(CACHE);
      for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
        const url = new URL(client.url);
        url.hash = "";
        if (url.origin === self.location.origin && url.pathname.startsWith(root))
          await cache.add(url.href).catch(() => undefined);
      }
    })(),
  );
});

async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  let extra = keys.filter((k) => !kept.has(k.url)).length - MAX_ENTRIES;
  for (const k of keys) {
    if (extra <= 0) break;
    if (kept.has(k.url)) continue;
    await cache.delete(k);
    extra--;
  }
}

async function save(request: Request, response: Response): Promise<void> {
  if (response.status !== 200 || response.type !== "basic") return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
  await trim(cache);
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
});
