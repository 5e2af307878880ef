import { infiniteQueryOptions, keepPreviousData, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { queryKeyOf } from '../../../../shared/api/caller.js';
import type { Market } from '../../../../shared/market.js';
import type { MarketPage } from '../../../../shared/market-list.js';
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

/**
 * The predictions in pages of the public list (48, in its order), searched by the server
 * (docs/decisions/043-catalogue-in-pages.md, amended): never the whole catalogue.
 */
export const marketPagesQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.markets, search],
    queryFn: async ({ pageParam, signal }): Promise<MarketPage> => {
      const page = String(pageParam);
      const answer = await call('listMarkets', { query: search === '' ? { page } : { page, search }, signal });
      // With `page` the answer is a page (the whole list comes only without it).
      return Array.isArray(answer)
        ? { items: answer, total: answer.length, page: 1, pageCount: 1, pageSize: answer.length }
        : answer;
    },
    initialPageParam: 1,
    getNextPageParam: (last: MarketPage) => (last.page < last.pageCount ? last.page + 1 : undefined),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** The predictions of the pages read, once each (a vote may move one across a page boundary between reads). */
export function marketsOfPages(data: InfiniteData<MarketPage> | undefined): Market[] | undefined {
  if (!data) return undefined;
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.items.filter((market) => {
      if (seen.has(market.id)) return false;
      seen.add(market.id);
      return true;
    }),
  );
}

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
