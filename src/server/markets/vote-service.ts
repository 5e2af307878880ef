import type { CastVoteResult } from '../../shared/api/markets.js';
import type { VoteChangeRule } from '../../shared/health.js';
import { isMarketOpen, type VoteType } from '../../shared/market.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/database.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import type { ProofSpender } from '../protection/vote-protection.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import {
  adjustCounters,
  findMarketForUpdate,
  findVoteForUpdate,
  insertVoteIfAbsent,
  listVotesOfFingerprint,
  updateVoteType,
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

/** Casting and changing votes: one vote per (market, device), counters moved in the same transaction. */
export class VoteService {
  constructor(private readonly deps: VoteServiceDeps) {}

  /** `spendProof` (vote protection on) spends the vote's proof in the same transaction, first. */
  async castVote(input: CastVoteInput, spendProof?: ProofSpender): Promise<CastVoteResult> {
    const outcome = await this.deps.batcher.run(async (trx): Promise<Outcome> => {
      if (spendProof && !(await spendProof(trx))) return { kind: 'proof-replayed' };
      return this.castInTransaction(trx, input);
    });
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
        if (outcome.wrote) await this.deps.bus.publish([{ type: 'market', id: input.marketId }]);
        return outcome.result;
    }
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
