import type { Kysely } from 'kysely';
import type { VoteType } from '../../shared/market.js';
import type { DialectName } from '../db/database.js';
import { fromFlag } from '../db/helpers.js';
import type { DB } from '../db/schema.js';
import { addToCommuneHistory, addToMarketHistory } from '../history/history-repository.js';

/** The only place where SQL of the privacy features (export, erasure, retention) is written. */

/** Rows per `IN (…)` list: far below the parameter limits of both engines. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

const asVoteType = (value: string): VoteType => (value === 'yes' ? 'yes' : 'no');

export interface DeviceMarketVote {
  id: number;
  marketId: string;
  marketTitle: string;
  voteType: VoteType;
  createdAt: string;
  updatedAt: string;
  endDate: string;
  resolved: boolean;
}

export async function listDeviceMarketVotes(db: Kysely<DB>, fingerprint: string): Promise<DeviceMarketVote[]> {
  const rows = await db
    .selectFrom('votes')
    .innerJoin('markets', 'markets.id', 'votes.market_id')
    .select([
      'votes.id',
      'votes.market_id',
      'votes.vote_type',
      'votes.created_at',
      'votes.updated_at',
      'markets.title',
      'markets.end_date',
      'markets.resolved',
    ])
    .where('votes.fingerprint', '=', fingerprint)
    .orderBy('votes.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    marketId: row.market_id,
    marketTitle: row.title,
    voteType: asVoteType(row.vote_type),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    endDate: row.end_date,
    resolved: fromFlag(row.resolved),
  }));
}

export interface DeviceMunicipalVote {
  id: number;
  communeId: string;
  commune: string;
  candidateId: string;
  candidateName: string;
  createdAt: string;
}

export async function listDeviceMunicipalVotes(db: Kysely<DB>, fingerprint: string): Promise<DeviceMunicipalVote[]> {
  const rows = await db
    .selectFrom('municipal_votes')
    .innerJoin('municipal_markets', 'municipal_markets.id', 'municipal_votes.market_id')
    .innerJoin('municipal_candidates', 'municipal_candidates.id', 'municipal_votes.candidate_id')
    .select([
      'municipal_votes.id',
      'municipal_votes.market_id',
      'municipal_votes.candidate_id',
      'municipal_votes.created_at',
      'municipal_markets.title',
      'municipal_candidates.name',
    ])
    .where('municipal_votes.fingerprint', '=', fingerprint)
    .orderBy('municipal_votes.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    communeId: row.market_id,
    commune: row.title,
    candidateId: row.candidate_id,
    candidateName: row.name,
    createdAt: row.created_at,
  }));
}

/**
 * Locks the items (predictions, then communes, each in id order) that voting locks, before erasing on
 * them: erasure then serialises with votes on the same items across instances, and one consistent order
 * means two erasures or an erasure and a vote never wait on each other in a cycle. No-op on SQLite,
 * whose writers are serialised anyway.
 */
export async function lockItems(
  db: Kysely<DB>,
  dialect: DialectName,
  items: { marketIds: readonly string[]; communeIds: readonly string[] },
): Promise<void> {
  if (dialect !== 'postgres') return;
  const marketIds = [...new Set(items.marketIds)];
  const communeIds = [...new Set(items.communeIds)];
  for (const part of chunks(marketIds)) {
    await db.selectFrom('markets').select('id').where('id', 'in', part).orderBy('id').forUpdate().execute();
  }
  for (const part of chunks(communeIds)) {
    await db.selectFrom('municipal_markets').select('id').where('id', 'in', part).orderBy('id').forUpdate().execute();
  }
}

/**
 * Deletes these votes of the device and returns the rows this statement actually removed, as they were
 * when removed: a concurrent erasure that got there first leaves nothing to count again, and a vote
 * changed in the meantime is counted off the side it ended on. `counted` is false for a row a burst
 * decision excluded: it is not in the counters. The counted rows leave the history's step counts here.
 */
export async function deleteVotes(
  db: Kysely<DB>,
  fingerprint: string,
  ids: readonly number[],
): Promise<{ marketId: string; voteType: VoteType; counted: boolean }[]> {
  const erased: { marketId: string; voteType: VoteType; counted: boolean }[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .deleteFrom('votes')
      .where('id', 'in', part)
      .where('fingerprint', '=', fingerprint)
      .returning(['market_id', 'vote_type', 'excluded_by', 'created_at'])
      .execute();
    for (const row of rows) {
      erased.push({ marketId: row.market_id, voteType: asVoteType(row.vote_type), counted: row.excluded_by === null });
    }
    await addToMarketHistory(
      db,
      rows
        .filter((row) => row.excluded_by === null)
        .map((row) => ({
          marketId: row.market_id,
          createdAt: row.created_at,
          yes: row.vote_type === 'yes' ? -1 : 0,
          no: row.vote_type === 'yes' ? 0 : -1,
        })),
    );
  }
  return erased;
}

