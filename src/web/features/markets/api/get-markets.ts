import { queryOptions } from '@tanstack/react-query';
import { MARKET_CACHE_MS } from '../../../../shared/constants.js';
import type { Market } from '../../../../shared/market.js';
import { marketListErrorMessage } from '../../../../shared/messages.js';
import { ApiError } from '../../../lib/api-client.js';
import { noteAnswer } from '../../../lib/connection.js';

export async function getMarkets(signal?: AbortSignal): Promise<Market[]> {
  let response: Response;
  try {
    response = await fetch('/api/markets', { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      `Erreur lors de la récupération des marchés: ${error instanceof Error ? error.message : String(error)}`,
      0,
    );
  }
  if (!response.ok) throw new ApiError(marketListErrorMessage(response.status), response.status);
  const markets = (await response.json()) as Market[];
  noteAnswer('/api/markets', response);
  return markets;
}

export const marketsQueryOptions = queryOptions({
  queryKey: ['markets'] as const,
  queryFn: ({ signal }) => getMarkets(signal),
  staleTime: MARKET_CACHE_MS,
});
