import { daysBefore, REUNION_UTC_OFFSET_MS, reunionDay } from '../../shared/reunion-day.js';
import type { TransparencyDay, TransparencyReport } from '../../shared/vote-protection.js';
import { listBurstsSince } from '../bursts/burst-repository.js';
import type { Database } from '../db/database.js';
import { PAID_PREFIX, type DailyFigures, type DailyMetric } from './daily-figures.js';
import { expectedHashes } from './difficulty.js';
import { countParticipantsByDay, listDailyFigures } from './protection-repository.js';
import type { VoteProtection } from './vote-protection.js';

const DAYS = 30;

/** `GET /api/transparency`: public daily figures, aggregated, cached a few seconds per instance. */
export class TransparencyService {
  private cached: { report: TransparencyReport; atMs: number } | null = null;

  constructor(
    private readonly deps: {
      database: Database;
      figures: DailyFigures;
      protection: VoteProtection;
      clock: () => Date;
      cacheMs: number;
    },
  ) {}

  async report(): Promise<TransparencyReport> {
    const now = this.deps.clock();
    if (this.cached && now.getTime() - this.cached.atMs < this.deps.cacheMs) return this.cached.report;
    const report = await this.build(now);
    this.cached = { report, atMs: now.getTime() };
    return report;
  }

  private async build(now: Date): Promise<TransparencyReport> {
    const { database, figures, protection } = this.deps;
    // This instance's latest counts first, so the page is exact right after a vote.
    await figures.flush();
    const today = reunionDay(now);
    const firstDay = daysBefore(today, DAYS - 1);
    // Midnight of the first day in La Réunion, as the UTC instant the vote rows are stamped with.
    const since = new Date(Date.parse(`${firstDay}T00:00:00Z`) - REUNION_UTC_OFFSET_MS).toISOString();
    const [rows, participants, bursts] = await Promise.all([
      listDailyFigures(database.db, firstDay),
      countParticipantsByDay(database.db, database.dialect, since),
      listBurstsSince(database.db, since),
    ]);
    const days = new Map<string, TransparencyDay>();
    const dayOf = (day: string): TransparencyDay => {
      let entry = days.get(day);
      if (!entry) {
        entry = {
          day,
          votesAccepted: 0,
          participants: 0,
          identitiesIssued: 0,
          refusedReplays: 0,
          refusedRateLimited: 0,
          refusedProof: 0,
          burstsDetected: 0,
          votesExcluded: 0,
        };
        days.set(day, entry);
      }
      return entry;
    };
    dayOf(today);
    const paidToday = new Map<number, number>();
    for (const row of rows) {
      if (row.metric.startsWith(PAID_PREFIX)) {
        if (row.day === today) paidToday.set(Number(row.metric.slice(PAID_PREFIX.length)), row.value);
        continue;
      }
      const metric = row.metric as DailyMetric;
      if (row.day <= today && metric in dayOf(row.day)) dayOf(row.day)[metric] = row.value;
    }
    for (const row of participants) {
      if (row.day >= firstDay && row.day <= today) dayOf(row.day).participants = row.participants;
    }
    for (const burst of bursts) {
      const day = reunionDay(Date.parse(burst.first_vote_at));
      if (day > today) continue;
      dayOf(day).burstsDetected += 1;
      if (burst.status === 'excluded') dayOf(day).votesExcluded += burst.votes;
    }
    const enabled = protection.enabled;
    return {
      protection: enabled ? 'on' : 'off',
      difficulty: enabled
        ? {
            normal: expectedHashes(protection.normalMaxNumber),
            typical: expectedHashes(protection.normalMaxNumber * 2 ** medianDoublings(paidToday)),
          }
        : { normal: 0, typical: 0 },
      days: [...days.values()].sort((a, b) => (a.day < b.day ? 1 : -1)),
      generatedAt: now.toISOString(),
    };
  }
}

/**
 * The price most votes of the day paid, as doublings above the normal price: the median of the accepted votes
 * counted by price (0 when none was accepted yet). Never the highest price asked of anyone: a sender who asks and
 * pays more only moves its own votes.
 */
function medianDoublings(paidCounts: ReadonlyMap<number, number>): number {
  const total = [...paidCounts.values()].reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (const doublings of [...paidCounts.keys()].sort((a, b) => a - b)) {
    seen += paidCounts.get(doublings) ?? 0;
    if (seen * 2 >= total && total > 0) return doublings;
  }
  return 0;
}
