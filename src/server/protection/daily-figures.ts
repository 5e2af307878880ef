import { reunionDay } from '../../shared/reunion-day.js';
import type { Work } from '../db/transaction-batcher.js';
import { addDailyFigures } from './protection-repository.js';

export const DAILY_METRICS = [
  'votesAccepted',
  'identitiesIssued',
  'refusedReplays',
  'refusedRateLimited',
  'refusedProof',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];
/** Accepted votes by the price they paid: `paid:<doublings above the normal price>`. */
export type PaidMetric = `paid:${number}`;
export const PAID_PREFIX = 'paid:';

const FLUSH_INTERVAL_MS = 2_000;

/**
 * The transparency page's daily counters. Counting is a map increment on the request's path; the sums are
 * added to the database every two seconds (and on shutdown) in one statement, so every instance's figures
 * end up in the same rows. A failed write keeps the sums for the next one.
 */
export class DailyFigures {
  private pending = new Map<string, { day: string; metric: DailyMetric | PaidMetric; value: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly runInTransaction: <T>(work: Work<T>) => Promise<T>,
    private readonly clock: () => Date,
  ) {}

  add(metric: DailyMetric, value = 1): void {
    this.addTo(reunionDay(this.clock()), metric, value);
  }

  /** One accepted vote that paid `doublings` doublings above the normal price. */
  addPaid(doublings: number): void {
    this.addTo(reunionDay(this.clock()), `${PAID_PREFIX}${doublings}`, 1);
  }

  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      this.flush().catch(onError);
    }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes what was counted so far; concurrent calls share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.runInTransaction((trx) => addDailyFigures(trx, batch))
      .catch((error: unknown) => {
        for (const entry of batch) this.addTo(entry.day, entry.metric, entry.value);
        throw error;
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private addTo(day: string, metric: DailyMetric | PaidMetric, value: number): void {
    const key = `${day}:${metric}`;
    const entry = this.pending.get(key);
    if (entry) entry.value += value;
    else this.pending.set(key, { day, metric, value });
  }
}
