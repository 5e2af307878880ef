import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { wholeList } from '../../../../shared/market-list.js';
import { call } from '../../../lib/api-client.js';
import { adminCaller } from './admin-caller.js';

/** How often the open admin screen asks for fresh activity figures. */
export const ACTIVITY_REFRESH_MS = 3_000;

// Keys of their own: the admin screen keeps the answers of its changes without touching the visitor's caches.
export const adminKeys = {
  activity: (page: number) => ['admin', 'activity', page] as const,
  markets: ['admin', 'markets'] as const,
  communes: ['admin', 'communes'] as const,
  candidates: (communeId: string) => ['admin', 'candidates', communeId] as const,
};

/** One page of the activity (`ADMIN_ACTIVITY_PAGE_SIZE` predictions, busiest first); the last page stays shown while the next arrives. */
export const activityQuery = (token: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.activity(page),
    queryFn: ({ signal }) => adminCaller(token)('getActivity', { query: { page: String(page) }, signal }),
    refetchInterval: ACTIVITY_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
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
