import type { CastVoteResult } from '../../shared/api/markets.js';
import type { VoteChangeRule } from '../../shared/health.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/database.js';
import type { BatchHandler, TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import { postgresChallengeStore, type ChallengeSpend } from '../protection/protection-repository.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import { listVotesOfFingerprint, postgresVoteStore } from './market-repository.js';
import {
  applySqliteVoteBatch,
  applyVoteBatch,
  type BatchedVote,
  type CastVoteInput,
  type VoteBatchRules,
  type VoteOutcome,
} from './vote-batch.js';

export type { CastVoteInput, CastVoteResult };

interface VoteServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  voteChange: VoteChangeRule;
  clock: () => Date;
}

/** Casting and changing votes: one vote per (market, device), counters moved in the same transaction. */
export class VoteService {
  /** Every vote goes through this handler: a whole batch at a time, in one transaction, no savepoint. */
  private readonly batch: BatchHandler<BatchedVote, VoteOutcome, VoteBatchRules>;

  constructor(private readonly deps: VoteServiceDeps) {
    this.batch = {
      sqlite: (sqlite, inputs) => applySqliteVoteBatch(sqlite, inputs, this.rules()),
      postgres: (client, inputs) =>
        applyVoteBatch(postgresVoteStore(client), postgresChallengeStore(client), inputs, this.rules()),
      // On a SQLite file the batch runs on the writer thread's connection, the event loop free meanwhile.
      writerThread: { kind: 'votes', rules: () => this.rules() },
      committed: (outcomes) => this.publishCommitted(outcomes),
    };
  }

  private rules(): VoteBatchRules {
    return { now: this.deps.clock(), voteChange: this.deps.voteChange };
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

  /** One change per market written in the batch, to this instance's listeners at once; never awaited. */
  private publishCommitted(outcomes: readonly VoteOutcome[]): void {
    const written = new Set<string>();
    for (const outcome of outcomes) if (outcome.kind === 'ok' && outcome.wrote) written.add(outcome.result.market.id);
    if (written.size === 0) return;
    this.deps.bus.publish([...written].map((id) => ({ type: 'market', id }))).catch(() => {});
  }

  listVotes(fingerprint: string) {
    return listVotesOfFingerprint(this.deps.database.db, fingerprint);
  }
}
