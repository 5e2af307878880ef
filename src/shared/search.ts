import { findCategory } from './categories.js';
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

export interface MarketFilters {
  search: string;
  category: string;
  voteFilter: VoteFilter;
}

/**
 * The text a search looks into: title, description and the category's name. The name is included so
 * that "Rechercher par catégorie", which runs a search with that name, finds every prediction of it
 * (docs/decisions/008-search-matches-category-name.md).
 */
export function searchableText(market: Pick<Market, 'title' | 'description' | 'category'>): string {
  const categoryName = findCategory(market.category)?.name ?? '';
  return normalizeForSearch(`${market.title}\n${market.description}\n${categoryName}`);
}

/** Search (title, description or category name), category and vote filters, combined. */
export function filterMarkets(
  markets: readonly Market[],
  filters: MarketFilters,
  userVotes: ReadonlyMap<string, VoteType>,
): Market[] {
  const needle = normalizeForSearch(filters.search);
  return markets.filter((market) => {
    if (needle !== '') {
      if (!searchableText(market).includes(needle)) return false;
    }
    if (filters.category !== 'all' && market.category !== filters.category) return false;
    if (filters.voteFilter === 'voted' && !userVotes.has(market.id)) return false;
    if (filters.voteFilter === 'not-voted' && userVotes.has(market.id)) return false;
    return true;
  });
}
