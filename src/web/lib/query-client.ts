import { QueryClient } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../shared/constants.js';
import { takeOfflineCopies } from './connection.js';

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

// Back online: what came from the worker's copy is read again (at once if on screen, else when next
// shown), even if Query thinks it fresh. The window's event, not Query's onlineManager: a page opened
// offline starts with the manager believing it online, and would never hear it come back.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (takeOfflineCopies()) void queryClient.invalidateQueries();
  });
}
