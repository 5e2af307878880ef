import type pg from 'pg';
import type { StalledReaderCounts } from '../realtime/stream-hub.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import { HttpError } from '../http/http-error.js';

/** Which vote a request was: a prediction's OUI/NON or a commune's candidate. */
export type VoteKind = 'market' | 'municipal';

/** Why a vote was refused, as a small fixed set of label values (never free text: one series each). */
export type RefusalReason =
  | 'invalid'
  | 'not_found'
  | 'ended'
  | 'already_voted'
  | 'identity_unknown'
  | 'proof_refused'
  | 'rate_limited'
  | 'unavailable'
  | 'error';

const REASON_OF_MESSAGE = new Map<string, RefusalReason>([
  [MESSAGES.marketNotFound, 'not_found'],
  [MESSAGES.communeNotFound, 'not_found'],
  [MESSAGES.candidateNotFound, 'not_found'],
  [MESSAGES.marketEnded, 'ended'],
  [MESSAGES.municipalVoteClosed, 'ended'],
  [MESSAGES.voteChangeForbidden, 'already_voted'],
  [MESSAGES.alreadyVoted, 'already_voted'],
  [PROTECTION_MESSAGES.identityUnknown, 'identity_unknown'],
  [PROTECTION_MESSAGES.proofMissing, 'proof_refused'],
  [PROTECTION_MESSAGES.proofInvalid, 'proof_refused'],
  [PROTECTION_MESSAGES.proofExpired, 'proof_refused'],
  [PROTECTION_MESSAGES.proofReplayed, 'proof_refused'],
  [PROTECTION_MESSAGES.proofMismatch, 'proof_refused'],
]);

/** The reason of a refused vote, from the error that refused it (if any) and the status answered. */
export function refusalReason(error: unknown, status: number): RefusalReason {
  if (error instanceof HttpError) {
    const known = REASON_OF_MESSAGE.get(error.message);
    if (known) return known;
  }
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'error';
  return 'invalid';
}

// Batches hold one job (PostgreSQL, quiet SQLite) up to hundreds (SQLite under a crowd).
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The Prometheus metrics of one server instance, in a registry of its own (tests run several servers in
 * one process). Created only when METRICS_TOKEN is set: otherwise nothing is measured at all.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly votesAccepted: Counter<'kind'>;
  private readonly votesRefused: Counter<'kind' | 'reason'>;
  private readonly batchSize: Histogram;
  private readonly commitSeconds: Histogram;
  private readonly listRebuilds: Counter;
  private readonly listRebuildSeconds: Histogram;
  private readonly flushSeconds: Histogram;

  constructor(sources: { openStreams: () => number; stalledReaders: () => Readonly<StalledReaderCounts>; pool: pg.Pool | null }) {
    const registers = [this.registry];
    // Process metrics, including the event-loop delay (nodejs_eventloop_lag_*), CPU, memory and GC.
    collectDefaultMetrics({ register: this.registry });
    this.votesAccepted = new Counter({
      name: 'predi974_votes_accepted_total',
      help: 'Votes accepted (answered 200/201), by kind: market (OUI/NON) or municipal (candidate).',
      labelNames: ['kind'],
      registers,
    });
    this.votesRefused = new Counter({
      name: 'predi974_votes_refused_total',
      help: 'Votes refused, by kind and reason.',
      labelNames: ['kind', 'reason'],
      registers,
    });
    this.batchSize = new Histogram({
      name: 'predi974_write_batch_size',
      help: 'Jobs committed together in one write transaction (group commit on SQLite; always 1 on PostgreSQL).',
      buckets: BATCH_SIZE_BUCKETS,
      registers,
    });
    this.commitSeconds = new Histogram({
      name: 'predi974_write_commit_seconds',
      help: 'Time of one write transaction, from begin until its commit is durable.',
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.listRebuilds = new Counter({
      name: 'predi974_market_list_rebuilds_total',
      help: 'Rebuilds of the pre-serialised market list (after a change, or when it grows old).',
      registers,
    });
    this.listRebuildSeconds = new Histogram({
      name: 'predi974_market_list_rebuild_seconds',
      help: 'Time to read, sort and serialise the market list.',
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.flushSeconds = new Histogram({
      name: 'predi974_stream_flush_seconds',
      help: 'Time of one flush of the live stream hub: reading what changed and writing it to every connection.',
      buckets: SECONDS_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'predi974_open_streams',
      help: 'Open live-update connections (GET /api/stream) on this instance.',
      registers,
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Counter({
      name: 'predi974_stream_stalled_dropped_total',
      help: 'Live-update connections dropped because their unsent data stopped draining, by who noticed: the kernel (TCP_USER_TIMEOUT), the drain watch, or the buffer limit.',
      labelNames: ['by'],
      registers,
      collect() {
        const counts = sources.stalledReaders();
        this.reset();
        this.inc({ by: 'kernel' }, counts.byKernel);
        this.inc({ by: 'drain_watch' }, counts.byDrainWatch);
        this.inc({ by: 'buffer_limit' }, counts.overBufferLimit);
      },
    });
    const { pool } = sources;
    if (pool) {
      new Gauge({
        name: 'predi974_db_pool_connections',
        help: 'PostgreSQL pool connections of this instance, by state: total, idle, and requests waiting for one.',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
  }

  voteAnswered(kind: VoteKind, status: number, error: unknown): void {
    if (status < 400) this.votesAccepted.inc({ kind });
    else this.votesRefused.inc({ kind, reason: refusalReason(error, status) });
  }

  committed(jobs: number, ms: number): void {
    this.batchSize.observe(jobs);
    this.commitSeconds.observe(ms / 1000);
  }

  listRebuilt(ms: number): void {
    this.listRebuilds.inc();
    this.listRebuildSeconds.observe(ms / 1000);
  }

  streamFlushed(ms: number): void {
    this.flushSeconds.observe(ms / 1000);
  }
}
