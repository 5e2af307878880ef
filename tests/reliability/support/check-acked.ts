import type { Database } from '../../../src/server/db/database.js';
import type { AckedVote } from './load.js';

/** Acknowledged votes missing from the database (or stored with another side or candidate). */
export async function missingAcked(database: Database, acked: readonly AckedVote[]): Promise<AckedVote[]> {
  const votes = await database.db.selectFrom('votes').select(['market_id', 'fingerprint', 'vote_type']).execute();
  const municipal = await database.db.selectFrom('municipal_votes').select(['candidate_id', 'fingerprint']).execute();
  const stored = new Map(votes.map((row) => [`${row.market_id}|${row.fingerprint ?? ''}`, row.vote_type]));
  const storedMunicipal = new Map(municipal.map((row) => [row.fingerprint ?? '', row.candidate_id]));
  return acked.filter((vote) =>
    vote.kind === 'market'
      ? stored.get(`${vote.marketId}|${vote.fingerprint}`) !== vote.voteType
      : storedMunicipal.get(vote.fingerprint) !== vote.candidateId,
  );
}
