import { DAY_MS, RETENTION_DAYS } from '../../shared/constants.js';
import { purgeSignalsBefore } from '../bursts/burst-repository.js';
import type { Work } from '../db/transaction-batcher.js';
import { purgeExpiredRateLimits } from '../http/rate-limit-repository.js';
import { purgeExpiredProtectionRows } from '../protection/protection-repository.js';
import {
  listDevicesInactiveSince,
  listMarketEndDates,
  unlinkDevices,
  unlinkMunicipalVotesBefore,
  unlinkVotesOfMarkets,
} from './privacy-repository.js';

export interface RetentionOptions {
  /** Runs the job's writes in one transaction (the server passes its batcher, the command a plain transaction). */
  runInTransaction: <T>(work: Work<T>) => Promise<T>;
  now: Date;
  /** ISO 8601 close of the municipal vote; null while it is open (then only idle devices are unlinked). */
  municipalElectionEnd: string | null;
  retentionDays?: number;
}

export interface RetentionReport {
  /** Devices unused for the retention period, now forgotten (all their votes unlinked). */
  forgottenDevices: number;
  /** Prediction votes that lost their fingerprint in this run. */
  unlinkedVotes: number;
  /** Municipal votes that lost their fingerprint in this run. */
  unlinkedMunicipalVotes: number;
  /** Signals of the burst detection older than 30 days, deleted in this run. */
  purgedSignals: number;
}

/** How long the burst detection keeps what it learns of each vote (the privacy page says so). */
export const SIGNAL_RETENTION_DAYS = 30;

/**
 * Keeps the privacy page's promises; safe to run at any time, any number of times, on any instance.
 * 1. A device whose latest activity (a vote cast or changed, on a prediction or a commune) is older than
 *    the retention period is forgotten: every vote of it loses its fingerprint, also on predictions still
 *    open, so their counts stay as they are.
 * 2. One retention period after a prediction's end date, its votes lose their fingerprint.
 * 3. One retention period after the municipal vote closed (or after the vote itself, for a vote cast
 *    later), a municipal vote loses its fingerprint.
 * 4. The burst detection's signals older than 30 days are deleted.
 * Vote rows are never deleted here: results and history (market, side, time) stay right, counters untouched.
 */
export async function runRetention(options: RetentionOptions): Promise<RetentionReport> {
  const retentionMs = (options.retentionDays ?? RETENTION_DAYS) * DAY_MS;
  const cutoffMs = options.now.getTime() - retentionMs;
  const cutoff = new Date(cutoffMs).toISOString();
  return options.runInTransaction(async (trx) => {
    const inactive = await listDevicesInactiveSince(trx, cutoff);
    const forgotten = await unlinkDevices(trx, inactive);

    // End dates may carry any offset: compare instants, not text.
    const expiredMarkets = (await listMarketEndDates(trx))
      .filter((market) => Date.parse(market.endDate) < cutoffMs)
      .map((market) => market.id);
    const expiredVotes = await unlinkVotesOfMarkets(trx, expiredMarkets);

    const expiredMunicipal =
      options.municipalElectionEnd !== null && Date.parse(options.municipalElectionEnd) < cutoffMs
        ? await unlinkMunicipalVotesBefore(trx, cutoff)
        : 0;

    const purgedSignals = await purgeSignalsBefore(trx, options.now.getTime() - SIGNAL_RETENTION_DAYS * DAY_MS);

    return {
      forgottenDevices: inactive.length,
      unlinkedVotes: forgotten.votes + expiredVotes,
      unlinkedMunicipalVotes: forgotten.municipal + expiredMunicipal,
      purgedSignals,
    };
  });
}

/** A whole run of the daily job: the privacy promises, then the expired rows of the protection and the rate limits. */
export interface RetentionRun extends RetentionReport {
  /** Challenges past their expiry, deleted. */
  purgedChallenges: number;
  /** Budget counters of past days, deleted. */
  purgedCounters: number;
  /** Rate-limit counters whose window has ended, deleted. */
  purgedRateLimits: number;
}

/** The daily job: runRetention, then the two purges, each in its own transaction (they touch unrelated rows). */
export async function runRetentionJob(options: RetentionOptions): Promise<RetentionRun> {
  const report = await runRetention(options);
  const nowMs = options.now.getTime();
  const purged = await options.runInTransaction((trx) => purgeExpiredProtectionRows(trx, nowMs));
  const purgedRateLimits = await options.runInTransaction((trx) => purgeExpiredRateLimits(trx, nowMs));
  return { ...report, purgedChallenges: purged.challenges, purgedCounters: purged.counters, purgedRateLimits };
}

export interface RetentionSchedule {
  /** Cancels the next runs and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the job in-process: first a few minutes after start (so a restart loop still runs it), then daily.
 * The timers never keep the process alive; a failed run is reported and retried at the next tick.
 */
export function scheduleRetention<Report>(options: {
  run: () => Promise<Report>;
  onDone?: (report: Report) => void;
  onError?: (error: unknown) => void;
  firstRunMs?: number;
  intervalMs?: number;
}): RetentionSchedule {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = options
      .run()
      .then((report) => options.onDone?.(report))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, options.firstRunMs ?? 5 * 60_000);
  const daily = setInterval(tick, options.intervalMs ?? DAY_MS);
  first.unref();
  daily.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      if (running) await running;
    },
  };
}
