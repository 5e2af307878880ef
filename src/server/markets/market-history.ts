import type { Kysely } from 'kysely';
import { historyInstants, type HistoryRange } from '../../shared/history.js';
import type { MarketHistory } from '../../shared/api/markets.js';
import type { DB } from '../db/schema.js';
import type { MarketCatalog } from './market-catalog.js';
import { firstVoteAt, votesBeforeInstants } from './market-repository.js';

interface CachedPast {
  /** The last past instant the points were read up to: a new step means new points. */
  lastInstant: number;
  /** The "all" range starts at the first vote. */
  firstVoteMs: number | null;
  readAt: number;
  points: MarketHistory['points'];
}

/**
 * How a prediction's OUI share moved. Past points lie on step boundaries, and votes only ever arrive
 * "now", so a new vote never changes them: they are read once per step and kept, and the live counts of the
 * list cache close the curve. What can change the past (a device erasing its votes, a vote changed, an
 * admin deleting the prediction) calls `invalidate` on this instance; another instance's erasure is picked
 * up within `maxAgeMs`.
 */
export class MarketHistoryService {
  private readonly past = new Map<string, CachedPast>();

  constructor(private readonly deps: { db: Kysely<DB>; catalog: MarketCatalog; clock: () => Date; maxAgeMs?: number }) {}

  /** Undefined when there is no such prediction. */
  async get(marketId: string, range: HistoryRange): Promise<MarketHistory | undefined> {
    const market = (await this.deps.catalog.get()).markets.find((candidate) => candidate.id === marketId);
    if (!market) return undefined;
    const now = this.deps.clock();
    const past = await this.pastPoints(marketId, range, now.getTime());
    return {
      marketId,
      range,
      points: [...past, { at: now.toISOString(), yesVotes: market.yesVotes, noVotes: market.noVotes }],
    };
  }

  invalidate(marketId: string): void {
    for (const key of this.past.keys()) if (key.startsWith(`${marketId}\u0000`)) this.past.delete(key);
  }

  private async pastPoints(marketId: string, range: HistoryRange, nowMs: number): Promise<MarketHistory['points']> {
    const key = `${marketId}\u0000${range}`;
    const cached = this.past.get(key);
    if (cached && nowMs - cached.readAt < (this.deps.maxAgeMs ?? 60_000)) {
      const instants = historyInstants(range, nowMs, cached.firstVoteMs);
      if (instants[instants.length - 1] === cached.lastInstant) return cached.points;
    }
    const first = range === 'all' ? await firstVoteAt(this.deps.db, marketId) : null;
    const firstVoteMs = first === null ? null : Date.parse(first);
    const instants = historyInstants(range, nowMs, firstVoteMs);
    const isoInstants = instants.map((at) => new Date(at).toISOString());
    const counts = await votesBeforeInstants(this.deps.db, marketId, isoInstants);
    const points = counts.map((count, index) => ({ at: isoInstants[index]!, ...count }));
    const lastInstant = instants[instants.length - 1];
    // Nothing voted yet ("all" has no instant): not kept, so the first votes show at once.
    if (lastInstant !== undefined) this.past.set(key, { lastInstant, firstVoteMs, readAt: nowMs, points });
    return points;
  }
}
