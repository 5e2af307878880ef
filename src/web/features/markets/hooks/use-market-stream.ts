import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onStreamReconnect, subscribeToStream } from '../../../lib/stream.js';
import { storeMarket } from '../api/get-market.js';

/** Keeps the cached list and any open detail in step with votes cast anywhere on the island. */
export function useMarketStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    const stopMarkets = subscribeToStream('market', (market) => storeMarket(client, market));
    const stopReconnect = onStreamReconnect(() => void client.invalidateQueries());
    return () => {
      stopMarkets();
      stopReconnect();
    };
  }, [client]);
}
