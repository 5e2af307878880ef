import { infiniteQueryOptions } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../../../shared/constants.js';
import type { MarketPage } from '../../../../shared/market-list.js';
import { ApiError } from '../../../lib/api-client.js';
import { readStoredIdentity } from '../../../lib/identity-store.js';
import { emptyPage, readMarketPage, type PageQuery } from './get-market-pages.js';
import { marketKeys } from './query-keys.js';

/**
 * « Mon bilan »: the resolved predictions this device voted on, page after page (one page for most devices), read
 * from the server's filters instead of the whole list (docs/decisions/043-catalogue-in-pages.md, amended). Its key
 * starts with the pages' key: live updates patch it and a reconnection reads it again.
 */
export const trackRecordPagesOptions = infiniteQueryOptions({
  queryKey: [...marketKeys.pages, 'track-record'],
  queryFn: ({ pageParam, signal }): Promise<MarketPage> => {
    // A device without an identity has voted on nothing: nothing to ask.
    const fingerprint = readStoredIdentity();
    if (fingerprint === null) return Promise.resolve(emptyPage());
    return orOfflineCopy(pageParam, signal, () =>
      readMarketPage({ page: String(pageParam), status: 'resolved', votes: 'voted', fingerprint }, signal),
    );
  },
  initialPageParam: 1,
  getNextPageParam: (last: MarketPage) => (last.page < last.pageCount ? last.page + 1 : undefined),
  staleTime: MARKET_CACHE_MS,
});

/**
 * One page of « Voter à la chaîne »: the open predictions in the chain's order, without those this device voted on
 * (all of them while it has no identity, so it has voted on nothing).
 */
export async function readChainPage(page: number, signal: AbortSignal): Promise<MarketPage> {
  const fingerprint = readStoredIdentity();
  const query: PageQuery = { page: String(page), status: 'open', sort: 'ending' };
  if (fingerprint !== null) Object.assign(query, { votes: 'not-voted', fingerprint });
  return orOfflineCopy(page, signal, () => readMarketPage(query, signal));
}

/**
 * Without network: a page naming the device is never kept by the service worker, but the home's first page is
 * (decision 023). It stands in as the only page, as the whole list's copy did; the chain keeps its open predictions
 * the device has not voted on, the track record the resolved ones it voted on.
 */
async function orOfflineCopy(page: number, signal: AbortSignal, read: () => Promise<MarketPage>): Promise<MarketPage> {
  try {
    return await read();
  } catch (error) {
    if (page !== 1 || !(error instanceof ApiError) || error.status !== 0) throw error;
    const copy = await readMarketPage({ page: '1' }, signal).catch(() => {
      throw error;
    });
    return { ...copy, total: copy.items.length, page: 1, pageCount: 1 };
  }
}
