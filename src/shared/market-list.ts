import type { z } from 'zod';
import type { marketPageSchema } from './api/markets.js';
import type { Market } from './market.js';
import type { StatusFilter, VoteFilter } from './search.js';

/**
 * One page of the prediction list (`GET /api/markets?page=n`, docs/decisions/043-catalogue-in-pages.md): the
 * list's own order, filtered on the server, `pageSize` at a time, with how many predictions match in all.
 */
export type MarketPage = z.output<typeof marketPageSchema>;

/** `GET /api/markets` without `page` answers the whole list (an array); this reads it as such. */
export function wholeList(answer: Market[] | MarketPage): Market[] {
  return Array.isArray(answer) ? answer : answer.items;
}

/**
 * Predictions per page: a whole number of rows at one, two and four columns, and the whole demo catalogue (40)
 * in one page, so its search stays in the browser.
 */
export const MARKET_PAGE_SIZE = 48;

/** Pages in a result of `total` predictions (one empty page when nothing matches). */
export function pageCountOf(total: number, pageSize: number = MARKET_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The order of a list: `list` is the home's (trending, open, most votes), `ending` the vote chain's (trending, then
 * the soonest end, then id: voteQueue in src/shared/vote-queue.ts).
 */
export type ListOrder = 'list' | 'ending';

/**
 * What a page request asks the server for: the home's search box, category chip and « Mes votes » filter; the vote
 * chain's and the track record's state filter and order (`all` and `list` when left out).
 */
export interface MarketListQuery {
  page: number;
  search: string;
  category: string;
  voteFilter: VoteFilter;
  status?: StatusFilter;
  order?: ListOrder;
}