/** As deleteVotes, for municipal votes: the rows removed, with their commune and candidate. */
export async function deleteMunicipalVotes(
  db: Kysely<DB>,
  fingerprint: string,
  ids: readonly number[],
): Promise<{ communeId: string; candidateId: string; counted: boolean }[]> {
  const erased: { communeId: string; candidateId: string; counted: boolean }[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .deleteFrom('municipal_votes')
      .where('id', 'in', part)
      .where('fingerprint', '=', fingerprint)
      .returning(['market_id', 'candidate_id', 'excluded_by', 'created_at'])
      .execute();
    for (const row of rows) {
      erased.push({ communeId: row.market_id, candidateId: row.candidate_id, counted: row.excluded_by === null });
    }
    await addToCommuneHistory(
      db,
      rows
        .filter((row) => row.excluded_by === null)
        .map((row) => ({ communeId: row.market_id, candidateId: row.candidate_id, createdAt: row.created_at, votes: -1 })),
    );
  }
  return erased;
}

/** Drops the link to the device; the row keeps its market, side and dates, so counts stay right. */
export async function unlinkVotes(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  let unlinked = 0;
  for (const part of chunks(ids)) {
    const result = await db.updateTable('votes').set({ fingerprint: null }).where('id', 'in', part).executeTakeFirst();
    unlinked += Number(result.numUpdatedRows);
  }
  return unlinked;
}

export async function unlinkMunicipalVotes(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  let unlinked = 0;
  for (const part of chunks(ids)) {
    const result = await db.updateTable('municipal_votes').set({ fingerprint: null }).where('id', 'in', part).executeTakeFirst();
    unlinked += Number(result.numUpdatedRows);
  }
  return unlinked;
}

// ---- retention

/** Devices whose latest vote (cast or changed, predictions and municipal) is older than `cutoff`. */
export async function listDevicesInactiveSince(db: Kysely<DB>, cutoff: string): Promise<string[]> {
  const activity = db
    .selectFrom('votes')
    .select((eb) => ['fingerprint', eb.fn.max('updated_at').as('last_at')])
    .where('fingerprint', 'is not', null)
    .groupBy('fingerprint')
    .unionAll(
      db
        .selectFrom('municipal_votes')
        .select((eb) => ['fingerprint', eb.fn.max('created_at').as('last_at')])
        .where('fingerprint', 'is not', null)
        .groupBy('fingerprint'),
    );
  const rows = await db
    .selectFrom(activity.as('activity'))
    .select('activity.fingerprint')
    .groupBy('activity.fingerprint')
    .having((eb) => eb.fn.max('activity.last_at'), '<', cutoff)
    .execute();
  return rows.flatMap((row) => (row.fingerprint === null ? [] : [row.fingerprint]));
}

/** Unlinks every vote of these devices, predictions and municipal; returns the rows changed. */
export async function unlinkDevices(
  db: Kysely<DB>,
  fingerprints: readonly string[],
): Promise<{ votes: number; municipal: number }> {
  let votes = 0;
  let municipal = 0;
  for (const part of chunks(fingerprints)) {
    const a = await db.updateTable('votes').set({ fingerprint: null }).where('fingerprint', 'in', part).executeTakeFirst();
    const b = await db
      .updateTable('municipal_votes')
      .set({ fingerprint: null })
      .where('fingerprint', 'in', part)
      .executeTakeFirst();
    votes += Number(a.numUpdatedRows);
    municipal += Number(b.numUpdatedRows);
  }
  return { votes, municipal };
}

export async function listMarketEndDates(db: Kysely<DB>): Promise<{ id: string; endDate: string }[]> {
  const rows = await db.selectFrom('markets').select(['id', 'end_date']).execute();
  return rows.map((row) => ({ id: row.id, endDate: row.end_date }));
}

/** Unlinks the still-linked votes of these predictions. */
export async function unlinkVotesOfMarkets(db: Kysely<DB>, marketIds: readonly string[]): Promise<number> {
  let unlinked = 0;
  for (const part of chunks(marketIds)) {
    const result = await db
      .updateTable('votes')
      .set({ fingerprint: null })
      .where('market_id', 'in', part)
      .where('fingerprint', 'is not', null)
      .executeTakeFirst();
    unlinked += Number(result.numUpdatedRows);
  }
  return unlinked;
}

/** Unlinks the still-linked municipal votes cast before `cutoff`. */
export async function unlinkMunicipalVotesBefore(db: Kysely<DB>, cutoff: string): Promise<number> {
  const result = await db
    .updateTable('municipal_votes')
    .set({ fingerprint: null })
    .where('fingerprint', 'is not', null)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
