import { queryOptions } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../../../shared/constants.js';
import type { Market } from '../../../../shared/market.js';
import { wholeList } from '../../../../shared/market-list.js';
import { marketListErrorMessage } from '../../../../shared/messages.js';
import { ApiError, call, NetworkError } from '../../../lib/api-client.js';
import * as marketsCopy from '../../../copy/markets.js';
import { marketKeys } from './query-keys.js';

/** A read of the prediction list, its failures worded as the specification wraps them. */
export async function readMarketList<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NetworkError) {
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      throw new ApiError(marketsCopy.getMarketsErreurLorsDeLa(cause), 0);
    }
    if (error instanceof ApiError) throw new ApiError(marketListErrorMessage(error.status), error.status);
    throw error;
  }
}

export async function getMarkets(signal?: AbortSignal): Promise<Market[]> {
  return wholeList(await readMarketList(() => call('listMarkets', { signal })));
}

export const marketsQueryOptions = queryOptions({
  queryKey: marketKeys.list,
  queryFn: ({ signal }) => getMarkets(signal),
  staleTime: MARKET_CACHE_MS,
});
