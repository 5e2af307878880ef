import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../../../shared/constants.js';
import type { Market } from '../../../../shared/market.js';
import { call } from '../../../lib/api-client.js';
import { findInPages, patchMarketInPages } from './get-market-pages.js';
import { marketsQueryOptions } from './get-markets.js';
import { marketKeys } from './query-keys.js';

export function marketQueryOptions(id: string, client: QueryClient) {
  return queryOptions({
    queryKey: marketKeys.detail(id),
    queryFn: ({ signal }) => call('getMarket', { params: { id }, signal }),
    staleTime: MARKET_CACHE_MS,
    // Opening a card shows what the list already knows at once, then refreshes when stale.
    initialData: () =>
      client.getQueryData(marketsQueryOptions.queryKey)?.find((market) => market.id === id) ?? findInPages(client, id)?.market,
    initialDataUpdatedAt: () =>
      client.getQueryState(marketsQueryOptions.queryKey)?.dataUpdatedAt ?? findInPages(client, id)?.updatedAt,
  });
}

/** Writes a fresher copy of a market into the list (whole, and its loaded pages) and the detail caches. */
export function storeMarket(client: QueryClient, market: Market, { addToList = false } = {}): void {
  client.setQueryData(marketsQueryOptions.queryKey, (list) => {
    if (!list) return list;
    const index = list.findIndex((item) => item.id === market.id);
    if (index === -1) return addToList ? [...list, market] : list;
    const next = list.slice();
    next[index] = market;
    return next;
  });
  patchMarketInPages(client, market);
  client.setQueryData(marketKeys.detail(market.id), market);
}
