import { pathOf, routePattern } from '../../shared/api/caller.js';
import type { EndpointName } from '../../shared/api/index.js';
import { ROUTES } from '../../shared/api/routes.js';

/**
 * What the service worker keeps for a visit without network (docs/decisions/023-offline-app.md), as plain
 * functions of the URL so the rules are tested without a browser.
 */

/** Header the worker adds to an answer it took from its copy because the network did not answer. */
export const OFFLINE_COPY_HEADER = 'x-predi974-offline-copy';

/** Name of the cache of the last answers of the public lists. */
export const API_CACHE = 'predi974-api';

/**
 * The public lists read again from the network first and, when it fails, from the last copy: the
 * predictions, the communes with their ballots, the news and alerts. Nothing here depends on the device.
 */
const CACHED_API_PATHS = (['listMarkets', 'listCommunes', 'listCandidates', 'getNews'] as const).map(routePattern);

/**
 * Read by the worker itself once it is active, when it holds no copy yet: the lists a visit of the home alone
 * never requests (the server draws the home with its list inside), which a visitor needs most once offline.
 */
export const WARMED_API_PATHS = [pathOf('listMarkets', { query: { page: '1' } }), pathOf('getNews')] as const;

/**
 * The copy that stands in for a list the worker holds no copy of: the whole catalogue (`/api/markets`, which
 * « Voter à la chaîne » and « Mon bilan » read until 2026-11-28, and an app of before then may still ask for) is
 * answered offline with the copy of its first page, the one the home
 * reads and the worker warms. The app reads both shapes (a list, or a page of it). Null: no stand-in.
 */
export function offlineStandIn(url: URL): string | null {
  return url.pathname === pathOf('listMarkets') && url.search === '' ? WARMED_API_PATHS[0] : null;
}

/**
 * Never kept, even if a rule above were widened: the live stream, votes, the device's identity and vote
 * protection, the device's own data, administration (every admin route, by its URL).
 */
const NEVER_CACHED_PATHS = (
  [
    'stream',
    'castVote',
    'listVotes',
    'listMunicipalVotes',
    'castMunicipalVote',
    'issueIdentity',
    'requestChallenge',
    'getTransparency',
    'exportMyData',
    'eraseMyData',
    ...(Object.keys(ROUTES) as EndpointName[]).filter((name) => 'security' in ROUTES[name] && ROUTES[name].security === 'admin'),
  ] as const
).map(routePattern);

export function isCachedApiRequest(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  // A request that names the device is about that device: never kept, whatever its path.
  if (url.searchParams.has('fingerprint')) return false;
  if (NEVER_CACHED_PATHS.some((rule) => rule.test(url.pathname))) return false;
  return CACHED_API_PATHS.some((rule) => rule.test(url.pathname));
}

/**
 * Pages the server answers itself, never replaced by the app's shell: the API and its documentation,
 * the share pages of a prediction (/p/…) and of a commune (/c/…), metrics, anything under /admin, and files.
 */
const SERVER_PAGES = [/^\/api(\/|$)/, /^\/p\//, /^\/c\//, /^\/admin/, /^\/metrics/, /\/[^/]+\.[^/]+$/];

/** A navigation the cached index.html answers (the app uses hash navigation: in practice `/`). */
export function isShellNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !SERVER_PAGES.some((rule) => rule.test(url.pathname));
}
