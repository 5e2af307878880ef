import type { Kysely } from 'kysely';
import type { AdminActivity, MarketActivity } from '../../shared/admin-activity.js';
import { reunionDay } from '../../shared/reunion-day.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { DailyFigures } from '../protection/daily-figures.js';
import { listDailyFigures } from '../protection/protection-repository.js';

const FIVE_MINUTES_MS = 5 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

/**
 * Every prediction with the votes cast (or switched side) in the last 5 and 60 minutes, busiest first.
 * Read from the vote rows, so the figures are the same whichever instance answers.
 */
export async function countRecentVotes(db: Kysely<DB>, now: Date): Promise<MarketActivity[]> {
  const fiveMinutesAgo = new Date(now.getTime() - FIVE_MINUTES_MS).toISOString();
  const hourAgo = new Date(now.getTime() - ONE_HOUR_MS).toISOString();
  const recent = await db
    .selectFrom('votes')
    .select((eb) => [
      'market_id',
      eb.fn.countAll<number | string>().as('last_hour'),
      eb.fn.sum<number | string | null>(eb.case().when('updated_at', '>=', fiveMinutesAgo).then(1).else(0).end()).as('last_5'),
    ])
    .where('updated_at', '>=', hourAgo)
    .groupBy('market_id')
    .execute();
  const byMarket = new Map(recent.map((row) => [row.market_id, row]));
  const markets = await db.selectFrom('markets').select(['id', 'title']).execute();
  return markets
    .map((market) => {
      const row = byMarket.get(market.id);
      return {
        id: market.id,
        title: market.title,
        votesLast5Minutes: Number(row?.last_5 ?? 0),
        votesLastHour: Number(row?.last_hour ?? 0),
      };
    })
    .sort(
      (a, b) =>
        b.votesLast5Minutes - a.votesLast5Minutes || b.votesLastHour - a.votesLastHour || a.title.localeCompare(b.title, 'fr'),
    );
}

/** The admin screen's live figures: recent votes per prediction and today's refusals by reason. */
export async function readActivity(deps: { database: Database; figures: DailyFigures; now: Date }): Promise<AdminActivity> {
  const { database, figures, now } = deps;
  // This instance's pending refusals first; other instances write theirs every two seconds.
  await figures.flush();
  const day = reunionDay(now);
  const [markets, daily] = await Promise.all([countRecentVotes(database.db, now), listDailyFigures(database.db, day)]);
  const today = (metric: string) => daily.find((row) => row.day === day && row.metric === metric)?.value ?? 0;
  return {
    markets,
    refused: {
      day,
      replays: today('refusedReplays'),
      rateLimited: today('refusedRateLimited'),
      proof: today('refusedProof'),
    },
    generatedAt: now.toISOString(),
  };
}
