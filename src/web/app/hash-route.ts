import { useSyncExternalStore } from 'react';
import { COMMUNE_HASH_PREFIX, PREDICTION_HASH_PREFIX } from '../lib/prediction-link.js';
import { SUB_PAGE_HASHES, type SubPage } from './sub-pages.js';

/**
 * `transparence` is the public page of the vote protection's figures, reached from the more menu and the footer.
 * `admin` is linked from nowhere: the app shows it only when the server has administration on.
 */
export type Tab = 'home' | 'municipales' | 'trending' | 'transparence' | 'admin';

export interface HashRoute {
  tab: Tab;
  /** Set when the hash is `#prediction-<id>`: that prediction's detail is open. */
  predictionId: string | null;
  /** Set when the hash is `#commune-<insee>`: the municipal tab with that commune's sheet open. */
  communeId: string | null;
  /**
   * Set when the hash names a sub-page (`#documentation`, `#mentions-legales`, `#cookies`, `#confidentialite`,
   * `#accessibilite`, `#bilan`, `#a-la-chaine`).
   */
  page: SubPage | null;
}

const PAGE_BY_HASH = new Map(Object.entries(SUB_PAGE_HASHES).map(([page, hash]) => [hash, page as SubPage]));

/** Percent-decoded, or null when the encoding is malformed (`%`, a cut UTF-8 sequence): a crafted link. */
function decodeHash(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const HOME: HashRoute = { tab: 'home', predictionId: null, communeId: null, page: null };

/**
 * `municipales` → municipal tab, `trending` → news tab, `transparence` → transparency page, `admin` → admin screen,
 * `prediction-<id>` → a detail, `commune-<insee>` → the municipal tab with that commune's sheet (an unknown
 * commune leaves the tab as it is), a static page's hash → that page, anything else → home, malformed
 * percent-encoding included.
 */
export function parseHash(hash: string): HashRoute {
  const value = decodeHash(hash.replace(/^#/, ''));
  if (value === null) return HOME;
  if (value === 'municipales') return { ...HOME, tab: 'municipales' };
  if (value === 'trending') return { ...HOME, tab: 'trending' };
  if (value === 'transparence') return { ...HOME, tab: 'transparence' };
  if (value === 'admin') return { ...HOME, tab: 'admin' };
  const page = PAGE_BY_HASH.get(value);
  if (page) return { ...HOME, page };
  if (value.startsWith(PREDICTION_HASH_PREFIX) && value.length > PREDICTION_HASH_PREFIX.length) {
    return { ...HOME, predictionId: value.slice(PREDICTION_HASH_PREFIX.length) };
  }
  if (value.startsWith(COMMUNE_HASH_PREFIX) && value.length > COMMUNE_HASH_PREFIX.length) {
    return { ...HOME, tab: 'municipales', communeId: value.slice(COMMUNE_HASH_PREFIX.length) };
  }
  return HOME;
}

export function subPageHash(page: SubPage): string {
  return `#${SUB_PAGE_HASHES[page]}`;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Sets the hash (or removes it, leaving no bare `#`), adding a history entry so Back works. */
export function navigateToHash(hash: string, { replace = false } = {}): void {
  const target = `${window.location.pathname}${window.location.search}${hash}`;
  if (`${window.location.pathname}${window.location.search}${window.location.hash}` === target) return;
  if (replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  for (const listener of listeners) listener();
}

export function tabHash(tab: Tab): string {
  return tab === 'home' ? '' : `#${tab}`;
}

export function useHash(): string {
  // The server never sees the hash: it renders home, and hydration reads home too before the real screen.
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
}
