import { queryOptions } from '@tanstack/react-query';
import type { HistoryRange } from '../../../../shared/history.js';
import { call } from '../../../lib/api-client.js';

/** Under the market's own key, so a reconnection that refreshes every market refreshes its history too. */
export function marketHistoryQueryOptions(id: string, range: HistoryRange) {
  return queryOptions({
    queryKey: ['market', id, 'history', range] as const,
    queryFn: ({ signal }) => call('getMarketHistory', { params: { id }, query: { range }, signal }),
    // The past points only move once per step; the live end of the curve comes from the market itself.
    staleTime: 60_000,
  });
}
