import { findCategory } from './categories.js';
import { isMarketOpen, type Market, type VoteType } from './market.js';

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

/**
 * The search rule, on a prediction's `searchableText` and a needle already passed through `normalizeForSearch`: a
 * substring. The browser (small catalogues) and the server (pages of large ones) both apply this one rule.
 */
export function matchesSearch(searchable: string, needle: string): boolean {
  return needle === '' || searchable.includes(needle);
}

/** The category chip: `all`, or one category's id. */
export function matchesCategory(market: Pick<Market, 'category'>, category: string): boolean {
  return category === 'all' || market.category === category;
}

/** « Mes votes »: the predictions the device voted on, or those it did not. */
export function matchesVoteFilter(id: string, voteFilter: VoteFilter, voted: { has(id: string): boolean }): boolean {
  if (voteFilter === 'voted') return voted.has(id);
  if (voteFilter === 'not-voted') return !voted.has(id);
  return true;
}

/** A list of the predictions still taking votes (« Voter à la chaîne »), or of those resolved (« Mon bilan »). */
export type StatusFilter = 'all' | 'open' | 'resolved';

/** `open`: not resolved and not ended at `now` (isMarketOpen); `resolved`: its outcome given. */
export function matchesStatus(market: Pick<Market, 'endDate' | 'resolved'>, status: StatusFilter, now: Date): boolean {
  if (status === 'open') return isMarketOpen(market, now);
  if (status === 'resolved') return market.resolved;
  return true;
}

/** Search (title, description or category name), category and vote filters, combined. */
export function filterMarkets(
  markets: readonly Market[],
  filters: MarketFilters,
  userVotes: ReadonlyMap<string, VoteType>,
): Market[] {
  const needle = normalizeForSearch(filters.search);
  return markets.filter((market) => {
    if (!matchesSearch(searchableText(market), needle)) return false;
    if (!matchesCategory(market, filters.category)) return false;
    return matchesVoteFilter(market.id, filters.voteFilter, userVotes);
  });
}
