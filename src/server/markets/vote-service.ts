import type { CastVoteResult } from '../../shared/api/markets.js';
import type { VoteChangeRule } from '../../shared/health.js';
import { isMarketOpen, type Market, type VoteType } from '../../shared/market.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/database.js';
import type { MarketRow } from '../db/schema.js';
import type { BatchHandler, TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import type { ProofSpender } from '../protection/vote-protection.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import {
  adjustCounters,
  findMarketForUpdate,
  findVoteForUpdate,
  insertVoteIfAbsent,
  listVotesOfFingerprint,
  postgresVoteStore,
  sqliteVoteStore,
  toMarket,
  updateVoteType,
  voteKey,
  type CounterDelta,
  type VoteBatchStore,
  type VoteKey,
  type VoteSwitch,
} from './market-repository.js';

export interface CastVoteInput {
  marketId: string;
  voteType: VoteType;
  fingerprint: string;
}

export type { CastVoteResult };

type Outcome =
  | { kind: 'ok'; result: CastVoteResult; wrote: boolean }
  | { kind: 'not-found' }
  | { kind: 'ended' }
  | { kind: 'change-refused' }
  | { kind: 'proof-replayed' };

interface VoteServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  voteChange: VoteChangeRule;
  clock: () => Date;
}

/** One (market, device) of a batch: the votes of the batch on it, in the order they came. */
interface DeviceVotes extends VoteKey {
  jobs: number[];
  /** Its row's side before the batch (undefined: no row, the batch inserts it). */
  before?: VoteType;
  inserted: boolean;
  /** Its row vanished twice between insert and lock (retention unlinking it): answered as a replay. */
  gone: boolean;
}

/** Casting and changing votes: one vote per (market, device), counters moved in the same transaction. */
export class VoteService {
  /** Votes without a proof to spend go through this handler: a whole batch at a time, no savepoint. */
  private readonly batch: BatchHandler<CastVoteInput, Outcome>;

  constructor(private readonly deps: VoteServiceDeps) {
    this.batch = {
      sqlite: (sqlite, inputs) => this.applyBatch(sqliteVoteStore(sqlite), inputs),
      postgres: (client, inputs) => this.applyBatch(postgresVoteStore(client), inputs),
      committed: (outcomes) => this.publishCommitted(outcomes),
    };
  }

  /**
   * `spendProof` (vote protection on) spends the vote's proof in the same transaction, first: such a vote
   * runs as a job of its own (a savepoint on SQLite, a transaction on PostgreSQL), as the proof's check can
   * refuse it after it began. Without one, the vote joins the batch of its turn.
   */
  async castVote(input: CastVoteInput, spendProof?: ProofSpender): Promise<CastVoteResult> {
    const outcome = spendProof
      ? await this.deps.batcher.run(async (trx): Promise<Outcome> => {
          if (!(await spendProof(trx))) return { kind: 'proof-replayed' };
          return this.castInTransaction(trx, input);
        })
      : await this.deps.batcher.runBatched(this.batch, input);
    switch (outcome.kind) {
      case 'proof-replayed':
        throw new HttpError(403, PROTECTION_MESSAGES.proofReplayed);
      case 'not-found':
        throw new HttpError(404, MESSAGES.marketNotFound);
      case 'ended':
        throw new HttpError(409, MESSAGES.marketEnded);
      case 'change-refused':
        throw new HttpError(409, MESSAGES.voteChangeForbidden);
      case 'ok':
        // Batched votes are published once per batch; the answer never waits for the notification.
        if (outcome.wrote && spendProof) void this.deps.bus.publish([{ type: 'market', id: input.marketId }]);
        return outcome.result;
    }
  }

