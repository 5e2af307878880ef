import type { CastVoteResult } from '../../shared/api/markets.js';
import type { VoteChangeRule } from '../../shared/health.js';
import { isMarketOpen, type Market, type VoteType } from '../../shared/market.js';
import type { MarketRow } from '../db/schema.js';
import type { SqliteDatabase } from '../db/sqlite-driver.js';
import { sqliteChallengeStore, type ChallengeBatchStore, type ChallengeSpend } from '../protection/protection-repository.js';
import {
  sqliteVoteStore,
  toMarket,
  voteKey,
  type CounterDelta,
  type VoteBatchStore,
  type VoteKey,
  type VoteSwitch,
} from './market-repository.js';

/**
 * The rules of one vote batch, apart from any service: the same function runs on PostgreSQL in the server's
 * thread and on SQLite in the writer thread (src/server/db/sqlite-writer.ts), with the repository's stores.
 */

export interface CastVoteInput {
  marketId: string;
  voteType: VoteType;
  fingerprint: string;
}

/** A vote of a batch, with its checked proof when the vote protection is on. */
export interface BatchedVote extends CastVoteInput {
  proof?: ChallengeSpend;
}

export type VoteOutcome =
  | { kind: 'ok'; result: CastVoteResult; wrote: boolean }
  | { kind: 'not-found' }
  | { kind: 'ended' }
  | { kind: 'change-refused' }
  | { kind: 'proof-replayed' };

/** What a batch needs from the server besides its votes: the instant it is applied at and the change rule. */
export interface VoteBatchRules {
  now: Date;
  voteChange: VoteChangeRule;
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

/**
 * Applies every vote of one batch inside its transaction. The proofs are spent first, with one statement
 * (a proof already spent refuses its vote as a replay). Each vote is then checked before anything is
 * written (market known and open, change allowed), so no vote can fail part-way and none needs a
 * savepoint; the counters move once per market by the summed deltas; every answer is built from the
 * market row read when locking plus those deltas, which is the committed state since the row stays
 * locked (PostgreSQL) or the writer alone (SQLite) until COMMIT.
 */
export async function applyVoteBatch(
  store: VoteBatchStore,
  challenges: ChallengeBatchStore,
  inputs: readonly BatchedVote[],
  rules: VoteBatchRules,
): Promise<VoteOutcome[]> {
  const now = rules.now;
  const at = now.toISOString();
  const outcomes: VoteOutcome[] = new Array<VoteOutcome>(inputs.length);

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
      } else if (rules.voteChange === 'forbidden') {
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

/** The SQLite batch of votes, on the connection that runs it (the writer thread's, inside its transaction). */
export function applySqliteVoteBatch(sqlite: SqliteDatabase, inputs: readonly BatchedVote[], rules: VoteBatchRules) {
  return applyVoteBatch(sqliteVoteStore(sqlite), sqliteChallengeStore(sqlite), inputs, rules);
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
