import type { CastVoteResult } from '../../shared/api/markets.js';
import type { VoteChangeRule } from '../../shared/health.js';
import { isMarketOpen, type Market, type VoteType } from '../../shared/market.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/database.js';
import type { MarketRow } from '../db/schema.js';
import type { BatchHandler, TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import {
  postgresChallengeStore,
  sqliteChallengeStore,
  type ChallengeBatchStore,
  type ChallengeSpend,
} from '../protection/protection-repository.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import {
  listVotesOfFingerprint,
  postgresVoteStore,
  sqliteVoteStore,
  toMarket,
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

/** A vote of a batch, with its checked proof when the vote protection is on. */
interface BatchedVote extends CastVoteInput {
  proof?: ChallengeSpend;
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
  /** Its row is excluded by a burst decision: its side may change, the public counters never move for it. */
  excluded: boolean;
  inserted: boolean;
  /** Its row vanished twice between insert and lock (retention unlinking it): answered as a replay. */
  gone: boolean;
}

/** Casting and changing votes: one vote per (market, device), counters moved in the same transaction. */
export class VoteService {
  /** Every vote goes through this handler: a whole batch at a time, in one transaction, no savepoint. */
  private readonly batch: BatchHandler<BatchedVote, Outcome>;

  constructor(private readonly deps: VoteServiceDeps) {
    this.batch = {
      sqlite: (sqlite, inputs) => this.applyBatch(sqliteVoteStore(sqlite), sqliteChallengeStore(sqlite), inputs),
      postgres: (client, inputs) => this.applyBatch(postgresVoteStore(client), postgresChallengeStore(client), inputs),
      committed: (outcomes) => this.publishCommitted(outcomes),
    };
  }

  /**
   * The vote joins the batch of its turn. `spendProof` (vote protection on) is spent in the batch's
   * transaction before the vote is applied, so a vote counts if and only if its proof was spent by it.
   */
  async castVote(input: CastVoteInput, spendProof?: ChallengeSpend): Promise<CastVoteResult> {
    const outcome = await this.deps.batcher.runBatched(this.batch, spendProof ? { ...input, proof: spendProof } : input);
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
        // Changes are published once per batch (`publishCommitted`); the answer never waits for them.
        return outcome.result;
    }
  }

  /**
   * Applies every vote of one batch inside its transaction. The proofs are spent first, with one statement
   * (a proof already spent refuses its vote as a replay). Each vote is then checked before anything is
   * written (market known and open, change allowed), so no vote can fail part-way and none needs a
   * savepoint; the counters move once per market by the summed deltas; every answer is built from the
   * market row read when locking plus those deltas, which is the committed state since the row stays
   * locked (PostgreSQL) or the writer alone (SQLite) until COMMIT.
   */
  private async applyBatch(
    store: VoteBatchStore,
    challenges: ChallengeBatchStore,
    inputs: readonly BatchedVote[],
  ): Promise<Outcome[]> {
    const now = this.deps.clock();
    const at = now.toISOString();
    const outcomes: Outcome[] = new Array<Outcome>(inputs.length);

    // In id order, as the markets below: two batches on PostgreSQL then never wait on each other in a cycle.
    const proofs = inputs.flatMap((input) => (input.proof ? [input.proof] : [])).sort(byChallengeId);
    if (proofs.length > 0) {
      const spent = await challenges.spend(proofs);
      // Each proof spent here goes to the first vote that carried it; a second one in the batch is a replay.
      inputs.forEach((input, index) => {
        if (input.proof && !spent.delete(input.proof.challengeId)) outcomes[index] = { kind: 'proof-replayed' };
      });
    }

    const marketIds = [...new Set(inputs.map((input) => input.marketId))].sort();
    const markets = await store.lockMarkets(marketIds);

    const devices = new Map<string, DeviceVotes>();
    inputs.forEach((input, index) => {
      const row = markets.get(input.marketId);
      if (outcomes[index]) return;
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
            excluded: false,
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
        else {
          device.before = found.get(key)?.side;
          device.excluded = found.get(key)?.excluded ?? false;
        }
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
      if ((!device.inserted && from === side) || device.excluded) continue;
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
}

const byChallengeId = (a: ChallengeSpend, b: ChallengeSpend) =>
  a.challengeId < b.challengeId ? -1 : a.challengeId > b.challengeId ? 1 : 0;

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
