import { useSyncExternalStore } from 'react';
import { PREDICTION_HASH_PREFIX } from '../lib/prediction-link.js';

/**
 * `transparence` is the public page of the vote protection's figures, reached from the more menu and the footer.
 * `admin` is linked from nowhere: the app shows it only when the server has administration on.
 */
export type Tab = 'home' | 'municipales' | 'trending' | 'transparence' | 'admin';

export interface HashRoute {
  tab: Tab;
  /** Set when the hash is `#prediction-<id>`: that prediction's detail is open. */
  predictionId: string | null;
}

/** Percent-decoded, or null when the encoding is malformed (`%`, a cut UTF-8 sequence): a crafted link. */
function decodeHash(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * `municipales` → municipal tab, `trending` → news tab, `transparence` → transparency page, `admin` → admin screen,
 * `prediction-<id>` → a detail, anything else →
 * home, malformed percent-encoding included.
 */
export function parseHash(hash: string): HashRoute {
  const value = decodeHash(hash.replace(/^#/, ''));
  if (value === null) return { tab: 'home', predictionId: null };
  if (value === 'municipales') return { tab: 'municipales', predictionId: null };
  if (value === 'trending') return { tab: 'trending', predictionId: null };
  if (value === 'transparence') return { tab: 'transparence', predictionId: null };
  if (value === 'admin') return { tab: 'admin', predictionId: null };
  if (value.startsWith(PREDICTION_HASH_PREFIX) && value.length > PREDICTION_HASH_PREFIX.length) {
    return { tab: 'home', predictionId: value.slice(PREDICTION_HASH_PREFIX.length) };
  }
  return { tab: 'home', predictionId: null };
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
  return useSyncExternalStore(subscribe, () => window.location.hash);
}