  /**
   * Applies every vote of one batch inside its transaction. Each vote is checked before anything is
   * written (market known and open, change allowed), so no vote can fail part-way and none needs a
   * savepoint; the counters move once per market by the summed deltas; every answer is built from the
   * market row read when locking plus those deltas, which is the committed state since the row stays
   * locked (PostgreSQL) or the writer alone (SQLite) until COMMIT.
   */
  private async applyBatch(store: VoteBatchStore, inputs: readonly CastVoteInput[]): Promise<Outcome[]> {
    const now = this.deps.clock();
    const at = now.toISOString();
    const outcomes: Outcome[] = new Array<Outcome>(inputs.length);
    const marketIds = [...new Set(inputs.map((input) => input.marketId))].sort();
    const markets = await store.lockMarkets(marketIds);

    const devices = new Map<string, DeviceVotes>();
    inputs.forEach((input, index) => {
      const row = markets.get(input.marketId);
      if (!row) outcomes[index] = { kind: 'not-found' };
      else if (!isMarketOpen({ endDate: row.end_date, resolved: row.resolved === 1 }, now)) outcomes[index] = { kind: 'ended' };
      else {
        const key = voteKey(input.marketId, input.fingerprint);
        const device = devices.get(key);
        if (device) device.jobs.push(index);
        else
          devices.set(key, {
            marketId: input.marketId,
            fingerprint: input.fingerprint,
            jobs: [index],
            inserted: false,
            gone: false,
          });
      }
    });

    // The first vote of each device is inserted unless it has a row; the rows already there are read
    // (and locked on PostgreSQL). A row unlinked by retention between the two is inserted again.
    let pending = [...devices.values()];
    for (let attempt = 1; attempt <= 3 && pending.length > 0; attempt++) {
      const inserted = await store.insertVotes(
        pending.map((device) => ({ ...keyOf(device), voteType: inputs[device.jobs[0]!]!.voteType })),
        at,
      );
      const existing = pending.filter((device) => !inserted.has(voteKey(device.marketId, device.fingerprint)));
      const found = await store.findVotes(existing.map(keyOf));
      for (const device of pending) {
        const key = voteKey(device.marketId, device.fingerprint);
        if (inserted.has(key)) device.inserted = true;
        else device.before = found.get(key);
      }
      pending = existing.filter((device) => device.before === undefined);
    }
    for (const device of pending) device.gone = true;

    // Each device's votes in order: the first may insert, a replay changes nothing, the other side switches.
    const decided = new Array<{ wrote: boolean; changed: boolean } | undefined>(inputs.length);
    const switches: VoteSwitch[] = [];
    const deltas = new Map<string, CounterDelta>();
    for (const device of devices.values()) {
      let side: VoteType | undefined = device.before;
      device.jobs.forEach((index, position) => {
        const voteType = inputs[index]!.voteType;
        if (device.inserted && position === 0) {
          side = voteType;
          decided[index] = { wrote: true, changed: false };
        } else if (device.gone || side === voteType) {
          decided[index] = { wrote: false, changed: false };
        } else if (this.deps.voteChange === 'forbidden') {
          outcomes[index] = { kind: 'change-refused' };
        } else {
          side = voteType;
          decided[index] = { wrote: true, changed: true };
        }
      });
      if (device.gone || side === undefined) continue;
      const from = device.inserted ? inputs[device.jobs[0]!]!.voteType : device.before;
      if (from !== undefined && from !== side) switches.push({ ...keyOf(device), from, to: side });
      if (!device.inserted && from === side) continue;
      const delta = deltas.get(device.marketId) ?? { marketId: device.marketId, yes: 0, no: 0 };
      // A new row counts once, on its final side; a switched one moves across.
      delta[side] += 1;
      if (!device.inserted) delta[side === 'yes' ? 'no' : 'yes'] -= 1;
      deltas.set(device.marketId, delta);
    }

    // Counters move only by what the statements did: every switch asked for must have happened.
    if (switches.length > 0 && (await store.switchVotes(switches, at)) !== switches.length) {
      throw new Error('a vote row changed while locked');
    }
    await store.addToCounters([...deltas.values()], at);

    const answers = new Map<string, Market>();
    inputs.forEach((input, index) => {
      const done = decided[index];
      if (!done) return;
      let market = answers.get(input.marketId);
      if (!market) {
        market = marketAfter(markets.get(input.marketId)!, deltas.get(input.marketId), at);
        answers.set(input.marketId, market);
      }
      outcomes[index] = { kind: 'ok', wrote: done.wrote, result: { market, voteType: input.voteType, changed: done.changed } };
    });
    return outcomes;
  }

