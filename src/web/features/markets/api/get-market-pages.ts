import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../../../shared/constants.js';
import type { Market } from '../../../../shared/market.js';
import { MARKET_PAGE_SIZE, type MarketPage } from '../../../../shared/market-list.js';
import type { MarketFilters } from '../../../../shared/search.js';
import type { CallInput } from '../../../../shared/api/caller.js';
import { call } from '../../../lib/api-client.js';
import { readStoredIdentity } from '../../../lib/identity-store.js';
import { readMarketList } from './get-markets.js';
import { marketKeys } from './query-keys.js';

/** The home without search or filter: the pages the server's page starts (docs/decisions/043-catalogue-in-pages.md). */
export const ALL_MARKETS: MarketFilters = { search: '', category: 'all', voteFilter: 'all' };

export function isUnfiltered(filters: MarketFilters): boolean {
  return filters.search.trim() === '' && filters.category === 'all' && filters.voteFilter === 'all';
}

function pagesKey(filters: MarketFilters) {
  return [...marketKeys.pages, filters.search.trim(), filters.category, filters.voteFilter];
}

/** A device with no identity yet has voted on nothing: its « Mes votes » page is empty without asking. */
export function emptyPage(): MarketPage {
  return { items: [], total: 0, page: 1, pageCount: 1, pageSize: MARKET_PAGE_SIZE };
}

async function getMarketPage(filters: MarketFilters, page: number, signal: AbortSignal): Promise<MarketPage> {
  const query: { page: string; search?: string; category?: string; votes?: 'voted' | 'not-voted'; fingerprint?: string } = {
    page: String(page),
  };
  const search = filters.search.trim();
  if (search !== '') query.search = search;
  if (filters.category !== 'all') query.category = filters.category;
  if (filters.voteFilter !== 'all') {
    const fingerprint = readStoredIdentity();
    if (fingerprint === null && filters.voteFilter === 'voted') return emptyPage();
    if (fingerprint !== null) {
      query.votes = filters.voteFilter;
      query.fingerprint = fingerprint;
    }
  }
  return readMarketPage(query as PageQuery, signal);
}

/** What a page request sends: `page` always (the whole list comes only without it), the filters when set. */
export type PageQuery = NonNullable<CallInput<'listMarkets'>['query']> & { page: string };

/** One page of the list, its failures worded as the list's. */
export async function readMarketPage(query: PageQuery, signal: AbortSignal): Promise<MarketPage> {
  const answer = await readMarketList(() => call('listMarkets', { query, signal }));
  // With `page`, the answer is that page (the whole list comes only without it).
  return Array.isArray(answer) ? { items: answer, total: answer.length, page: 1, pageCount: 1, pageSize: answer.length } : answer;
}

/** The list, page after page as the visitor scrolls, filtered by the server. */
export function marketPagesQueryOptions(filters: MarketFilters) {
  return infiniteQueryOptions({
    queryKey: pagesKey(filters),
    queryFn: ({ pageParam, signal }) => getMarketPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: MarketPage) => (last.page < last.pageCount ? last.page + 1 : undefined),
    staleTime: MARKET_CACHE_MS,
  });
}

/** The first page as the server's page embedded it: the list starts from it without a request. */
export function seedFirstPage(client: QueryClient, page: MarketPage, updatedAt?: number): void {
  client.setQueryData<InfiniteData<MarketPage, number>>(
    pagesKey(ALL_MARKETS),
    { pages: [page], pageParams: [1] },
    updatedAt === undefined ? undefined : { updatedAt },
  );
}

/** The predictions of the pages loaded so far, once each (a vote may move one across a page boundary between reads). */
export function itemsOf(data: InfiniteData<MarketPage, unknown> | undefined): Market[] {
  if (!data) return [];
  if (data.pages.length === 1) return data.pages[0]?.items ?? [];
  const seen = new Set<string>();
  const items: Market[] = [];
  for (const page of data.pages) {
    for (const market of page.items) {
      if (seen.has(market.id)) continue;
      seen.add(market.id);
      items.push(market);
    }
  }
  return items;
}

/** A fresher copy of one prediction into every loaded page that holds it; the other pages keep their identity. */
export function patchMarketInPages(client: QueryClient, market: Market): void {
  client.setQueriesData<InfiniteData<MarketPage, number>>({ queryKey: marketKeys.pages }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const index = page.items.findIndex((item) => item.id === market.id);
      if (index === -1) return page;
      changed = true;
      const items = page.items.slice();
      items[index] = market;
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** The prediction if a loaded page holds it (the detail opens with it at once). */
export function findInPages(client: QueryClient, id: string): { market: Market; updatedAt: number } | undefined {
  for (const [key, data] of client.getQueriesData<InfiniteData<MarketPage, number>>({ queryKey: marketKeys.pages })) {
    const market = data?.pages.flatMap((page) => page.items).find((item) => item.id === id);
    if (market) return { market, updatedAt: client.getQueryState(key)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}
