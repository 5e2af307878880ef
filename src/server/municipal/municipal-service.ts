import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import { isMunicipalVoteOpen, type Commune } from '../../shared/municipal.js';
import type { Database } from '../db/database.js';
import type { BatchHandler, TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import { postgresChallengeStore, type ChallengeSpend } from '../protection/protection-repository.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import {
  communeExists,
  findCommune,
  listCandidates,
  listCommunes,
  listMunicipalVotesOfFingerprint,
  postgresMunicipalVoteStore,
} from './municipal-repository.js';
import {
  applyMunicipalVoteBatch,
  applySqliteMunicipalVoteBatch,
  type BatchedMunicipalVote,
  type MunicipalVoteBatchRules,
  type MunicipalVoteOutcome,
} from './municipal-vote-batch.js';

interface MunicipalServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  clock: () => Date;
  /** ISO 8601 close of the municipal vote, or null while it is open. */
  electionEnd: string | null;
}

/** One vote per (commune, device), never changed; counters move in the same transaction as the vote row. */
export class MunicipalService {
  /** Every commune vote goes through this handler, as prediction votes do: a whole batch in one transaction. */
  private readonly batch: BatchHandler<BatchedMunicipalVote, MunicipalVoteOutcome, MunicipalVoteBatchRules>;

  constructor(private readonly deps: MunicipalServiceDeps) {
    this.batch = {
      sqlite: (sqlite, inputs) => applySqliteMunicipalVoteBatch(sqlite, inputs, this.rules()),
      postgres: (client, inputs) =>
        applyMunicipalVoteBatch(postgresMunicipalVoteStore(client), postgresChallengeStore(client), inputs, this.rules()),
      // On a SQLite file the batch runs on the writer thread's connection, the event loop free meanwhile.
      writerThread: { kind: 'municipal-votes', rules: () => this.rules() },
      committed: (outcomes) => this.publishCommitted(outcomes),
    };
  }

  private rules(): MunicipalVoteBatchRules {
    return { now: this.deps.clock() };
  }

  /** Every commune, or only those of `ids` (the live stream reads the ones that changed). */
  listCommunes(ids?: readonly string[]): Promise<Commune[]> {
    return listCommunes(this.deps.database.db, ids);
  }

  findCommune(id: string): Promise<Commune | undefined> {
    return findCommune(this.deps.database.db, id);
  }

  async listCandidates(communeId: string) {
    if (!(await communeExists(this.deps.database.db, this.deps.database.dialect, communeId))) {
      throw new HttpError(404, MESSAGES.communeNotFound);
    }
    return listCandidates(this.deps.database.db, communeId);
  }

  listVotes(fingerprint: string) {
    return listMunicipalVotesOfFingerprint(this.deps.database.db, fingerprint);
  }

  /**
   * The vote joins the batch of its turn. `spendProof` (vote protection on) is spent in the batch's transaction
   * before the vote is applied, so a vote counts if and only if its proof was spent by it.
   */
  async vote(communeId: string, candidateId: string, fingerprint: string, spendProof?: ChallengeSpend): Promise<Commune> {
    // Once the vote has closed, results are final (erasure then only unlinks): refusing votes keeps it so.
    if (!isMunicipalVoteOpen(this.deps.electionEnd, this.deps.clock())) {
      throw new HttpError(409, MESSAGES.municipalVoteClosed);
    }
    const input: BatchedMunicipalVote = { communeId, candidateId, fingerprint };
    const outcome = await this.deps.batcher.runBatched(this.batch, spendProof ? { ...input, proof: spendProof } : input);
    switch (outcome.kind) {
      case 'proof-replayed':
        throw new HttpError(403, PROTECTION_MESSAGES.proofReplayed);
      case 'commune-not-found':
        throw new HttpError(404, MESSAGES.communeNotFound);
      case 'candidate-not-found':
        throw new HttpError(404, MESSAGES.candidateNotFound);
      case 'already-voted':
        throw new HttpError(409, MESSAGES.alreadyVoted);
      case 'ok':
        // Changes are published once per batch (`publishCommitted`); the answer never waits for them.
        return outcome.commune;
    }
  }

  /**
   * One change per commune voted in the batch, never awaited: the votes are committed, and a failed notification
   * must not answer an error for a vote that counts (the retry would then be refused as a second vote).
   */
  private publishCommitted(outcomes: readonly MunicipalVoteOutcome[]): void {
    const written = new Set<string>();
    for (const outcome of outcomes) if (outcome.kind === 'ok') written.add(outcome.commune.id);
    if (written.size === 0) return;
    this.deps.bus.publish([...written].map((id) => ({ type: 'municipal' as const, id }))).catch(() => {});
  }
}
