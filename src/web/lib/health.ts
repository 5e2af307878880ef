import type { SuccessOf } from '../../shared/api/contract.js';
import type { opsEndpoints } from '../../shared/api/ops.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client.js';

/** The server's state, read for the vote-change rule in force (the detail's "Changer mon vote", the FAQ). */
export const healthQueryOptions = queryOptions({
  queryKey: ['health'] as const,
  queryFn: ({ signal }) => apiFetch<SuccessOf<typeof opsEndpoints.getHealth>>('/api/health', { signal }),
  staleTime: 5 * 60_000,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
