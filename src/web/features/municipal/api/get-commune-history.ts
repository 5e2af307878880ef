import { queryOptions } from '@tanstack/react-query';
import type { HistoryRange } from '../../../../shared/history.js';
import { call } from '../../../lib/api-client.js';
import { municipalKeys } from './query-keys.js';

export function communeHistoryQueryOptions(communeId: string, range: HistoryRange) {
  return queryOptions({
    queryKey: municipalKeys.history(communeId, range),
    queryFn: ({ signal }) => call('getCommuneHistory', { params: { id: communeId }, query: { range }, signal }),
    // The past points only move once per step; a vote from this device refreshes it (see cast-municipal-vote.ts).
    staleTime: 60_000,
  });
}
