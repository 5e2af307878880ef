import { ADMIN_ACTIVITY_PAGE_SIZE, type AdminActivity } from '../../shared/admin-activity.js';
import { pageCountOf } from '../../shared/market-list.js';
import { pageOutOfRangeMessage } from '../../shared/messages.js';
import { HttpError } from '../http/http-error.js';
import { reunionDay } from '../../shared/reunion-day.js';
import type { Database } from '../db/database.js';
import type { DailyFigures } from '../protection/daily-figures.js';
import { countRecentVotes } from '../markets/market-repository.js';
import { listDailyFigures } from '../protection/protection-repository.js';

/** The admin screen's live figures: recent votes per prediction and today's refusals by reason. */
export async function readActivity(deps: {
  database: Database;
  figures: DailyFigures;
  now: Date;
  page: number;
}): Promise<AdminActivity> {
  const { database, figures, now, page } = deps;
  // This instance's pending refusals first; other instances write theirs every two seconds.
  await figures.flush();
  const day = reunionDay(now);
  const [markets, daily] = await Promise.all([countRecentVotes(database.db, now), listDailyFigures(database.db, day)]);
  const today = (metric: string) => daily.find((row) => row.day === day && row.metric === metric)?.value ?? 0;
  const pageCount = pageCountOf(markets.length, ADMIN_ACTIVITY_PAGE_SIZE);
  if (page > pageCount) throw new HttpError(400, pageOutOfRangeMessage(pageCount));
  return {
    markets: markets.slice((page - 1) * ADMIN_ACTIVITY_PAGE_SIZE, page * ADMIN_ACTIVITY_PAGE_SIZE),
    total: markets.length,
    page,
    pageCount,
    refused: {
      day,
      replays: today('refusedReplays'),
      rateLimited: today('refusedRateLimited'),
      proof: today('refusedProof'),
    },
    generatedAt: now.toISOString(),
  };
}
