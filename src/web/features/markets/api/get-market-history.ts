import { queryOptions } from '@tanstack/react-query';
import type { HistoryRange } from '../../../../shared/history.js';
import { call } from '../../../lib/api-client.js';
import { marketKeys } from './query-keys.js';

/** A reconnection that refreshes every market refreshes every history too (`marketKeys.histories`). */
export function marketHistoryQueryOptions(id: string, range: HistoryRange) {
  return queryOptions({
    queryKey: marketKeys.history(id, range),
    queryFn: ({ signal }) => call('getMarketHistory', { params: { id }, query: { range }, signal }),
    // The past points only move once per step; the live end of the curve comes from the market itself.
    staleTime: 60_000,
  });
}
