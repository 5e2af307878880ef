import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { protectionEndpoints } from '../../../../shared/api/protection.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.js';

export const transparencyQueryOptions = queryOptions({
  queryKey: ['transparency'] as const,
  queryFn: ({ signal }) => apiFetch<SuccessOf<typeof protectionEndpoints.getTransparency>>('/api/transparency', { signal }),
  // The server caches the figures a few seconds; a visit shows them as of its opening, refreshed on return.
  staleTime: 30_000,
});

export function useTransparency() {
  return useQuery(transparencyQueryOptions);
}
