import type { Market, VoteType } from './market.js';

/** Lower-case and strip accents, so "saint-benoit" finds "Saint-Benoît". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export type VoteFilter = 'all' | 'voted' | 'not-voted';
export const VOTE_FILTERS: readonly VoteFilter[] = ['all', 'voted', 'not-voted'];

export interface MarketFilters {
  search: string;
  category: string;
  voteFilter: VoteFilter;
}

/** Search (title or description), category and vote filters, combined. */
export function filterMarkets(
  markets: readonly Market[],
  filters: MarketFilters,
  userVotes: ReadonlyMap<string, VoteType>,
): Market[] {
  const needle = normalizeForSearch(filters.search);
  return markets.filter((market) => {
    if (needle !== '') {
      const haystack = normalizeForSearch(`${market.title}\n${market.description}`);
      if (!haystack.includes(needle)) return false;
    }
    if (filters.category !== 'all' && market.category !== filters.category) return false;
    if (filters.voteFilter === 'voted' && !userVotes.has(market.id)) return false;
    if (filters.voteFilter === 'not-voted' && userVotes.has(market.id)) return false;
    return true;
  });
}
