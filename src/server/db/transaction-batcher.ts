import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';
import type { DB } from './schema.js';
import type { SqliteDatabase } from './sqlite-driver.js';
import type { WriterBatchKind } from './sqlite-writer.js';

export type Work<T> = (trx: Transaction<DB>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/** The client of a PostgreSQL transaction the batcher opened (BEGIN sent). */
export type PgQueryClient = Pick<pg.PoolClient, 'query'>;

/**
 * Work that is applied a whole batch at a time, in one go, with no savepoint: `apply` must give every input
 * its own outcome (a refusal is an outcome, not an error) and must not throw for one input; if it throws,
 * the whole transaction rolls back and none of its inputs is acknowledged. `committed` runs once per
 * committed batch, before any of its answers is released (it must not throw; it is not awaited).
 */
export interface BatchHandler<I, O, R = unknown> {
  /** Inside the SQLite transaction of the group commit (other jobs of the same turn share it). */
  sqlite(sqlite: SqliteDatabase, inputs: readonly I[]): Promise<O[]>;
  /** Inside a PostgreSQL transaction the batcher opened on a pooled client (BEGIN already sent). */
  postgres(client: pg.PoolClient, inputs: readonly I[]): Promise<O[]>;
  /**
   * On a SQLite file, the batch is applied instead by the writer thread (its own transaction, one per batch), which
   * runs the same function as `sqlite` under `kind`, with the `rules` taken when the batch leaves (inputs, rules and
   * outcomes are copied across the thread).
   */
  writerThread?: { kind: WriterBatchKind; rules(): R };
  committed?(outcomes: readonly O[]): void;
}

interface BatchEntry {
  input: unknown;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

interface PgBatchQueue {
  entries: BatchEntry[];
  inFlight: number;
  scheduled: boolean;
}

/** PostgreSQL batches of one kind in flight at once per instance: one fills while the other commits. */
const PG_BATCHES_IN_FLIGHT = 2;
/**
 * Errors of the data itself (integrity, data exceptions, a trigger raising): when a PostgreSQL batch fails
 * with one, its inputs are applied again one per transaction, so one bad vote does not refuse the others.
 * Lock and statement timeouts, lost connections and the like fail the whole batch: repeating them vote by
 * vote would only multiply the wait.
 */
const SPLITTABLE_PG_CLASSES = new Set(['22', '23', 'P0']);

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

/** Told of every committed transaction: how many jobs it held and how long it took, begin to commit (ms). */
export type CommitObserver = (jobs: number, ms: number) => void;

/**
 * Runs write transactions. On SQLite every job queued during one event-loop turn is committed in a
 * single transaction (group commit): one fsync for many votes, each `run` job isolated by a savepoint,
 * each `runBatched` handler applied once to all its inputs of the turn, and no job is resolved before
 * the commit is on disk. On PostgreSQL each `run` job gets its own transaction, the inputs of a batch
 * handler share one (docs/decisions/025-vote-batching.md); both are retried on serialization failures
 * and deadlocks.
 */
export class TransactionBatcher {
  private queue: Job[] = [];
  private batched = new Map<BatchHandler<unknown, unknown>, BatchEntry[]>();
  private readonly pgQueues = new Map<BatchHandler<unknown, unknown>, PgBatchQueue>();
  private scheduled = false;
  /** A SQLite flush is under way: the next one waits for it (so the file's two writers never wait on each other). */
  private flushing = false;
  private committed = 0;

  constructor(
    private readonly database: Database,
    private readonly onCommit: CommitObserver = () => {},
  ) {
    database.writer?.start();
  }

  /** Transactions committed so far: a rise proves the database took a write (the SQLite readiness probe). */
  get commits(): number {
    return this.committed;
  }

  run<T>(work: Work<T>): Promise<T> {
    if (this.database.dialect === 'postgres') return this.runAlone(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: (value) => resolve(value as T), reject });
      this.schedule();
    });
  }

  /**
   * Queues one input of a batch handler. On SQLite it joins the group commit of this event-loop turn; on
   * PostgreSQL the inputs queued while a batch is being committed form the next batch (one transaction).
   */
  runBatched<I, O>(handler: BatchHandler<I, O>, input: I): Promise<O> {
    const key = handler as BatchHandler<unknown, unknown>;
    return new Promise<O>((resolve, reject) => {
      const entry: BatchEntry = { input, resolve: (value) => resolve(value as O), reject };
      if (this.database.dialect === 'postgres') {
        let queue = this.pgQueues.get(key);
        if (!queue) {
          queue = { entries: [], inFlight: 0, scheduled: false };
          this.pgQueues.set(key, queue);
        }
        queue.entries.push(entry);
        this.schedulePg(key, queue);
        return;
      }
      let entries = this.batched.get(key);
      if (!entries) {
        entries = [];
        this.batched.set(key, entries);
      }
      entries.push(entry);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private schedulePg(handler: BatchHandler<unknown, unknown>, queue: PgBatchQueue): void {
    if (queue.scheduled || queue.inFlight >= PG_BATCHES_IN_FLIGHT || queue.entries.length === 0) return;
    queue.scheduled = true;
    setImmediate(() => {
      queue.scheduled = false;
      if (queue.inFlight >= PG_BATCHES_IN_FLIGHT || queue.entries.length === 0) return;
      const entries = queue.entries;
      queue.entries = [];
      queue.inFlight++;
      void this.flushPg(handler, entries).finally(() => {
        queue.inFlight--;
        this.schedulePg(handler, queue);
      });
    });
  }

  private async flushPg(handler: BatchHandler<unknown, unknown>, entries: BatchEntry[]): Promise<void> {
    let outcomes: unknown[];
    try {
      outcomes = await this.commitPg(handler, entries);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (entries.length > 1 && code && SPLITTABLE_PG_CLASSES.has(code.slice(0, 2))) {
        await Promise.all(entries.map((entry) => this.flushPg(handler, [entry])));
        return;
      }
      for (const entry of entries) entry.reject(error);
      return;
    }
    settleBatch(handler, entries, outcomes);
  }

  /** One transaction for the whole batch, retried on serialization failures and deadlocks. */
  private async commitPg(handler: BatchHandler<unknown, unknown>, entries: BatchEntry[]): Promise<unknown[]> {
    const pool = this.database.pool;
    if (!pool) throw new Error('PostgreSQL pool expected');
    const inputs = entries.map((entry) => entry.input);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        try {
          const outcomes = await handler.postgres(client, inputs);
          await client.query('commit');
          this.recordCommit(entries.length, started);
          return outcomes;
        } catch (error) {
          await client.query('rollback').catch((rollbackError: unknown) => {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
          throw error;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || !code || !RETRYABLE_PG_CODES.has(code)) throw error;
      } finally {
        // A client whose rollback failed is in an unknown state: the pool discards it.
        client.release(broken);
      }
    }
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

  /**
   * One SQLite flush: the jobs of this thread (and the batch handlers without a writer thread) in one transaction
   * here, then each writer-thread batch in its own transaction there. Flushes never overlap: what arrives meanwhile
   * waits for the next one, which starts as soon as this one has committed (a larger group for the next fsync).
   */
  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    const batched = this.batched;
    this.queue = [];
    this.batched = new Map();
    if (batch.length === 0 && batched.size === 0) return;
    this.flushing = true;
    try {
      const writer = this.database.writer;
      const here = new Map<BatchHandler<unknown, unknown>, BatchEntry[]>();
      const threaded: [BatchHandler<unknown, unknown>, BatchEntry[]][] = [];
      for (const [handler, entries] of batched) {
        if (writer && handler.writerThread) threaded.push([handler, entries]);
        else here.set(handler, entries);
      }
      if (batch.length > 0 || here.size > 0) await this.flushHere(batch, here);
      for (const [handler, entries] of threaded) await this.flushOnWriter(handler, entries);
    } finally {
      this.flushing = false;
      if (this.queue.length > 0 || this.batched.size > 0) this.schedule();
    }
  }

  /** A batch applied and committed by the writer thread; its answers are released once the COMMIT returned. */
  private async flushOnWriter(handler: BatchHandler<unknown, unknown>, entries: BatchEntry[]): Promise<void> {
    const writer = this.database.writer;
    const thread = handler.writerThread;
    if (!writer || !thread) throw new Error('SQLite writer thread expected');
    const started = performance.now();
    let outcomes: unknown[];
    try {
      outcomes = await writer.apply(
        thread.kind,
        entries.map((entry) => entry.input),
        thread.rules(),
      );
    } catch (error) {
      for (const entry of entries) entry.reject(error);
      return;
    }
    this.recordCommit(entries.length, started);
    settleBatch(handler, entries, outcomes);
  }

  /** The group commit on this thread's connection: every `run` job isolated by a savepoint, then the batches. */
  private async flushHere(batch: Job[], batched: Map<BatchHandler<unknown, unknown>, BatchEntry[]>): Promise<void> {
    const sqlite = this.database.sqlite;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    const batchOutcomes: unknown[][] = [];
    const jobs = batch.length + [...batched.values()].reduce((sum, entries) => sum + entries.length, 0);
    // What failed inside the transaction: SQLite rolls the whole transaction back by itself on some errors
    // (SQLITE_FULL), and the ROLLBACK that follows then fails with a message that would hide the cause.
    let cause: unknown;
    try {
      const started = performance.now();
      await this.database.db.transaction().execute(async (trx) => {
        try {
          for (const job of batch) outcomes.push(await runIsolated(trx, job.work));
          for (const [handler, entries] of batched) {
            if (!sqlite) throw new Error('SQLite handle expected');
            batchOutcomes.push(
              await handler.sqlite(
                sqlite,
                entries.map((entry) => entry.input),
              ),
            );
          }
        } catch (error) {
          cause = error;
          throw error;
        }
      });
      this.recordCommit(jobs, started);
    } catch (error) {
      const reason = cause ?? error;
      for (const job of batch) job.reject(reason);
      for (const entries of batched.values()) for (const entry of entries) entry.reject(reason);
      return;
    }
    [...batched].forEach(([handler, entries], index) => settleBatch(handler, entries, batchOutcomes[index] ?? []));
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

/** Tells the handler its batch committed, then releases every answer (an input left without outcome is an error). */
function settleBatch(
  handler: BatchHandler<unknown, unknown>,
  entries: readonly BatchEntry[],
  outcomes: readonly unknown[],
): void {
  handler.committed?.(outcomes);
  entries.forEach((entry, index) => {
    if (index < outcomes.length) entry.resolve(outcomes[index]);
    else entry.reject(new Error('the batch gave no outcome for this input'));
  });
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
