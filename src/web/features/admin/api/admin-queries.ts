import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeyOf } from '../../../../shared/api/caller.js';
import { wholeList } from '../../../../shared/market-list.js';
import { call } from '../../../lib/api-client.js';
import { adminCaller } from './admin-caller.js';

/** How often the open admin screen asks for fresh activity figures. */
export const ACTIVITY_REFRESH_MS = 3_000;

// Keys of their own, under one prefix: the admin screen keeps the answers of its changes without touching the
// visitor's caches (which read the same public endpoints), and leaving the screen drops them all at once.
const ADMIN = ['admin'] as const;

export const adminKeys = {
  /** Every query of the admin screen. */
  all: ADMIN,
  activity: (page: number) => [...ADMIN, ...queryKeyOf('getActivity', { query: { page: String(page) } })],
  markets: [...ADMIN, ...queryKeyOf('listMarkets')],
  communes: [...ADMIN, ...queryKeyOf('listCommunes')],
  candidates: (communeId: string) => [...ADMIN, ...queryKeyOf('listCandidates', { params: { id: communeId } })],
  bursts: [...ADMIN, ...queryKeyOf('listBursts')],
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
