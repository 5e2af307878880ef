/// <reference lib="webworker" />
/**
 * The service worker (dist/web/sw.js, docs/decisions/023-offline-app.md): the app's shell installed with
 * it, and the last public lists kept for a visit with no network. Votes and everything about the device go
 * to the network only, and are never kept nor sent again later.
 */
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  isCachedApiRequest,
  isShellNavigation,
  OFFLINE_COPY_HEADER,
  offlineStandIn,
  WARMED_API_PATHS,
} from './cache-rules.js';
import { REFRESH_SHELL_MESSAGE, SHELL_REVISION_HEADER } from '../../shared/home-page.js';
import type { PrecacheEntry } from './precache-manifest.js';

declare const self: ServiceWorkerGlobalScope & { __PRECACHE_MANIFEST: PrecacheEntry[] };

/** A weak network gets this long to answer before the last copy is shown (it still fills the cache if it answers later). */
const NETWORK_TIMEOUT_SECONDS = 4;

// Injected by the build (scripts/build-service-worker.ts).
precacheAndRoute(self.__PRECACHE_MANIFEST);
// The previous version's precache is deleted once this one is active: until the page reloads, its lazy
// chunks are still fetched from the network or the HTTP cache.
cleanupOutdatedCaches();

const SHELL_URL = '/index.html';
/** The revision of the page template this worker was built with (the server sends it with each drawing of the page). */
const SHELL_REVISION = self.__PRECACHE_MANIFEST.find((entry) => entry.url === SHELL_URL)?.revision ?? null;

/**
 * The shell is the server's page, with the list's first page drawn inside it, as it was when the worker installed it:
 * Workbox never fetches again a file it holds at the same revision. Left so, every later visit, online or not, would
 * start from the list of the first visit, weeks old, until the app's own read replaced it. Each visit therefore
 * has the page fetched again once the app runs, and kept for the next visit if the server is of this same version
 * (a newer server's page names scripts this worker does not hold: its own worker brings them). The page asks, by a
 * message: a `fetch` listener of this worker's own was tried first, and Chromium 156 did not call it for the
 * navigations the precache answered.
 */
async function refreshShell(): Promise<void> {
  const cacheKey = getCacheKeyForURL(SHELL_URL);
  if (cacheKey === undefined || SHELL_REVISION === null) return;
  try {
    const page = await fetch(SHELL_URL, { cache: 'no-store', credentials: 'same-origin' });
    if (!page.ok || page.headers.get(SHELL_REVISION_HEADER) !== SHELL_REVISION) return;
    await (await caches.open(cacheNames.precache)).put(cacheKey, page);
  } catch {
    // No network: the page kept stays.
  }
}

let shellRefresh: Promise<void> | null = null;

/** Asked by each page this worker serves, once the app runs (service-worker-updates.tsx): one fetch at a time. */
function refreshShellOnce(): Promise<void> {
  shellRefresh ??= refreshShell().finally(() => {
    shellRefresh = null;
  });
  return shellRefresh;
}

// Opening the app with no network: its page from the precache. Pages the server answers itself are left alone.
const shell = createHandlerBoundToURL(SHELL_URL);
registerRoute(({ request, url }) => request.mode === 'navigate' && isShellNavigation(url, self.location.origin), shell);

registerRoute(
  ({ url, request }) => isCachedApiRequest(url, request.method, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
      {
        // Marks an answer taken from the copy, so the app says the data may be out of date and from when
        // (the copy keeps the server's Date header).
        cachedResponseWillBeUsed: async ({ cachedResponse: copy, request }) => {
          const standIn = copy ? null : offlineStandIn(new URL(request.url));
          const cachedResponse = copy ?? (standIn ? await (await caches.open(API_CACHE)).match(standIn) : undefined);
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_COPY_HEADER, '1');
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

/**
 * The home is drawn by the server with the list inside it (docs/decisions/026), so a visitor who only opened
 * the home never asked for `/api/markets` nor `/api/news`, and the worker installed during that visit had
 * nothing to show once the network went: "Failed to fetch" instead of the predictions and the alerts. Once
 * active, the worker reads those lists itself when it holds no copy of them yet. A failure is left alone: the
 * next read through the worker keeps a copy anyway.
 */
async function warmLists(): Promise<void> {
  const cache = await caches.open(API_CACHE);
  await Promise.all(
    WARMED_API_PATHS.map(async (path) => {
      if (await cache.match(path)) return;
      try {
        const response = await fetch(path, { headers: { Accept: 'application/json' } });
        if (response.ok) await cache.put(path, response);
      } catch {
        // No network: nothing to keep yet.
      }
    }),
  );
}

self.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(warmLists()));

// A new version waits until the visitor asks for it ("Mettre à jour") or every tab is closed.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === REFRESH_SHELL_MESSAGE) event.waitUntil(refreshShellOnce());
});

// The first install takes the open page at once (nothing to replace); an update still waits, above.
clientsClaim();
