import { QueryClient } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../shared/constants.js';
import { hasOfflineCopies } from './connection.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: MARKET_CACHE_MS,
      // The specification allows no automatic retry: the user reloads.
      retry: false,
      refetchOnWindowFocus: false,
      // Offline, a read is still tried once: the service worker answers the public lists from its last
      // copy (the page says from when). Query's default would pause it, with a spinner, until the network is back.
      networkMode: 'offlineFirst',
    },
    mutations: {
      // A vote is sent now or fails now ("Pas de connexion : …"): never held while offline and sent later.
      networkMode: 'always',
    },
  },
});

/** While lists come from the worker's copy and the device says it is online, they are read again this often. */
const COPY_RETRY_MS = 15_000;

/**
 * Reads again every list, on screen or not, while some came from the worker's copy: the banner goes with
 * the first answer from the server. On the window's `online` event (Query's own online manager believes a
 * page opened offline to be online, and would never hear it come back), a second later (the event can come
 * before the network carries anything), then every 15 s on a network too weak to answer in time.
 */
function readCopiesAgain(): void {
  if (navigator.onLine && hasOfflineCopies()) void queryClient.invalidateQueries({ refetchType: 'all' });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => window.setTimeout(readCopiesAgain, 1_000));
  window.setInterval(readCopiesAgain, COPY_RETRY_MS);
}
