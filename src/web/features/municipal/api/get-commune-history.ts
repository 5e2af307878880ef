import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { municipalEndpoints } from '../../../../shared/api/municipal.js';
import { queryOptions } from '@tanstack/react-query';
import type { HistoryRange } from '../../../../shared/history.js';
import { apiFetch } from '../../../lib/api-client.js';
import { municipalKeys } from './query-keys.js';

export function communeHistoryQueryOptions(communeId: string, range: HistoryRange) {
  return queryOptions({
    queryKey: municipalKeys.history(communeId, range),
    queryFn: ({ signal }) =>
      apiFetch<SuccessOf<typeof municipalEndpoints.getCommuneHistory>>(
        `/api/municipal/${encodeURIComponent(communeId)}/history?range=${range}`,
        { signal },
      ),
    // The past points only move once per step; a vote from this device refreshes it (see cast-municipal-vote.ts).
    staleTime: 60_000,
  });
}
