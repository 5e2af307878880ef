import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

export type Work<T> = (trx: Transaction<DB>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

/** Told of every committed transaction: how many jobs it held and how long it took, begin to commit (ms). */
export type CommitObserver = (jobs: number, ms: number) => void;

/**
 * Runs write transactions. On SQLite every job queued during one event-loop turn is committed in a
 * single transaction (group commit): one fsync for many votes, each job isolated by a savepoint, and
 * no job is resolved before the commit is on disk. On PostgreSQL each job gets its own transaction
 * (the server groups commits itself) and is retried on serialization failures and deadlocks.
 */
export class TransactionBatcher {
  private queue: Job[] = [];
  private scheduled = false;
  private committed = 0;

  constructor(
    private readonly database: Database,
    private readonly onCommit: CommitObserver = () => {},
  ) {}

  /** Transactions committed so far: a rise proves the database took a write (the SQLite readiness probe). */
  get commits(): number {
    return this.committed;
  }

  run<T>(work: Work<T>): Promise<T> {
    if (this.database.dialect === 'postgres') return this.runAlone(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: (value) => resolve(value as T), reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async runAlone<T>(work: Work<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const started = performance.now();
        const value = await this.database.db.transaction().execute(work);
        this.recordCommit(1, started);
        return value;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || !code || !RETRYABLE_PG_CODES.has(code)) throw error;
      }
    }
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      const started = performance.now();
      await this.database.db.transaction().execute(async (trx) => {
        for (const job of batch) outcomes.push(await runIsolated(trx, job.work));
      });
      this.recordCommit(batch.length, started);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) job.resolve(outcome.value);
      else job.reject(outcome?.value);
    });
  }

  private recordCommit(jobs: number, started: number): void {
    this.committed++;
    this.onCommit(jobs, performance.now() - started);
  }
}

async function runIsolated(trx: Kysely<DB>, work: Work<unknown>): Promise<{ ok: boolean; value: unknown }> {
  await sql`savepoint job`.execute(trx);
  try {
    const value = await work(trx as Transaction<DB>);
    await sql`release savepoint job`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to savepoint job`.execute(trx);
    await sql`release savepoint job`.execute(trx);
    return { ok: false, value: error };
  }
}
