import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.js';
import type { VoteChangeRule } from '../lib/legal-text.js';

export interface Health {
  ok: boolean;
  database: 'sqlite' | 'postgres';
  voteChange: VoteChangeRule;
}

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiFetch<Health>('/api/health', { signal });
}

/** The server's state, read here for the vote-change rule in force (VOTE_CHANGE). */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'] as const,
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 5 * 60_000,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
