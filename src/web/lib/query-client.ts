import { QueryClient } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../shared/constants.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: MARKET_CACHE_MS,
      // The specification allows no automatic retry: the user reloads.
      retry: false,
      refetchOnWindowFocus: false,
    },
  },
});
