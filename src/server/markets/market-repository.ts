import type { Kysely } from 'kysely';
import { isCategoryId, type CategoryId } from '../../shared/categories.js';
import type { MarketActivity } from '../../shared/admin-activity.js';
import { toMarketView, type Market, type VoteType } from '../../shared/market.js';
import type { DialectName } from '../db/database.js';
import { fromFlag, lockForUpdate, toFlag } from '../db/helpers.js';
import type { DB, MarketRow } from '../db/schema.js';

/** The only place where SQL on markets and votes is written. */

export function toMarket(row: MarketRow): Market {
  const category: CategoryId = isCategoryId(row.category) ? row.category : 'social';
  return toMarketView({
    id: row.id,
    title: row.title,
    description: row.description,
    category,
    endDate: row.end_date,
    yesVotes: row.yes_votes,
    noVotes: row.no_votes,
    trending: fromFlag(row.trending),
    resolved: fromFlag(row.resolved),
    outcome: row.outcome === 'yes' || row.outcome === 'no' ? row.outcome : null,
  });
}

export async function listMarkets(db: Kysely<DB>): Promise<Market[]> {
  const rows = await db.selectFrom('markets').selectAll().execute();
  return rows.map(toMarket);
}

export async function findMarketsByIds(db: Kysely<DB>, ids: readonly string[]): Promise<Market[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('markets').selectAll().where('id', 'in', ids).execute();
  return rows.map(toMarket);
}

export async function findMarket(db: Kysely<DB>, id: string): Promise<Market | undefined> {
  const row = await db.selectFrom('markets').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toMarket(row) : undefined;
}

export async function findMarketForUpdate(db: Kysely<DB>, dialect: DialectName, id: string): Promise<Market | undefined> {
  const row = await lockForUpdate(db.selectFrom('markets').selectAll().where('id', '=', id), dialect).executeTakeFirst();
  return row ? toMarket(row) : undefined;
}

export async function listVotesOfFingerprint(
  db: Kysely<DB>,
  fingerprint: string,
): Promise<{ marketId: string; voteType: VoteType }[]> {
  const rows = await db
    .selectFrom('votes')
    .select(['market_id', 'vote_type'])
    .where('fingerprint', '=', fingerprint)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ marketId: row.market_id, voteType: row.vote_type === 'yes' ? 'yes' : 'no' }));
}

