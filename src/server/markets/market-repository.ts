import type { Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { isCategoryId, type CategoryId } from '../../shared/categories.js';
import type { MarketActivity } from '../../shared/admin-activity.js';
import { toMarketView, type Market, type VoteType } from '../../shared/market.js';
import type { DialectName } from '../db/database.js';
import type { SqliteDatabase } from '../db/sqlite-driver.js';
import { fromFlag, lockForUpdate, toFlag } from '../db/helpers.js';
import type { PgQueryClient } from '../db/transaction-batcher.js';
import type { DB, MarketRow } from '../db/schema.js';
import {
  deleteMarketHistory,
  groupMarketDeltas,
  hourOf,
  minuteOf,
  pgAddMarketHistoryCtes,
  SQLITE_ADD_MARKET_HOUR,
  SQLITE_ADD_MARKET_MINUTE,
  type MarketHistoryDelta,
} from '../history/history-repository.js';

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
  await deleteMarketHistory(db, id);
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
    .where('excluded_by', 'is', null)
    .executeTakeFirst();
  return row?.first ?? null;
}

/**
 * Counted votes (not excluded by a burst decision) on a prediction cast before each instant (ISO 8601, ascending), OUI and NON. One count for what came
 * before the first instant, then the rows in between, read in order of time along the (market, time) index.
 * A vote counts with the answer it holds today from the moment it was first cast.
 * Costs the number of votes: histories read the step counts (`marketVotesBeforeInstants`); this one is what the
 * benchmark compares them with.
 */
