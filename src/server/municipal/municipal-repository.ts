import type { Kysely } from 'kysely';
import { MUNICIPAL_TOP_CANDIDATES } from '../../shared/constants.js';
import { compareCandidates, type Candidate, type Commune, type MunicipalVoteRecord } from '../../shared/municipal.js';
import type { DialectName } from '../db/database.js';
import { fromFlag, lockForUpdate, toFlag } from '../db/helpers.js';
import type { CandidateRow, DB, MunicipalMarketRow } from '../db/schema.js';
import { addToCommuneHistory, deleteCommuneHistory } from '../history/history-repository.js';

/** The only place where SQL on communes, candidates and municipal votes is written. */

function toCandidate(row: CandidateRow): Candidate {
  return { id: row.id, name: row.name, votes: row.votes };
}

function toCommune(row: MunicipalMarketRow, candidates: Candidate[]): Commune {
  return {
    id: row.id,
    title: row.title,
    trending: fromFlag(row.trending),
    createdAt: row.created_at,
    totalVotes: row.total_votes,
    candidates: candidates.slice(0, MUNICIPAL_TOP_CANDIDATES),
  };
}

/** Communes newest first, each with its top three candidates; two queries whatever the count. */
export async function listCommunes(db: Kysely<DB>, ids?: readonly string[]): Promise<Commune[]> {
  if (ids && ids.length === 0) return [];
  let communeQuery = db.selectFrom('municipal_markets').selectAll().orderBy('created_at', 'desc').orderBy('id');
  let candidateQuery = db.selectFrom('municipal_candidates').selectAll();
  if (ids) {
    communeQuery = communeQuery.where('id', 'in', ids);
    candidateQuery = candidateQuery.where('market_id', 'in', ids);
  }
  const [communes, candidates] = await Promise.all([communeQuery.execute(), candidateQuery.execute()]);
  const byCommune = new Map<string, Candidate[]>();
  for (const row of candidates) {
    const list = byCommune.get(row.market_id) ?? [];
    list.push(toCandidate(row));
    byCommune.set(row.market_id, list);
  }
  return communes.map((row) => toCommune(row, (byCommune.get(row.id) ?? []).sort(compareCandidates)));
}

export async function findCommune(db: Kysely<DB>, id: string): Promise<Commune | undefined> {
  const [commune] = await listCommunes(db, [id]);
  return commune;
}

export async function communeExists(db: Kysely<DB>, dialect: DialectName, id: string, lock = false): Promise<boolean> {
  const query = db.selectFrom('municipal_markets').select('id').where('id', '=', id);
  const row = await (lock ? lockForUpdate(query, dialect) : query).executeTakeFirst();
  return row !== undefined;
}

export async function listCandidates(db: Kysely<DB>, communeId: string): Promise<Candidate[]> {
  const rows = await db.selectFrom('municipal_candidates').selectAll().where('market_id', '=', communeId).execute();
  return rows.map(toCandidate).sort(compareCandidates);
}

export async function candidateBelongsTo(db: Kysely<DB>, communeId: string, candidateId: string): Promise<boolean> {
  const row = await db
    .selectFrom('municipal_candidates')
    .select('id')
    .where('id', '=', candidateId)
    .where('market_id', '=', communeId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listMunicipalVotesOfFingerprint(db: Kysely<DB>, fingerprint: string): Promise<MunicipalVoteRecord[]> {
  const rows = await db
    .selectFrom('municipal_votes')
    .select(['market_id', 'candidate_id'])
    .where('fingerprint', '=', fingerprint)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ marketId: row.market_id, candidateId: row.candidate_id }));
}

