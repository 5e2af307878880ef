import { createHash } from 'node:crypto';
import type { Burst } from '../../shared/api/admin.js';
import {
  BURST_MIN_VOTES_PER_ORIGIN,
  BURST_WINDOW_MS,
  FRESH_IDENTITY_MS,
  findBursts,
  type FoundBurst,
} from '../../shared/burst-rule.js';
import { BURST_MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/database.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import type { Logger } from '../logger.js';
import { adjustCounters } from '../markets/market-repository.js';
import { adjustCandidateVotes, communeExists } from '../municipal/municipal-repository.js';
import type { Change, ChangeBus } from '../realtime/change-bus.js';
import {
  asKind,
  deleteUndecidedBursts,
  excludeMarketVotes,
  excludeMunicipalVotes,
  findBurst,
  includeMarketVotes,
  includeMunicipalVotes,
  itemsWithBusyOrigins,
  itemsWithOpenBursts,
  itemTitles,
  listBursts,
  listBurstsOfItem,
  listSignals,
  lockMarket,
  recordDecision,
  upsertBurst,
  type BurstRow,
  type ItemKind,
} from './burst-repository.js';
import type { VoteSignals } from './vote-signals.js';

/** How far back each detection looks for busy origins: a burst still growing is seen again at every run. */
const LOOKBACK_MS = 2 * 60 * 60_000;
/** Detection runs this often on every instance (idempotent: a burst's id comes from its item, side and start). */
const DETECTION_INTERVAL_MS = 60_000;

interface BurstServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  signals: VoteSignals;
  clock: () => Date;
  logger: Logger;
  /** The item's counts changed outside the vote path: its history must be read again. */
  historyChanged: (change: Change) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Deterministic: two instances finding the same burst write the same row. */
function burstId(kind: ItemKind, itemId: string, side: string, firstMs: number): string {
  return `b-${createHash('sha256').update(`${kind}\u0000${itemId}\u0000${side}\u0000${firstMs}`).digest('hex').slice(0, 24)}`;
}

const spanOf = (row: BurstRow) => ({
  side: row.side,
  firstMs: Date.parse(row.first_vote_at),
  lastMs: Date.parse(row.last_vote_at),
});

type Decision = { kind: 'ok'; row: BurstRow; change: Change } | { kind: 'not-found' } | { kind: 'conflict'; message: string };

/** Finds bursts of votes, lists them for the operator, and applies the operator's exclusions and reinstatements. */
export class BurstService {
  private timer: NodeJS.Timeout | null = null;
  private detecting: Promise<void> | null = null;

  constructor(private readonly deps: BurstServiceDeps) {}

  start(): void {
    this.timer = setInterval(() => {
      this.detect().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'burst detection failed, retried'));
    }, DETECTION_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.detecting) await this.detecting.catch(() => {});
  }

  /** One detection at a time per instance; a call during a run waits for it. */
  detect(): Promise<void> {
    this.detecting ??= this.runDetection().finally(() => {
      this.detecting = null;
    });
    return this.detecting;
  }

  async list(): Promise<Burst[]> {
    await this.detect();
    const { db } = this.deps.database;
    const [rows, titles] = await Promise.all([listBursts(db), itemTitles(db)]);
    return rows.map((row) => toBurst(row, titles));
  }

  async exclude(id: string): Promise<Burst> {
    return this.decide(id, 'excluded');
  }

  async include(id: string): Promise<Burst> {
    return this.decide(id, 'listed');
  }

  private async runDetection(): Promise<void> {
    await this.deps.signals.flush().catch(() => {});
    const { db } = this.deps.database;
    const nowMs = this.deps.clock().getTime();
    const [busy, open] = await Promise.all([
      itemsWithBusyOrigins(db, nowMs - LOOKBACK_MS, FRESH_IDENTITY_MS, BURST_MIN_VOTES_PER_ORIGIN),
      itemsWithOpenBursts(db, iso(nowMs - LOOKBACK_MS)),
    ]);
    const items = new Map([...busy, ...open].map((item) => [`${item.kind}:${item.id}`, item]));
    for (const item of items.values()) await this.detectItem(item.kind, item.id, nowMs);
  }

  /**
   * Reads the item's signals from before its oldest undecided burst (or the look-back), finds its bursts, and
   * writes them: a burst overlapping an undecided one keeps its id and refreshes its figures; undecided ones
   * no longer found are dropped; decided ones are never touched and their spans never found again.
   */
  private async detectItem(kind: ItemKind, itemId: string, nowMs: number): Promise<void> {
    const { db } = this.deps.database;
    const stored = await listBurstsOfItem(db, kind, itemId);
    const open = stored.filter((row) => row.decided_at === null);
    const fromMs = Math.min(nowMs - LOOKBACK_MS, ...open.map((row) => Date.parse(row.first_vote_at))) - BURST_WINDOW_MS;
    const signals = await listSignals(db, kind, itemId, fromMs);
    const found = findBursts(signals, stored.filter((row) => row.decided_at !== null).map(spanOf));
    const kept = new Set<string>();
    const rows = found.map((burst) => {
      const match = open.find((row) => {
        const span = spanOf(row);
        return (
          !kept.has(row.id) &&
          span.side === burst.side &&
          span.firstMs <= burst.lastMs + BURST_WINDOW_MS &&
          span.lastMs >= burst.firstMs - BURST_WINDOW_MS
        );
      });
      const id = match?.id ?? burstId(kind, itemId, burst.side, burst.firstMs);
      kept.add(id);
      return rowOf(id, kind, itemId, burst, iso(nowMs));
    });
    const stale = open.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (rows.length === 0 && stale.length === 0) return;
    await this.deps.batcher.run(async (trx) => {
      for (const row of rows) await upsertBurst(trx, row);
      await deleteUndecidedBursts(trx, stale);
    });
  }

  /**
   * One transaction: the burst row locked, then its item (as a vote locks it), the vote rows flagged or
   * unflagged, and the public counters moved by exactly the rows each statement changed.
   */
  private async decide(id: string, status: 'excluded' | 'listed'): Promise<Burst> {
    await this.deps.signals.flush().catch(() => {});
    const { dialect } = this.deps.database;
    const at = this.deps.clock().toISOString();
    const outcome = await this.deps.batcher.run<Decision>(async (trx) => {
      const row = await findBurst(trx, dialect, id, true);
      if (!row) return { kind: 'not-found' };
      if (status === 'excluded' && row.status === 'excluded')
        return { kind: 'conflict', message: BURST_MESSAGES.alreadyExcluded };
      if (status === 'listed' && row.status !== 'excluded') return { kind: 'conflict', message: BURST_MESSAGES.alreadyIncluded };
      const kind = asKind(row.item_kind);
      if (kind === 'market') {
        await lockMarket(trx, dialect, row.item_id);
      } else {
        await communeExists(trx, dialect, row.item_id, true);
      }
      let votes = row.votes;
      if (status === 'excluded') {
        const fingerprints = await this.membersOf(trx, row);
        if (fingerprints.length === 0) return { kind: 'conflict', message: BURST_MESSAGES.votesUnknown };
        if (kind === 'market') {
          const moved = await excludeMarketVotes(trx, row.item_id, fingerprints, row.id);
          if (moved.yes + moved.no > 0) await adjustCounters(trx, row.item_id, -moved.yes, -moved.no, at);
          votes = moved.yes + moved.no;
        } else {
          const moved = await excludeMunicipalVotes(trx, row.item_id, fingerprints, row.id);
          for (const [candidateId, count] of moved) await adjustCandidateVotes(trx, row.item_id, candidateId, -count);
          votes = [...moved.values()].reduce((sum, count) => sum + count, 0);
        }
      } else if (kind === 'market') {
        const moved = await includeMarketVotes(trx, row.id);
        if (moved.yes + moved.no > 0) await adjustCounters(trx, row.item_id, moved.yes, moved.no, at);
      } else {
        const moved = await includeMunicipalVotes(trx, row.id);
        for (const [candidateId, count] of moved) await adjustCandidateVotes(trx, row.item_id, candidateId, count);
      }
      await recordDecision(trx, row.id, { status, at, figures: { votes } });
      const decided: BurstRow = { ...row, votes, status, decided_at: at, excluded_at: status === 'excluded' ? at : null };
      const change: Change = kind === 'market' ? { type: 'market', id: row.item_id } : { type: 'municipal', id: row.item_id };
      return { kind: 'ok', row: decided, change };
    });
    switch (outcome.kind) {
      case 'not-found':
        throw new HttpError(404, BURST_MESSAGES.notFound);
      case 'conflict':
        throw new HttpError(409, outcome.message);
      case 'ok': {
        this.deps.historyChanged(outcome.change);
        await this.deps.bus.publish([outcome.change]);
        this.deps.logger.info(
          { burst: id, decision: status === 'excluded' ? 'exclude' : 'include', votes: outcome.row.votes, decidedAt: at },
          status === 'excluded' ? 'burst excluded from the public counts' : 'burst counted again',
        );
        return toBurst(outcome.row, await itemTitles(this.deps.database.db));
      }
    }
  }

  /** The devices whose votes the burst holds, found again from the signals within its span. */
  private async membersOf(trx: Database['db'], row: BurstRow): Promise<string[]> {
    const kind = asKind(row.item_kind);
    const span = spanOf(row);
    const stored = await listBurstsOfItem(trx, kind, row.item_id);
    const signals = await listSignals(trx, kind, row.item_id, span.firstMs - BURST_WINDOW_MS);
    const others = stored.filter((other) => other.id !== row.id && other.decided_at !== null).map(spanOf);
    return findBursts(signals, others)
      .filter((burst) => burst.side === row.side)
      .flatMap((burst) => burst.members)
      .filter((member) => member.atMs >= span.firstMs && member.atMs <= span.lastMs)
      .map((member) => member.fingerprint);
  }
}

function rowOf(id: string, kind: ItemKind, itemId: string, burst: FoundBurst, detectedAt: string): BurstRow {
  return {
    id,
    item_kind: kind,
    item_id: itemId,
    side: burst.side,
    first_vote_at: iso(burst.firstMs),
    last_vote_at: iso(burst.lastMs),
    votes: burst.members.length,
    origins: burst.origins,
    fresh_identities: burst.fresh,
    median_identity_age_minutes: burst.medianAgeMinutes,
    detected_at: detectedAt,
    excluded_at: null,
    decided_at: null,
    status: 'listed',
  };
}

function toBurst(row: BurstRow, titles: Map<string, string>): Burst {
  const kind = asKind(row.item_kind);
  return {
    id: row.id,
    item: { kind, id: row.item_id, title: titles.get(`${kind}:${row.item_id}`) ?? row.item_id },
    side: row.side,
    votes: row.votes,
    addresses: row.origins,
    identities: { fresh: row.fresh_identities, medianAgeMinutes: row.median_identity_age_minutes },
    from: row.first_vote_at,
    to: row.last_vote_at,
    detectedAt: row.detected_at,
    status: row.status === 'excluded' ? 'excluded' : 'listed',
    decidedAt: row.decided_at,
  };
}