/** Inserts the device's vote unless it already has one; true when a row was written. */
export async function insertVoteIfAbsent(
  db: Kysely<DB>,
  vote: { marketId: string; voteType: VoteType; fingerprint: string; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('votes')
    .values({
      market_id: vote.marketId,
      vote_type: vote.voteType,
      fingerprint: vote.fingerprint,
      created_at: vote.at,
      updated_at: vote.at,
    })
    .onConflict((oc) => oc.columns(['market_id', 'fingerprint']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findVoteForUpdate(
  db: Kysely<DB>,
  dialect: DialectName,
  marketId: string,
  fingerprint: string,
): Promise<VoteType | undefined> {
  const row = await lockForUpdate(
    db.selectFrom('votes').select('vote_type').where('market_id', '=', marketId).where('fingerprint', '=', fingerprint),
    dialect,
  ).executeTakeFirst();
  if (!row) return undefined;
  return row.vote_type === 'yes' ? 'yes' : 'no';
}

/**
 * Switches the device's vote from one side to the other; true only when this statement changed a row,
 * so the caller moves the counters only for a change that really happened.
 */
export async function updateVoteType(
  db: Kysely<DB>,
  vote: { marketId: string; fingerprint: string; from: VoteType; to: VoteType; at: string },
): Promise<boolean> {
  const row = await db
    .updateTable('votes')
    .set({ vote_type: vote.to, updated_at: vote.at })
    .where('market_id', '=', vote.marketId)
    .where('fingerprint', '=', vote.fingerprint)
    .where('vote_type', '=', vote.from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the counters by deltas in one statement, so they always follow the vote rows; returns the new state. */
export async function adjustCounters(
  db: Kysely<DB>,
  marketId: string,
  yesDelta: number,
  noDelta: number,
  at: string,
): Promise<Market> {
  const row = await db
    .updateTable('markets')
    .set((eb) => ({
      yes_votes: eb('yes_votes', '+', yesDelta),
      no_votes: eb('no_votes', '+', noDelta),
      total_votes: eb('total_votes', '+', yesDelta + noDelta),
      updated_at: at,
    }))
    .where('id', '=', marketId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMarket(row);
}

export interface MarketWrite {
  id: string;
  title: string;
  description: string;
  category: CategoryId;
  endDate: string;
  trending: boolean;
}

export async function insertMarket(db: Kysely<DB>, market: MarketWrite, at: string): Promise<void> {
  await db
    .insertInto('markets')
    .values({
      id: market.id,
      title: market.title,
      description: market.description,
      category: market.category,
      end_date: market.endDate,
      trending: toFlag(market.trending),
      yes_votes: 0,
      no_votes: 0,
      total_votes: 0,
      resolved: 0,
      outcome: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function updateMarket(
  db: Kysely<DB>,
  id: string,
  patch: Partial<Omit<MarketWrite, 'id'>>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('markets')
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.category !== undefined && { category: patch.category }),
      ...(patch.endDate !== undefined && { end_date: patch.endDate }),
      ...(patch.trending !== undefined && { trending: toFlag(patch.trending) }),
      updated_at: at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function resolveMarket(db: Kysely<DB>, id: string, outcome: VoteType, at: string): Promise<boolean> {
  const result = await db
    .updateTable('markets')
    .set({ resolved: 1, outcome, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a prediction and its votes (its counters go with it); locks it first, as a vote does. */
export async function deleteMarket(db: Kysely<DB>, dialect: DialectName, id: string): Promise<boolean> {
  const locked = await lockForUpdate(db.selectFrom('markets').select('id').where('id', '=', id), dialect).executeTakeFirst();
  if (!locked) return false;
  await db.deleteFrom('votes').where('market_id', '=', id).execute();
  const result = await db.deleteFrom('markets').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function marketExists(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('markets').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

const FIVE_MINUTES_MS = 5 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

/**
 * Every prediction with the votes cast (or switched side) in the last 5 and 60 minutes, busiest first.
 * Read from the vote rows, so the figures are the same whichever instance answers.
 */
export async function countRecentVotes(db: Kysely<DB>, now: Date): Promise<MarketActivity[]> {
  const fiveMinutesAgo = new Date(now.getTime() - FIVE_MINUTES_MS).toISOString();
  const hourAgo = new Date(now.getTime() - ONE_HOUR_MS).toISOString();
  const recent = await db
    .selectFrom('votes')
    .select((eb) => [
      'market_id',
      eb.fn.countAll<number | string>().as('last_hour'),
      eb.fn.sum<number | string | null>(eb.case().when('updated_at', '>=', fiveMinutesAgo).then(1).else(0).end()).as('last_5'),
    ])
    .where('updated_at', '>=', hourAgo)
    .groupBy('market_id')
    .execute();
  const byMarket = new Map(recent.map((row) => [row.market_id, row]));
  const markets = await db.selectFrom('markets').select(['id', 'title']).execute();
  return markets
    .map((market) => {
      const row = byMarket.get(market.id);
      return {
        id: market.id,
        title: market.title,
        votesLast5Minutes: Number(row?.last_5 ?? 0),
        votesLastHour: Number(row?.last_hour ?? 0),
      };
    })
    .sort(
      (a, b) =>
        b.votesLast5Minutes - a.votesLast5Minutes || b.votesLastHour - a.votesLastHour || a.title.localeCompare(b.title, 'fr'),
    );
}

/** When the first vote on a prediction was cast (ISO 8601), or null. */
export async function firstVoteAt(db: Kysely<DB>, marketId: string): Promise<string | null> {
  const row = await db
    .selectFrom('votes')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('market_id', '=', marketId)
    .executeTakeFirst();
  return row?.first ?? null;
}

/**
 * Votes on a prediction cast before each instant (ISO 8601, ascending), OUI and NON. One count for what came
 * before the first instant, then the rows in between, read in order of time along the (market, time) index.
 * A vote counts with the answer it holds today from the moment it was first cast.
 */
export async function votesBeforeInstants(
  db: Kysely<DB>,
  marketId: string,
  instants: readonly string[],
): Promise<{ yesVotes: number; noVotes: number }[]> {
  const first = instants[0];
  const last = instants[instants.length - 1];
  if (first === undefined || last === undefined) return [];
  const before = await db
    .selectFrom('votes')
    .select(['vote_type', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('market_id', '=', marketId)
    .where('created_at', '<', first)
    .groupBy('vote_type')
    .execute();
  let yesVotes = 0;
  let noVotes = 0;
  for (const row of before) {
    if (row.vote_type === 'yes') yesVotes += Number(row.count);
    else noVotes += Number(row.count);
  }
  const rows = await db
    .selectFrom('votes')
    .select(['created_at', 'vote_type'])
    .where('market_id', '=', marketId)
    .where('created_at', '>=', first)
    .where('created_at', '<', last)
    .orderBy('created_at')
    .execute();
  const counts: { yesVotes: number; noVotes: number }[] = [];
  let next = 0;
  for (const instant of instants) {
    while (next < rows.length && rows[next]!.created_at < instant) {
      if (rows[next]!.vote_type === 'yes') yesVotes += 1;
      else noVotes += 1;
      next += 1;
    }
    counts.push({ yesVotes, noVotes });
  }
  return counts;
}
