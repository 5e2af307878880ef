import { queryKeyOf } from '../../../../shared/api/caller.js';
import type { HistoryRange } from '../../../../shared/history.js';

/** Cache keys of the visitor's predictions, built from the endpoints they read. */
export const marketKeys = {
  /** The whole list; also the start of every page set's key, so invalidating it refreshes the pages too. */
  list: queryKeyOf('listMarkets'),
  /** Every cached page set of the list starts with this key: live updates patch them all. */
  pages: [...queryKeyOf('listMarkets'), 'pages'],
  detail: (id: string) => queryKeyOf('getMarket', { params: { id } }),
  /** Every prediction's detail. */
  details: queryKeyOf('getMarket'),
  history: (id: string, range: HistoryRange) => queryKeyOf('getMarketHistory', { params: { id }, query: { range } }),
  /** Every prediction's history, whatever its range. */
  histories: queryKeyOf('getMarketHistory'),
  /** The device's own votes (its identity is read when the query runs, not part of the key). */
  userVotes: queryKeyOf('listVotes'),
};
