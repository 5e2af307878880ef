import type { Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { MUNICIPAL_TOP_CANDIDATES } from '../../shared/constants.js';
import { compareCandidates, type Candidate, type Commune, type MunicipalVoteRecord } from '../../shared/municipal.js';
import type { DialectName } from '../db/database.js';
import { fromFlag, lockForUpdate, toFlag } from '../db/helpers.js';
import type { CandidateRow, DB, MunicipalMarketRow } from '../db/schema.js';
import type { SqliteDatabase } from '../db/sqlite-driver.js';
import type { PgQueryClient } from '../db/transaction-batcher.js';
import {
  deleteCommuneHistory,
  groupCommuneDeltas,
  hourOf,
  minuteOf,
  pgAddCommuneHistoryCtes,
  SQLITE_ADD_COMMUNE_HOUR,
  SQLITE_ADD_COMMUNE_MINUTE,
  type CommuneHistoryDelta,
} from '../history/history-repository.js';

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

export async function listMunicipalVotesOfFingerprint(db: Kysely<DB>, fingerprint: string): Promise<MunicipalVoteRecord[]> {
  const rows = await db
    .selectFrom('municipal_votes')
    .select(['market_id', 'candidate_id'])
    .where('fingerprint', '=', fingerprint)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ marketId: row.market_id, candidateId: row.candidate_id }));
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

// ---- the commune vote path, batch by batch (src/server/municipal/municipal-vote-batch.ts)

/** A commune as a vote batch locks it: every candidate (not only the top three), for the rules and the answers. */
export interface LockedCommune {
  id: string;
  title: string;
  trending: boolean;
  createdAt: string;
  totalVotes: number;
  candidates: Candidate[];
}

/** A device's vote in a commune (the key of the one-vote rule is the commune and the device). */
export interface MunicipalVoteRow {
  communeId: string;
  candidateId: string;
  fingerprint: string;
}

/** Votes a batch adds to one candidate (and to its commune's total). */
export interface CandidateDelta {
  communeId: string;
  candidateId: string;
  votes: number;
}

/**
 * The commune vote write path. Each method handles every vote of one batch and runs inside the batch's
 * transaction: better-sqlite3 statements prepared once per connection on SQLite, fixed-text statements taking
 * arrays on PostgreSQL, so the hot path builds no SQL per vote.
 */
export interface MunicipalVoteBatchStore {
  /** The communes of the batch with all their candidates, locked in id order on PostgreSQL; absent when unknown. */
  lockCommunes(ids: readonly string[]): Promise<Map<string, LockedCommune>>;
  /**
   * Inserts the rows whose (commune, device) has none yet; returns the keys (`municipalVoteKey`) inserted. The
   * history's step counts take the inserted rows in the same statement (PostgreSQL) or right after (SQLite).
   */
  insertVotes(rows: readonly MunicipalVoteRow[], at: string): Promise<Set<string>>;
  /** Adds the summed deltas to each candidate and to each commune's total. */
  addToCounters(deltas: readonly CandidateDelta[]): Promise<void>;
}

export const municipalVoteKey = (communeId: string, fingerprint: string): string => `${communeId}\u0000${fingerprint}`;

/** The commune as a batch leaves it: the locked one plus the batch's deltas, with its top three candidates. */
export function communeAfter(locked: LockedCommune, deltas: ReadonlyMap<string, CandidateDelta>): Commune {
  let added = 0;
  const candidates = locked.candidates.map((candidate) => {
    const delta = deltas.get(candidate.id)?.votes ?? 0;
    added += delta;
    return delta === 0 ? candidate : { ...candidate, votes: candidate.votes + delta };
  });
  const { candidates: _all, ...commune } = locked;
  return {
    ...commune,
    totalVotes: locked.totalVotes + added,
    candidates: candidates.sort(compareCandidates).slice(0, MUNICIPAL_TOP_CANDIDATES),
  };
}

/** The commune as `toCommune` reads it, with every candidate (the batch's answers pick the top ones after its votes). */
function lockedOf(row: MunicipalMarketRow, candidates: readonly CandidateRow[]): LockedCommune {
  return { ...toCommune(row, []), candidates: candidates.map(toCandidate) };
}

/** Sums the deltas per commune, for the totals. */
function communeTotals(deltas: readonly CandidateDelta[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const delta of deltas) totals.set(delta.communeId, (totals.get(delta.communeId) ?? 0) + delta.votes);
  return totals;
}

interface SqliteMunicipalStatements {
  commune: Statement<[string], MunicipalMarketRow>;
  candidates: Statement<[string], CandidateRow>;
  insert: Statement<[string, string, string, string]>;
  addHour: Statement<[string, string, string, number]>;
  addMinute: Statement<[string, string, string, number]>;
  candidateVotes: Statement<[number, string]>;
  communeTotal: Statement<[number, string]>;
}

const sqliteStatements = new WeakMap<SqliteDatabase, SqliteMunicipalStatements>();

