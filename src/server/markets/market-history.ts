import type { Kysely } from 'kysely';
import type { HistoryRange } from '../../shared/history.js';
import type { MarketHistory } from '../../shared/api/markets.js';
import type { DB } from '../db/schema.js';
import { PastPointsCache } from '../history/past-points-cache.js';
import type { MarketCatalog } from './market-catalog.js';
import { marketVotesBeforeInstants } from '../history/history-repository.js';
import { firstVoteAt } from './market-repository.js';

/**
 * How a prediction's OUI share moved: the past points (kept per step, see PastPointsCache; read from the
 * per-hour and per-minute counts, so a read costs the number of points, not of votes), then the live counts
 * of the list cache, so the curve always ends on the figure the page shows.
 */
export class MarketHistoryService {
  private readonly past = new PastPointsCache<MarketHistory['points'][number]>();

  constructor(private readonly deps: { db: Kysely<DB>; catalog: MarketCatalog; clock: () => Date }) {}

  /** Undefined when there is no such prediction. */
  async get(marketId: string, range: HistoryRange): Promise<MarketHistory | undefined> {
    const market = (await this.deps.catalog.get()).find(marketId);
    if (!market) return undefined;
    const now = this.deps.clock();
    const { db } = this.deps;
    const past = await this.past.get(marketId, range, now.getTime(), {
      firstVote: async () => {
        const first = await firstVoteAt(db, marketId);
        return first === null ? null : Date.parse(first);
      },
      points: async (instants) => {
        const counts = await marketVotesBeforeInstants(db, marketId, instants);
        return counts.map((count, index) => ({ at: instants[index]!, ...count }));
      },
    });
    return {
      marketId,
      range,
      points: [...past, { at: now.toISOString(), yesVotes: market.yesVotes, noVotes: market.noVotes }],
    };
  }

  invalidate(marketId: string): void {
    this.past.invalidate(marketId);
  }
}
