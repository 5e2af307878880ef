import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onStreamReconnect, subscribeToStream } from '../../../lib/stream.js';
import { storeMarket } from '../api/get-market.js';
import { marketKeys } from '../api/query-keys.js';

/** Keeps the cached list and any open detail in step with votes cast anywhere on the island. */
export function useMarketStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stopMarkets = subscribeToStream('market', (market) => storeMarket(client, market));
    // Only what the stream keeps up to date: the municipal page refetches its own data.
    const stopReconnect = onStreamReconnect(() => {
      // The list and its page sets, then every detail and every history.
      for (const queryKey of [marketKeys.list, marketKeys.details, marketKeys.histories])
        void client.invalidateQueries({ queryKey });
    });
    return () => {
      stopMarkets();
      stopReconnect();
    };
  }, [client]);
}
