import { describe, expect, it } from 'vitest';
import type { Market } from '../../../../shared/market.js';
import type { MarketPage } from '../../../../shared/market-list.js';
import { nextChainPage, NO_CHAIN_PAGES, withChainError, withChainMarket, withChainPage } from './chain-pages.js';

const market = (id: string): Market => ({
  id,
  title: `Question ${id} ?`,
  description: '',
  category: 'economie',
  endDate: '2030-01-01T00:00:00.000Z',
  yesVotes: 0,
  noVotes: 0,
  totalVotes: 0,
  yesPercentage: 0,
  noPercentage: 0,
  trending: false,
  resolved: false,
  outcome: null,
});

/** Page `page` of a list of `total`, four a page, its items named from `first`. */
const pageOf = (page: number, total: number, ids: readonly string[]): MarketPage => ({
  items: ids.map(market),
  total,
  page,
  pageCount: Math.max(1, Math.ceil(total / 4)),
  pageSize: 4,
});
const none = () => false;

describe('the vote chain’s pages', () => {
  it('asks for page 1, then the page after what was read while nothing was voted', () => {
    expect(nextChainPage(NO_CHAIN_PAGES, none, 4)).toBe(1);
    const one = withChainPage(NO_CHAIN_PAGES, pageOf(1, 10, ['a', 'b', 'c', 'd']));
    expect([one.order, one.after, one.done]).toEqual([['a', 'b', 'c', 'd'], 6, false]);
    expect(nextChainPage(one, none, 4)).toBe(2);
  });

  it('after votes on what was read, asks for the page the first unread prediction moved up to', () => {
    const two = withChainPage(
      withChainPage(NO_CHAIN_PAGES, pageOf(1, 12, ['a', 'b', 'c', 'd'])),
      pageOf(2, 12, ['e', 'f', 'g', 'h']),
    );
    // 8 read, 5 voted since: the first unread one (9th) is now 4th, on page 1.
    const voted = new Set(['a', 'b', 'c', 'd', 'e']);
    expect(nextChainPage(two, (id) => voted.has(id), 4)).toBe(1);
    // That page holds what was read and the next ones: kept once each, in order.
    const three = withChainPage(two, pageOf(1, 7, ['f', 'g', 'h', 'i']));
    expect([three.order, three.after, three.done]).toEqual([['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 3, false]);
  });

  it('steps over a page that brought nothing new, and stops after the last page', () => {
    const one = withChainPage(NO_CHAIN_PAGES, pageOf(1, 9, ['a', 'b', 'c', 'd']));
    const again = withChainPage(one, pageOf(1, 9, ['a', 'b', 'c', 'd']));
    expect([again.bump, nextChainPage(again, none, 4)]).toEqual([1, 3]);
    const last = withChainPage(again, pageOf(3, 9, ['i']));
    expect([last.done, last.after, nextChainPage(last, none, 4)]).toEqual([true, 0, null]);
  });

  it('a page past the last one asks for the one before; another failure waits for a retry', () => {
    const one = withChainPage(NO_CHAIN_PAGES, pageOf(1, 12, ['a', 'b', 'c', 'd']));
    const past = withChainError(one, 2, new Error('400'), 400);
    expect([past.pageCount, past.error, nextChainPage(past, none, 4)]).toEqual([1, null, null]);
    const offline = withChainError(one, 2, new Error('réseau'), 0);
    expect(offline.error).toEqual(new Error('réseau'));
  });

  it('takes a live copy of a prediction read, and only of those', () => {
    const one = withChainPage(NO_CHAIN_PAGES, pageOf(1, 1, ['a']));
    const resolved = { ...market('a'), resolved: true, outcome: 'yes' as const };
    expect(withChainMarket(one, resolved).markets.get('a')).toEqual(resolved);
    expect(withChainMarket(one, market('z'))).toBe(one);
  });
});
