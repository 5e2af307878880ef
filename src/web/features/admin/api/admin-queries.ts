import { queryOptions } from '@tanstack/react-query';
import { wholeList } from '../../../../shared/market-list.js';
import { call } from '../../../lib/api-client.js';
import { adminCaller } from './admin-caller.js';

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
    queryFn: ({ signal }) => adminCaller(token)('getActivity', { signal }),
    refetchInterval: ACTIVITY_REFRESH_MS,
    staleTime: 0,
  });

export const marketsQuery = queryOptions({
  queryKey: adminKeys.markets,
  queryFn: async ({ signal }) => wholeList(await call('listMarkets', { signal })),
  staleTime: Infinity,
});

export const communesQuery = queryOptions({
  queryKey: adminKeys.communes,
  queryFn: ({ signal }) => call('listCommunes', { signal }),
  staleTime: Infinity,
});

export const candidatesQuery = (communeId: string) =>
  queryOptions({
    queryKey: adminKeys.candidates(communeId),
    queryFn: ({ signal }) => call('listCandidates', { params: { id: communeId }, signal }),
    staleTime: Infinity,
  });