function statementsOf(sqlite: SqliteDatabase): SqliteMunicipalStatements {
  let statements = sqliteStatements.get(sqlite);
  if (!statements) {
    statements = {
      commune: sqlite.prepare<[string], MunicipalMarketRow>('select * from municipal_markets where id = ?'),
      candidates: sqlite.prepare<[string], CandidateRow>('select * from municipal_candidates where market_id = ?'),
      insert: sqlite.prepare<[string, string, string, string]>(
        `insert into municipal_votes (market_id, candidate_id, fingerprint, created_at) values (?, ?, ?, ?)
         on conflict (market_id, fingerprint) do nothing`,
      ),
      addHour: sqlite.prepare<[string, string, string, number]>(SQLITE_ADD_COMMUNE_HOUR),
      addMinute: sqlite.prepare<[string, string, string, number]>(SQLITE_ADD_COMMUNE_MINUTE),
      candidateVotes: sqlite.prepare<[number, string]>('update municipal_candidates set votes = votes + ? where id = ?'),
      communeTotal: sqlite.prepare<[number, string]>('update municipal_markets set total_votes = total_votes + ? where id = ?'),
    };
    sqliteStatements.set(sqlite, statements);
  }
  return statements;
}

/** SQLite: one writer at a time, so reading the commune is enough to hold the rules until COMMIT. */
export function sqliteMunicipalVoteStore(sqlite: SqliteDatabase): MunicipalVoteBatchStore {
  const s = statementsOf(sqlite);
  return {
    lockCommunes(ids) {
      const communes = new Map<string, LockedCommune>();
      for (const id of ids) {
        const row = s.commune.get(id);
        if (row) communes.set(id, lockedOf(row, s.candidates.all(id)));
      }
      return Promise.resolve(communes);
    },
    insertVotes(rows, at) {
      const inserted = new Set<string>();
      const history: CommuneHistoryDelta[] = [];
      for (const row of rows) {
        if (s.insert.run(row.communeId, row.candidateId, row.fingerprint, at).changes === 0) continue;
        inserted.add(municipalVoteKey(row.communeId, row.fingerprint));
        history.push({ communeId: row.communeId, candidateId: row.candidateId, createdAt: at, votes: 1 });
      }
      for (const e of groupCommuneDeltas(history, hourOf)) s.addHour.run(e.communeId, e.candidateId, e.step, e.votes);
      for (const e of groupCommuneDeltas(history, minuteOf)) s.addMinute.run(e.communeId, e.candidateId, e.step, e.votes);
      return Promise.resolve(inserted);
    },
    addToCounters(deltas) {
      for (const delta of deltas) s.candidateVotes.run(delta.votes, delta.candidateId);
      for (const [communeId, votes] of communeTotals(deltas)) s.communeTotal.run(votes, communeId);
      return Promise.resolve();
    },
  };
}

const PG_LOCK_COMMUNES = 'select * from municipal_markets where id = any($1::text[]) order by id for update';
const PG_CANDIDATES_OF = 'select * from municipal_candidates where market_id = any($1::text[])';
const PG_INSERT_MUNICIPAL_VOTES = `with inserted as (
    insert into municipal_votes (market_id, candidate_id, fingerprint, created_at)
    select u.m, u.c, u.f, $4 from unnest($1::text[], $2::text[], $3::text[]) as u(m, c, f)
    on conflict (market_id, fingerprint) do nothing returning market_id, candidate_id, fingerprint, created_at),
  added as (select market_id, candidate_id, created_at, 1 as v from inserted),
  ${pgAddCommuneHistoryCtes('added')}
  select market_id, fingerprint from inserted`;
const PG_ADD_TO_MUNICIPAL_COUNTERS = `with candidates as (
    update municipal_candidates k set votes = k.votes + u.v
    from unnest($1::text[], $2::int[]) as u(id, v) where k.id = u.id)
  update municipal_markets m set total_votes = m.total_votes + u.v
  from unnest($3::text[], $4::int[]) as u(id, v) where m.id = u.id`;

/** PostgreSQL: each method is one statement for the whole batch (two to lock), whatever its size. */
export function postgresMunicipalVoteStore(client: PgQueryClient): MunicipalVoteBatchStore {
  const run = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    client.query<R>({ name, text, values });
  return {
    async lockCommunes(ids) {
      if (ids.length === 0) return new Map();
      const communes = await run<MunicipalMarketRow>('municipal-lock-communes', PG_LOCK_COMMUNES, [ids]);
      const candidates = await run<CandidateRow>('municipal-candidates-of', PG_CANDIDATES_OF, [ids]);
      const byCommune = new Map<string, CandidateRow[]>();
      for (const row of candidates.rows) {
        const list = byCommune.get(row.market_id) ?? [];
        list.push(row);
        byCommune.set(row.market_id, list);
      }
      return new Map(communes.rows.map((row) => [row.id, lockedOf(row, byCommune.get(row.id) ?? [])]));
    },
    async insertVotes(rows, at) {
      if (rows.length === 0) return new Set();
      const result = await run<{ market_id: string; fingerprint: string }>('municipal-vote-insert', PG_INSERT_MUNICIPAL_VOTES, [
        rows.map((row) => row.communeId),
        rows.map((row) => row.candidateId),
        rows.map((row) => row.fingerprint),
        at,
      ]);
      return new Set(result.rows.map((row) => municipalVoteKey(row.market_id, row.fingerprint)));
    },
    async addToCounters(deltas) {
      if (deltas.length === 0) return;
      const totals = communeTotals(deltas);
      await run('municipal-vote-counters', PG_ADD_TO_MUNICIPAL_COUNTERS, [
        deltas.map((delta) => delta.candidateId),
        deltas.map((delta) => delta.votes),
        [...totals.keys()],
        [...totals.values()],
      ]);
    },
  };
}