  /** One change per market written in the batch, to this instance's listeners at once; never awaited. */
  private publishCommitted(outcomes: readonly Outcome[]): void {
    const written = new Set<string>();
    for (const outcome of outcomes) if (outcome.kind === 'ok' && outcome.wrote) written.add(outcome.result.market.id);
    if (written.size === 0) return;
    this.deps.bus.publish([...written].map((id) => ({ type: 'market', id }))).catch(() => {});
  }

  listVotes(fingerprint: string) {
    return listVotesOfFingerprint(this.deps.database.db, fingerprint);
  }

  private async castInTransaction(
    trx: Parameters<Parameters<TransactionBatcher['run']>[0]>[0],
    input: CastVoteInput,
  ): Promise<Outcome> {
    const { dialect } = this.deps.database;
    const now = this.deps.clock();
    const at = now.toISOString();
    // Locking the market row serialises votes on one market across instances (PostgreSQL) and makes the
    // open/ended check hold until commit.
    const market = await findMarketForUpdate(trx, dialect, input.marketId);
    if (!market) return { kind: 'not-found' };
    if (!isMarketOpen(market, now)) return { kind: 'ended' };

    // Counters move only by what a statement reports it did: a row inserted, or a row switched side.
    // The device's row can vanish between the insert and the lock (retention unlinking it): then the
    // insert is tried again rather than answering for a vote that is not stored.
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (await insertVoteIfAbsent(trx, { ...input, at })) {
        const updated = await adjustCounters(
          trx,
          input.marketId,
          input.voteType === 'yes' ? 1 : 0,
          input.voteType === 'no' ? 1 : 0,
          at,
        );
        return { kind: 'ok', wrote: true, result: { market: updated, voteType: input.voteType, changed: false } };
      }
      const previous = await findVoteForUpdate(trx, dialect, input.marketId, input.fingerprint);
      if (previous === undefined && attempt < 3) continue;
      // Replaying the same vote is harmless: it counts once and answers as the first time did.
      if (previous === undefined || previous === input.voteType) {
        return { kind: 'ok', wrote: false, result: { market, voteType: input.voteType, changed: false } };
      }
      if (this.deps.voteChange === 'forbidden') return { kind: 'change-refused' };
      const switched = await updateVoteType(trx, {
        marketId: input.marketId,
        fingerprint: input.fingerprint,
        from: previous,
        to: input.voteType,
        at,
      });
      if (!switched) continue;
      const delta = input.voteType === 'yes' ? 1 : -1;
      const updated = await adjustCounters(trx, input.marketId, delta, -delta, at);
      return { kind: 'ok', wrote: true, result: { market: updated, voteType: input.voteType, changed: true } };
    }
    // Only reachable if the row kept changing under its own lock: roll back rather than guess.
    throw new Error('the vote row changed while locked');
  }
}

const keyOf = (device: DeviceVotes): VoteKey => ({ marketId: device.marketId, fingerprint: device.fingerprint });

/** The market as the batch leaves it: the row read under the lock plus the batch's summed deltas. */
function marketAfter(row: MarketRow, delta: CounterDelta | undefined, at: string): Market {
  if (!delta) return toMarket(row);
  return toMarket({
    ...row,
    yes_votes: row.yes_votes + delta.yes,
    no_votes: row.no_votes + delta.no,
    total_votes: row.total_votes + delta.yes + delta.no,
    updated_at: at,
  });
}
