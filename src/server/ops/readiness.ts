import { READINESS_MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/database.js';
import { servedTablesPresent, SqliteWriteProbe } from '../db/probes.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import { isTableMissing } from '../http/error-handler.js';

export type Readiness = { ready: true } | { ready: false; error: string };

/** Pause between two tries at the SQLite write lock: our own batches hold it for a few ms at a time. */
const SQLITE_RETRY_MS = 20;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Whether this instance can serve votes now, answered within `timeoutMs` (`GET /api/health/ready`, polled
 * by the load balancer). Concurrent checks share the one in flight, so a busy prober adds no load.
 *
 * - PostgreSQL: a read through the pool within the deadline, and the change bus's LISTEN connection up
 *   (without it this instance's stream would miss the other instances' votes).
 * - Both: the tables votes, lists and histories read must exist. A database dropped and recreated empty
 *   answers `select 1` happily while every real request fails: that instance is not ready.
 * - SQLite: a vote needs the write lock, which readers never wait for, so `select 1` would pass while
 *   another process holds it. The probe takes and releases the lock (BEGIN IMMEDIATE; ROLLBACK) on a
 *   connection of its own that never waits (busy_timeout 0, so the event loop is never blocked), retried
 *   until the deadline; one success, or one batch of ours committed meanwhile, proves writes go through.
 */
export class ReadinessCheck {
  private inFlight: Promise<Readiness> | null = null;
  private readonly writeProbe: SqliteWriteProbe;

  constructor(private readonly deps: { database: Database; bus: ChangeBus; batcher: TransactionBatcher; timeoutMs: number }) {
    this.writeProbe = new SqliteWriteProbe(deps.database);
  }

  check(): Promise<Readiness> {
    this.inFlight ??= this.run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  close(): void {
    this.writeProbe.close();
  }

  private async run(): Promise<Readiness> {
    const { database } = this.deps;
    if (database.dialect === 'sqlite' && !(await this.sqliteTakesWrites())) {
      return { ready: false, error: READINESS_MESSAGES.database };
    }
    // On PostgreSQL this read is also the proof that the pool answers within the deadline.
    const tables = await this.withinDeadline(servedTablesPresent(database));
    if (tables !== 'ok') return { ready: false, error: this.schemaOrDatabase(tables) };
    if (!this.deps.bus.connected) return { ready: false, error: READINESS_MESSAGES.changeBus };
    return { ready: true };
  }

  /** The probe's error said a table is missing, or the database could not be read at all. */
  private schemaOrDatabase(outcome: unknown): string {
    return isTableMissing(outcome) ? READINESS_MESSAGES.schema : READINESS_MESSAGES.database;
  }

  /** 'ok', 'late' past the deadline, or the error the query failed with. */
  private async withinDeadline(query: Promise<void>): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((done) => {
      timer = setTimeout(() => done('late'), this.deps.timeoutMs);
    });
    const outcome = query.then(
      () => 'ok' as const,
      (error: unknown) => error ?? new Error('unknown'),
    );
    try {
      return await Promise.race([outcome, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async sqliteTakesWrites(): Promise<boolean> {
    const started = performance.now();
    const commitsBefore = this.deps.batcher.commits;
    for (;;) {
      if (this.writeProbe.tryWriteLock()) return true;
      if (this.deps.batcher.commits > commitsBefore) return true;
      if (performance.now() - started + SQLITE_RETRY_MS > this.deps.timeoutMs) return false;
      await sleep(SQLITE_RETRY_MS);
    }
  }
}