export async function votesBeforeInstantsFromRows(
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
    .where('excluded_by', 'is', null)
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
    .where('excluded_by', 'is', null)
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

/**
 * The vote write path, batch by batch (docs/decisions/025-vote-batching.md). Each method handles every vote
 * of one batch and runs inside the batch's transaction: plain better-sqlite3 statements prepared once on
 * SQLite, fixed-text statements taking arrays (prepared once per connection) on PostgreSQL, so the hot path
 * builds and compiles no SQL per vote.
 */
export interface VoteBatchStore {
  /** The markets of the batch, locked in id order on PostgreSQL (so two batches never deadlock); absent when unknown. */
  lockMarkets(ids: readonly string[]): Promise<Map<string, MarketRow>>;
  /**
   * Inserts the rows whose (market, device) has none yet; returns the keys (`voteKey`) inserted. The history's
   * step counts take the inserted rows in the same statement (PostgreSQL) or right after (SQLite).
   */
  insertVotes(rows: readonly VoteRowWrite[], at: string): Promise<Set<string>>;
  /** The current side of each (market, device) that has a row, locked on PostgreSQL; keyed by `voteKey`. */
  findVotes(keys: readonly VoteKey[]): Promise<Map<string, FoundVote>>;
  /**
   * Moves each row from one side to the other; returns how many rows this statement switched. A counted row
   * moves across in the history's step counts too, at the time it was first cast.
   */
  switchVotes(rows: readonly VoteSwitch[], at: string): Promise<number>;
  /** Adds each market's summed deltas with one statement per market (one statement in all on PostgreSQL). */
  addToCounters(deltas: readonly CounterDelta[], at: string): Promise<void>;
}

export interface VoteKey {
  marketId: string;
  fingerprint: string;
}
/** A device's row: its side, and whether a burst's exclusion keeps it out of the public counts. */
export interface FoundVote {
  side: VoteType;
  excluded: boolean;
}
export interface VoteRowWrite extends VoteKey {
  voteType: VoteType;
}
export interface VoteSwitch extends VoteKey {
  from: VoteType;
  to: VoteType;
}
export interface CounterDelta {
  marketId: string;
  yes: number;
  no: number;
}

export const voteKey = (marketId: string, fingerprint: string): string => `${marketId}\u0000${fingerprint}`;
const sideOf = (value: string): VoteType => (value === 'yes' ? 'yes' : 'no');
const foundOf = (row: { vote_type: string; excluded_by: string | null }): FoundVote => ({
  side: sideOf(row.vote_type),
  excluded: row.excluded_by !== null,
});

interface SqliteVoteStatements {
  market: Statement<[string], MarketRow>;
  insert: Statement<[string, string, string, string, string]>;
  find: Statement<[string, string], { vote_type: string; excluded_by: string | null }>;
  switchSide: Statement<[string, string, string, string, string], { created_at: string; excluded_by: string | null }>;
  addHour: Statement<[string, string, number, number]>;
  addMinute: Statement<[string, string, number, number]>;
  counters: Statement<[number, number, number, string, string]>;
}

const sqliteStatements = new WeakMap<SqliteDatabase, SqliteVoteStatements>();

function statementsOf(sqlite: SqliteDatabase): SqliteVoteStatements {
  let statements = sqliteStatements.get(sqlite);
  if (!statements) {
    statements = {
      market: sqlite.prepare<[string], MarketRow>('select * from markets where id = ?'),
      insert: sqlite.prepare<[string, string, string, string, string]>(
        `insert into votes (market_id, vote_type, fingerprint, created_at, updated_at) values (?, ?, ?, ?, ?)
         on conflict (market_id, fingerprint) do nothing`,
      ),
      find: sqlite.prepare<[string, string], { vote_type: string; excluded_by: string | null }>(
        'select vote_type, excluded_by from votes where market_id = ? and fingerprint = ?',
      ),
      switchSide: sqlite.prepare<[string, string, string, string, string], { created_at: string; excluded_by: string | null }>(
        `update votes set vote_type = ?, updated_at = ? where market_id = ? and fingerprint = ? and vote_type = ?
         returning created_at, excluded_by`,
      ),
      addHour: sqlite.prepare<[string, string, number, number]>(SQLITE_ADD_MARKET_HOUR),
      addMinute: sqlite.prepare<[string, string, number, number]>(SQLITE_ADD_MARKET_MINUTE),
      counters: sqlite.prepare<[number, number, number, string, string]>(
        `update markets set yes_votes = yes_votes + ?, no_votes = no_votes + ?, total_votes = total_votes + ?,
         updated_at = ? where id = ?`,
      ),
    };
    sqliteStatements.set(sqlite, statements);
  }
  return statements;
}

/** SQLite: one writer at a time, so reading the market is enough to hold the rule until COMMIT. */
export function sqliteVoteStore(sqlite: SqliteDatabase): VoteBatchStore {
  const s = statementsOf(sqlite);
  const addToHistory = (deltas: readonly MarketHistoryDelta[]) => {
    for (const e of groupMarketDeltas(deltas, hourOf)) s.addHour.run(e.marketId, e.step, e.yes, e.no);
    for (const e of groupMarketDeltas(deltas, minuteOf)) s.addMinute.run(e.marketId, e.step, e.yes, e.no);
  };
  return {
    lockMarkets(ids) {
      const rows = new Map<string, MarketRow>();
      for (const id of ids) {
        const row = s.market.get(id);
        if (row) rows.set(id, row);
      }
      return Promise.resolve(rows);
    },
    insertVotes(rows, at) {
      const inserted = new Set<string>();
      const history: MarketHistoryDelta[] = [];
      for (const row of rows) {
        if (s.insert.run(row.marketId, row.voteType, row.fingerprint, at, at).changes > 0) {
          inserted.add(voteKey(row.marketId, row.fingerprint));
          history.push({
            marketId: row.marketId,
            createdAt: at,
            yes: row.voteType === 'yes' ? 1 : 0,
            no: row.voteType === 'yes' ? 0 : 1,
          });
        }
      }
      addToHistory(history);
      return Promise.resolve(inserted);
    },
    findVotes(keys) {
      const found = new Map<string, FoundVote>();
      for (const key of keys) {
        const row = s.find.get(key.marketId, key.fingerprint);
        if (row) found.set(voteKey(key.marketId, key.fingerprint), foundOf(row));
      }
      return Promise.resolve(found);
    },
    switchVotes(rows, at) {
      let switched = 0;
      const history: MarketHistoryDelta[] = [];
      for (const row of rows) {
        const done = s.switchSide.get(row.to, at, row.marketId, row.fingerprint, row.from);
        if (!done) continue;
        switched += 1;
        // A vote counts from when it was first cast, with the side it holds now (decision 021).
        if (done.excluded_by === null) history.push({ marketId: row.marketId, createdAt: done.created_at, ...moveTo(row.to) });
      }
      addToHistory(history);
      return Promise.resolve(switched);
    },
    addToCounters(deltas, at) {
      for (const delta of deltas) s.counters.run(delta.yes, delta.no, delta.yes + delta.no, at, delta.marketId);
      return Promise.resolve();
    },
  };
}

/** One vote moved to `to` from the other side. */
const moveTo = (to: VoteType): { yes: number; no: number } => (to === 'yes' ? { yes: 1, no: -1 } : { yes: -1, no: 1 });

const PG_LOCK_MARKETS = 'select * from markets where id = any($1::text[]) order by id for update';
const PG_INSERT_VOTES = `with inserted as (
    insert into votes (market_id, vote_type, fingerprint, created_at, updated_at)
    select u.m, u.t, u.f, $4, $4 from unnest($1::text[], $2::text[], $3::text[]) as u(m, t, f)
    on conflict (market_id, fingerprint) do nothing returning market_id, fingerprint, vote_type, created_at),
  added as (select market_id, created_at, case when vote_type = 'yes' then 1 else 0 end as y,
    case when vote_type = 'yes' then 0 else 1 end as n from inserted),
  ${pgAddMarketHistoryCtes('added')}
  select market_id, fingerprint from inserted`;
const PG_FIND_VOTES = `select v.market_id, v.fingerprint, v.vote_type, v.excluded_by from votes v
  join unnest($1::text[], $2::text[]) as u(m, f) on v.market_id = u.m and v.fingerprint = u.f
  order by v.market_id, v.fingerprint for update of v`;
const PG_SWITCH_VOTES = `with switched as (
    update votes v set vote_type = u.t, updated_at = $5
    from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(m, f, p, t)
    where v.market_id = u.m and v.fingerprint = u.f and v.vote_type = u.p
    returning v.market_id, v.created_at, v.excluded_by, u.t),
  moved as (select market_id, created_at, case when t = 'yes' then 1 else -1 end as y,
    case when t = 'yes' then -1 else 1 end as n from switched where excluded_by is null),
  ${pgAddMarketHistoryCtes('moved')}
  select count(*)::int as switched from switched`;
const PG_ADD_TO_COUNTERS = `update markets k set yes_votes = k.yes_votes + u.y, no_votes = k.no_votes + u.n,
  total_votes = k.total_votes + u.y + u.n, updated_at = $4
  from unnest($1::text[], $2::int[], $3::int[]) as u(id, y, n) where k.id = u.id`;

/** PostgreSQL: each method is one statement for the whole batch, whatever its size. */
export function postgresVoteStore(client: PgQueryClient): VoteBatchStore {
  const run = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
    client.query<R>({ name, text, values });
  return {
    async lockMarkets(ids) {
      const result = await run<MarketRow>('vote-lock-markets', PG_LOCK_MARKETS, [ids]);
      return new Map(result.rows.map((row) => [row.id, row]));
    },
    async insertVotes(rows, at) {
      if (rows.length === 0) return new Set();
      const result = await run<{ market_id: string; fingerprint: string }>('vote-insert', PG_INSERT_VOTES, [
        rows.map((row) => row.marketId),
        rows.map((row) => row.voteType),
        rows.map((row) => row.fingerprint),
        at,
      ]);
      return new Set(result.rows.map((row) => voteKey(row.market_id, row.fingerprint)));
    },
    async findVotes(keys) {
      if (keys.length === 0) return new Map();
      const result = await run<{ market_id: string; fingerprint: string; vote_type: string; excluded_by: string | null }>(
        'vote-find',
        PG_FIND_VOTES,
        [keys.map((key) => key.marketId), keys.map((key) => key.fingerprint)],
      );
      return new Map(result.rows.map((row) => [voteKey(row.market_id, row.fingerprint), foundOf(row)]));
    },
    async switchVotes(rows, at) {
      if (rows.length === 0) return 0;
      const result = await run<{ switched: number }>('vote-switch', PG_SWITCH_VOTES, [
        rows.map((row) => row.marketId),
        rows.map((row) => row.fingerprint),
        rows.map((row) => row.from),
        rows.map((row) => row.to),
        at,
      ]);
      return result.rows[0]?.switched ?? 0;
    },
    async addToCounters(deltas, at) {
      if (deltas.length === 0) return;
      await run('vote-counters', PG_ADD_TO_COUNTERS, [
        deltas.map((delta) => delta.marketId),
        deltas.map((delta) => delta.yes),
        deltas.map((delta) => delta.no),
        at,
      ]);
    },
  };
}
