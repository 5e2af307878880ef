import { MESSAGES, PROTECTION_MESSAGES } from '../../shared/messages.js';
import { isMunicipalVoteOpen, type Commune } from '../../shared/municipal.js';
import type { Database } from '../db/database.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import { spendChallenge, type ChallengeSpend } from '../protection/protection-repository.js';
import type { ChangeBus } from '../realtime/change-bus.js';
import {
  adjustCandidateVotes,
  candidateBelongsTo,
  communeExists,
  findCommune,
  insertMunicipalVoteIfAbsent,
  listCandidates,
  listCommunes,
  listMunicipalVotesOfFingerprint,
} from './municipal-repository.js';

interface MunicipalServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  clock: () => Date;
  /** ISO 8601 close of the municipal vote, or null while it is open. */
  electionEnd: string | null;
}

type Outcome =
  | { kind: 'ok'; commune: Commune }
  | { kind: 'commune-not-found' }
  | { kind: 'candidate-not-found' }
  | { kind: 'already-voted' }
  | { kind: 'proof-replayed' };

/** One vote per (commune, device), never changed; counters move in the same transaction as the vote row. */
export class MunicipalService {
  constructor(private readonly deps: MunicipalServiceDeps) {}

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

  /** `spendProof` (vote protection on) spends the vote's proof in the same transaction, first. */
  async vote(communeId: string, candidateId: string, fingerprint: string, spendProof?: ChallengeSpend): Promise<Commune> {
    const { dialect } = this.deps.database;
    const now = this.deps.clock();
    const at = now.toISOString();
    // Once the vote has closed, results are final (erasure then only unlinks): refusing votes keeps it so.
    if (!isMunicipalVoteOpen(this.deps.electionEnd, now)) {
      throw new HttpError(409, MESSAGES.municipalVoteClosed);
    }
    const outcome = await this.deps.batcher.run<Outcome>(async (trx) => {
      if (spendProof && !(await spendChallenge(trx, spendProof))) return { kind: 'proof-replayed' };
      if (!(await communeExists(trx, dialect, communeId, true))) return { kind: 'commune-not-found' };
      if (!(await candidateBelongsTo(trx, communeId, candidateId))) return { kind: 'candidate-not-found' };
      if (!(await insertMunicipalVoteIfAbsent(trx, { communeId, candidateId, fingerprint, at })))
        return { kind: 'already-voted' };
      await adjustCandidateVotes(trx, communeId, candidateId, 1);
      // The answer is read here, inside the transaction: once the vote is committed nothing is left
      // that could fail and answer 503 for a vote that counts (a retry would then get 409).
      const commune = await findCommune(trx, communeId);
      if (!commune) throw new Error('the locked commune vanished');
      return { kind: 'ok', commune };
    });
    switch (outcome.kind) {
      case 'proof-replayed':
        throw new HttpError(403, PROTECTION_MESSAGES.proofReplayed);
      case 'commune-not-found':
        throw new HttpError(404, MESSAGES.communeNotFound);
      case 'candidate-not-found':
        throw new HttpError(404, MESSAGES.candidateNotFound);
      case 'already-voted':
        throw new HttpError(409, MESSAGES.alreadyVoted);
      case 'ok': {
        // Published as prediction votes are, never awaited: the vote is committed, and a failed notification must
        // not answer an error for a vote that counts (the retry would then be refused as a second vote).
        this.deps.bus.publish([{ type: 'municipal', id: communeId }]).catch(() => {});
        return outcome.commune;
      }
    }
  }
}