/** Records the device's vote for the commune unless it has one, in the history's step counts too; true when a row was written. */
export async function insertMunicipalVoteIfAbsent(
  db: Kysely<DB>,
  vote: { communeId: string; candidateId: string; fingerprint: string; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('municipal_votes')
    .values({ market_id: vote.communeId, candidate_id: vote.candidateId, fingerprint: vote.fingerprint, created_at: vote.at })
    .onConflict((oc) => oc.columns(['market_id', 'fingerprint']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return false;
  await addToCommuneHistory(db, [{ communeId: vote.communeId, candidateId: vote.candidateId, createdAt: vote.at, votes: 1 }]);
  return true;
}

export async function adjustCandidateVotes(db: Kysely<DB>, communeId: string, candidateId: string, delta: number): Promise<void> {
  await db
    .updateTable('municipal_candidates')
    .set((eb) => ({ votes: eb('votes', '+', delta) }))
    .where('id', '=', candidateId)
    .execute();
  await db
    .updateTable('municipal_markets')
    .set((eb) => ({ total_votes: eb('total_votes', '+', delta) }))
    .where('id', '=', communeId)
    .execute();
}

export async function insertCommune(
  db: Kysely<DB>,
  commune: { id: string; title: string; trending: boolean },
  at: string,
): Promise<void> {
  await db
    .insertInto('municipal_markets')
    .values({ id: commune.id, title: commune.title, trending: toFlag(commune.trending), created_at: at, total_votes: 0 })
    .execute();
}

/** The patch names at least one field (an empty one is only an existence check, done by the caller). */
export async function updateCommune(db: Kysely<DB>, id: string, patch: { title?: string; trending?: boolean }): Promise<boolean> {
  const result = await db
    .updateTable('municipal_markets')
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.trending !== undefined && { trending: toFlag(patch.trending) }),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a commune with its candidates and votes; locks it first, as a municipal vote does. */
export async function deleteCommune(db: Kysely<DB>, dialect: DialectName, id: string): Promise<boolean> {
  if (!(await communeExists(db, dialect, id, true))) return false;
  await db.deleteFrom('municipal_votes').where('market_id', '=', id).execute();
  await deleteCommuneHistory(db, id);
  await db.deleteFrom('municipal_candidates').where('market_id', '=', id).execute();
  const result = await db.deleteFrom('municipal_markets').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether a candidate id is taken, in any commune (ids are unique across the site). */
export async function candidateIdTaken(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('municipal_candidates').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertCandidate(db: Kysely<DB>, candidate: { id: string; communeId: string; name: string }): Promise<void> {
  await db
    .insertInto('municipal_candidates')
    .values({ id: candidate.id, market_id: candidate.communeId, name: candidate.name, votes: 0 })
    .execute();
}

export async function renameCandidate(db: Kysely<DB>, communeId: string, candidateId: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('municipal_candidates')
    .set({ name })
    .where('id', '=', candidateId)
    .where('market_id', '=', communeId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Removes a candidate with its votes, and takes off the commune's total exactly the rows deleted (not
 * the candidate's counter). The caller holds the commune's lock, as a municipal vote does.
 */
export async function deleteCandidate(db: Kysely<DB>, communeId: string, candidateId: string): Promise<boolean> {
  const candidate = await db
    .selectFrom('municipal_candidates')
    .select('id')
    .where('id', '=', candidateId)
    .where('market_id', '=', communeId)
    .executeTakeFirst();
  if (!candidate) return false;
  const erased = await db
    .deleteFrom('municipal_votes')
    .where('candidate_id', '=', candidateId)
    .returning('excluded_by')
    .execute();
  await db.deleteFrom('municipal_candidates').where('id', '=', candidateId).execute();
  await deleteCommuneHistory(db, communeId, candidateId);
  // Votes a burst decision excluded were not in the total.
  const counted = erased.filter((row) => row.excluded_by === null).length;
  if (counted > 0) {
    await db
      .updateTable('municipal_markets')
      .set((eb) => ({ total_votes: eb('total_votes', '-', counted) }))
      .where('id', '=', communeId)
      .execute();
  }
  return true;
}

/** When the first vote in a commune was cast (ISO 8601), or null. */
export async function firstMunicipalVoteAt(db: Kysely<DB>, communeId: string): Promise<string | null> {
  const row = await db
    .selectFrom('municipal_votes')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('market_id', '=', communeId)
    .where('excluded_by', 'is', null)
    .executeTakeFirst();
  return row?.first ?? null;
}
