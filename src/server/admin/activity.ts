import type { AdminActivity } from '../../shared/admin-activity.js';
import { reunionDay } from '../../shared/reunion-day.js';
import type { Database } from '../db/database.js';
import type { DailyFigures } from '../protection/daily-figures.js';
import { countRecentVotes } from '../markets/market-repository.js';
import { listDailyFigures } from '../protection/protection-repository.js';

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
