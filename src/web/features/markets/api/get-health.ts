import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.js';

export interface Health {
  ok: boolean;
  database: string;
  voteChange?: 'allowed' | 'forbidden';
}

/** Tells whether the server lets a visitor change a vote (the FAQ and the detail follow it). */
export const healthQueryOptions = queryOptions({
  queryKey: ['health'] as const,
  queryFn: ({ signal }) => apiFetch<Health>('/api/health', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
