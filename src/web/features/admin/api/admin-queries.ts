import { queryOptions } from '@tanstack/react-query';
import type { adminEndpoints } from '../../../../shared/api/admin.js';
import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { Market } from '../../../../shared/market.js';
import type { municipalEndpoints } from '../../../../shared/api/municipal.js';
import { apiFetch } from '../../../lib/api-client.js';
import { adminFetch } from './admin-fetch.js';

/** How often the open admin screen asks for fresh activity figures. */
export const ACTIVITY_REFRESH_MS = 3_000;

// Keys of their own: the admin screen keeps the answers of its changes without touching the visitor's caches.
export const adminKeys = {
  activity: ['admin', 'activity'] as const,
  markets: ['admin', 'markets'] as const,
  communes: ['admin', 'communes'] as const,
  candidates: (communeId: string) => ['admin', 'candidates', communeId] as const,
};

export const activityQuery = (token: string) =>
  queryOptions({
    queryKey: adminKeys.activity,
    queryFn: ({ signal }) => adminFetch<SuccessOf<typeof adminEndpoints.getActivity>>(token, '/api/admin/activity', { signal }),
    refetchInterval: ACTIVITY_REFRESH_MS,
    staleTime: 0,
  });

export const marketsQuery = queryOptions({
  queryKey: adminKeys.markets,
  queryFn: ({ signal }) => apiFetch<Market[]>('/api/markets', { signal }),
  staleTime: Infinity,
});

export const communesQuery = queryOptions({
  queryKey: adminKeys.communes,
  queryFn: ({ signal }) => apiFetch<SuccessOf<typeof municipalEndpoints.listCommunes>>('/api/municipal', { signal }),
  staleTime: Infinity,
});

export const candidatesQuery = (communeId: string) =>
  queryOptions({
    queryKey: adminKeys.candidates(communeId),
    queryFn: ({ signal }) =>
      apiFetch<SuccessOf<typeof municipalEndpoints.listCandidates>>(
        `/api/municipal/${encodeURIComponent(communeId)}/candidates`,
        { signal },
      ),
    staleTime: Infinity,
  });
