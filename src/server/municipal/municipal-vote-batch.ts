import type { Commune } from '../../shared/municipal.js';
import type { SqliteDatabase } from '../db/sqlite-driver.js';
import { sqliteChallengeStore, type ChallengeBatchStore, type ChallengeSpend } from '../protection/protection-repository.js';
import {
  communeAfter,
  municipalVoteKey,
  sqliteMunicipalVoteStore,
  type CandidateDelta,
  type MunicipalVoteBatchStore,
  type MunicipalVoteRow,
} from './municipal-repository.js';

/**
 * The rules of one batch of commune votes, apart from any service: the same function runs on PostgreSQL in the
 * server's thread and on SQLite in the writer thread (src/server/db/sqlite-writer.ts), as prediction votes do
 * (src/server/markets/vote-batch.ts), with the municipal repository's stores.
 */

/** A commune vote of a batch, with its checked proof when the vote protection is on. */
export interface BatchedMunicipalVote {
  communeId: string;
  candidateId: string;
  fingerprint: string;
  proof?: ChallengeSpend;
}

export type MunicipalVoteOutcome =
  | { kind: 'ok'; commune: Commune }
  | { kind: 'commune-not-found' }
  | { kind: 'candidate-not-found' }
  | { kind: 'already-voted' }
  | { kind: 'proof-replayed' };

/** What a batch needs from the server besides its votes: the instant it is applied at. */
export interface MunicipalVoteBatchRules {
  now: Date;
}

/**
 * Applies every commune vote of one batch inside its transaction. The proofs are spent first, with one
 * statement (a proof already spent refuses its vote as a replay); the communes are then locked in id order
 * and each vote checked (commune known, candidate of that commune) before anything is written. One vote per
 * (commune, device), never changed: the first vote of each device is inserted unless it has a row, and every
 * other (an earlier row, or a second vote in the same batch) is refused. The counters move once per
 * candidate and commune by the summed deltas; every answer is built from the commune read when locking plus
 * those deltas, the committed state since the commune stays locked (PostgreSQL) or the writer alone (SQLite)
 * until COMMIT.
 */
export async function applyMunicipalVoteBatch(
  store: MunicipalVoteBatchStore,
  challenges: ChallengeBatchStore,
  inputs: readonly BatchedMunicipalVote[],
  rules: MunicipalVoteBatchRules,
): Promise<MunicipalVoteOutcome[]> {
  const at = rules.now.toISOString();
  const outcomes: MunicipalVoteOutcome[] = new Array<MunicipalVoteOutcome>(inputs.length);

  // In id order, as the communes below: two batches on PostgreSQL then never wait on each other in a cycle.
  const proofs = inputs.flatMap((input) => (input.proof ? [input.proof] : [])).sort(byChallengeId);
  if (proofs.length > 0) {
    const spent = await challenges.spend(proofs);
    // Each proof spent here goes to the first vote that carried it; a second one in the batch is a replay.
    inputs.forEach((input, index) => {
      if (input.proof && !spent.delete(input.proof.challengeId)) outcomes[index] = { kind: 'proof-replayed' };
    });
  }

  const communeIds = [...new Set(inputs.map((input) => input.communeId))].sort();
  const communes = await store.lockCommunes(communeIds);

  // The first vote of each (commune, device) in the batch is the one that may be inserted.
  const firsts = new Map<string, number>();
  inputs.forEach((input, index) => {
    if (outcomes[index]) return;
    const commune = communes.get(input.communeId);
    if (!commune) outcomes[index] = { kind: 'commune-not-found' };
    else if (!commune.candidates.some((candidate) => candidate.id === input.candidateId))
      outcomes[index] = { kind: 'candidate-not-found' };
    else {
      const key = municipalVoteKey(input.communeId, input.fingerprint);
      if (firsts.has(key)) outcomes[index] = { kind: 'already-voted' };
      else firsts.set(key, index);
    }
  });

  const rows: MunicipalVoteRow[] = [...firsts.values()].map((index) => {
    const { communeId, candidateId, fingerprint } = inputs[index]!;
    return { communeId, candidateId, fingerprint };
  });
  const inserted = await store.insertVotes(rows, at);

  const deltas = new Map<string, CandidateDelta>();
  for (const [key, index] of firsts) {
    if (!inserted.has(key)) {
      outcomes[index] = { kind: 'already-voted' };
      continue;
    }
    const { communeId, candidateId } = inputs[index]!;
    const delta = deltas.get(candidateId) ?? { communeId, candidateId, votes: 0 };
    delta.votes += 1;
    deltas.set(candidateId, delta);
  }
  await store.addToCounters([...deltas.values()]);

  const answers = new Map<string, Commune>();
  for (const [key, index] of firsts) {
    if (!inserted.has(key)) continue;
    const { communeId } = inputs[index]!;
    let commune = answers.get(communeId);
    if (!commune) {
      commune = communeAfter(communes.get(communeId)!, deltas);
      answers.set(communeId, commune);
    }
    outcomes[index] = { kind: 'ok', commune };
  }
  return outcomes;
}

/** The SQLite batch of commune votes, on the connection that runs it (the writer thread's, inside its transaction). */
export function applySqliteMunicipalVoteBatch(
  sqlite: SqliteDatabase,
  inputs: readonly BatchedMunicipalVote[],
  rules: MunicipalVoteBatchRules,
) {
  return applyMunicipalVoteBatch(sqliteMunicipalVoteStore(sqlite), sqliteChallengeStore(sqlite), inputs, rules);
}

const byChallengeId = (a: ChallengeSpend, b: ChallengeSpend) =>
  a.challengeId < b.challengeId ? -1 : a.challengeId > b.challengeId ? 1 : 0;
