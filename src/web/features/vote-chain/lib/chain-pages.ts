import type { Market } from '../../../../shared/market.js';
import type { MarketPage } from '../../../../shared/market-list.js';

/**
 * What « Voter à la chaîne » has read of its list: the open predictions this device had not voted on, in the chain's
 * order, a page at a time (`status=open&sort=ending&votes=not-voted`, docs/decisions/043-catalogue-in-pages.md,
 * amended), never the whole catalogue.
 */
export interface ChainPages {
  /** Every prediction received, its latest copy. */
  markets: ReadonlyMap<string, Market>;
  /** Their ids in the order received, once each. */
  order: readonly string[];
  /** Predictions matching after the last page read: not loaded yet. */
  after: number;
  /** The last page read was the list's last: nothing more to ask. */
  done: boolean;
  /** Pages of the list at the last read (a request past it is not sent). */
  pageCount: number;
  /** Pages to step over: the last one read brought nothing new. */
  bump: number;
  /** Answers received (pages and failures): each lets the next read go, even to the same page number. */
  reads: number;
  error: unknown;
}

export const NO_CHAIN_PAGES: ChainPages = {
  markets: new Map(),
  order: [],
  after: 0,
  done: false,
  pageCount: Number.POSITIVE_INFINITY,
  bump: 0,
  reads: 0,
  error: null,
};

/**
 * The page that holds the first prediction not read yet, or null when there is none. The server's list leaves out
 * what this device has voted on since and what closed: `gone` counts them among those read, and the first unread
 * one has moved up by as many places. Counting too many (a vote kept without network, unknown to the server) only
 * reads a page again (what was read is kept once); too few could step over predictions, so `gone` is generous.
 */
export function nextChainPage(pages: ChainPages, gone: (id: string) => boolean, pageSize: number): number | null {
  if (pages.done) return null;
  let goneCount = 0;
  for (const id of pages.order) if (gone(id)) goneCount += 1;
  const page = Math.floor(Math.max(0, pages.order.length - goneCount) / pageSize) + 1 + pages.bump;
  return page > pages.pageCount ? null : page;
}

/** A page received: new predictions join the end, those already read take the fresher copy. */
export function withChainPage(pages: ChainPages, answer: MarketPage): ChainPages {
  const markets = new Map(pages.markets);
  const order = pages.order.slice();
  for (const market of answer.items) {
    if (!markets.has(market.id)) order.push(market.id);
    markets.set(market.id, market);
  }
  const added = order.length - pages.order.length;
  return {
    markets,
    order,
    after: Math.max(0, answer.total - ((answer.page - 1) * answer.pageSize + answer.items.length)),
    done: answer.page >= answer.pageCount,
    pageCount: answer.pageCount,
    bump: added === 0 ? pages.bump + 1 : 0,
    reads: pages.reads + 1,
    error: null,
  };
}

/**
 * A read that failed. A page past the last one (the list shrank since the last read) means the last page is before
 * it: the next read asks for that one.
 */
export function withChainError(pages: ChainPages, page: number, error: unknown, status: number | null): ChainPages {
  if (status === 400 && page > 1) return { ...pages, pageCount: page - 1, bump: 0, reads: pages.reads + 1 };
  return { ...pages, error, reads: pages.reads + 1 };
}

/** A fresher copy of a prediction already read (a live update); others are not added. */
export function withChainMarket(pages: ChainPages, market: Market): ChainPages {
  if (!pages.markets.has(market.id)) return pages;
  const markets = new Map(pages.markets);
  markets.set(market.id, market);
  return { ...pages, markets };
}
