import type { Statement } from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { SqliteDatabase } from '../db/sqlite-driver.js';
import type { PgQueryClient } from '../db/transaction-batcher.js';

/** The only place where SQL of the vote protection is written. */

const SECRET_KEY = 'identity_secret';

/**
 * The secret that signs identities and challenges when IDENTITY_SECRET is not set: created by the first
 * instance that starts (insert-if-absent), then read, so instances starting together agree on one.
 */
export async function sharedIdentitySecret(db: Kysely<DB>): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  return row.value;
}

/** A checked proof, to spend inside the transaction of the request it authorises. */
export interface ChallengeSpend {
  challengeId: string;
  expiresAtMs: number;
}

/**
 * Marks a challenge spent; false when it already was (on any instance). Run inside the transaction of the
 * request it authorises, so a refused or failed request leaves nothing behind.
 */
export async function spendChallenge(db: Kysely<DB>, spend: ChallengeSpend): Promise<boolean> {
  const inserted = await db
    .insertInto('spent_challenges')
    .values({ id: spend.challengeId, expires_at: spend.expiresAtMs })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The proofs of one vote batch, spent inside the batch's transaction (docs/decisions/029): returns the ids
 * this call marked spent. An id spent before, or twice in the batch, is returned at most once: the caller
 * gives it to the first vote that carried it and refuses the others as replays.
 */
export interface ChallengeBatchStore {
  spend(spends: readonly ChallengeSpend[]): Promise<Set<string>>;
}

const sqliteSpendStatements = new WeakMap<SqliteDatabase, Statement<[string, number]>>();

/** SQLite: one prepared insert per proof, inside the batch's transaction. */
export function sqliteChallengeStore(sqlite: SqliteDatabase): ChallengeBatchStore {
  let insert = sqliteSpendStatements.get(sqlite);
  if (!insert) {
    insert = sqlite.prepare<[string, number]>(
      'insert into spent_challenges (id, expires_at) values (?, ?) on conflict (id) do nothing',
    );
    sqliteSpendStatements.set(sqlite, insert);
  }
  const statement = insert;
  return {
    spend(spends) {
      const spent = new Set<string>();
      for (const spend of spends)
        if (statement.run(spend.challengeId, spend.expiresAtMs).changes > 0) spent.add(spend.challengeId);
      return Promise.resolve(spent);
    },
  };
}

const PG_SPEND_CHALLENGES = `insert into spent_challenges (id, expires_at)
  select u.id, u.e from unnest($1::text[], $2::bigint[]) as u(id, e)
  on conflict (id) do nothing returning id`;

/** PostgreSQL: one statement for the whole batch, prepared once per connection. */
export function postgresChallengeStore(client: PgQueryClient): ChallengeBatchStore {
  return {
    async spend(spends) {
      if (spends.length === 0) return new Set();
      const result = await client.query<{ id: string }>({
        name: 'vote-spend-challenges',
        text: PG_SPEND_CHALLENGES,
        values: [spends.map((spend) => spend.challengeId), spends.map((spend) => spend.expiresAtMs)],
      });
      return new Set(result.rows.map((row) => row.id));
    },
  };
}

/**
 * Spent challenges past their expiry can go (an expired challenge is refused before its spending is looked
 * up), and so can budget counters past their windows. Run by the daily retention job.
 */
export async function purgeExpiredProtectionRows(
  db: Kysely<DB>,
  nowMs: number,
): Promise<{ challenges: number; counters: number }> {
  return { challenges: await purgeExpiredChallenges(db, nowMs), counters: await purgeExpiredCounters(db, nowMs) };
}

/** Spent challenges past their expiry. */
export async function purgeExpiredChallenges(db: Kysely<DB>, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('spent_challenges').where('expires_at', '<', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface CounterHit {
  key: string;
  windowMs: number;
}

export interface CounterState {
  key: string;
  windowStart: number;
  count: number;
  previous: number;
}

/**
 * Adds one to each counter in its current fixed window and returns the new states, in one statement.
 * A counter whose window has passed starts again at 1, keeping the count of the window just before when
 * it is the previous one (for the sliding estimate).
 */
export async function hitCounters(db: Kysely<DB>, hits: readonly CounterHit[], nowMs: number): Promise<CounterState[]> {
  if (hits.length === 0) return [];
  const rows = await db
    .insertInto('protection_counters')
    .values(
      hits.map((hit) => {
        const windowStart = Math.floor(nowMs / hit.windowMs) * hit.windowMs;
        return {
          key: hit.key,
          window_start: windowStart,
          window_ms: hit.windowMs,
          count: 1,
          previous: 0,
          expires_at: windowStart + 2 * hit.windowMs,
        };
      }),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        previous: eb
          .case()
          .when('protection_counters.window_start', '=', eb.ref('excluded.window_start'))
          .then(eb.ref('protection_counters.previous'))
          .when(
            eb('protection_counters.window_start', '+', eb.ref('protection_counters.window_ms')),
            '=',
            eb.ref('excluded.window_start'),
          )
          .then(eb.ref('protection_counters.count'))
          .else(0)
          .end(),
        count: eb
          .case()
          .when('protection_counters.window_start', '=', eb.ref('excluded.window_start'))
          .then(eb('protection_counters.count', '+', 1))
          .else(1)
          .end(),
        window_start: eb.ref('excluded.window_start'),
        window_ms: eb.ref('excluded.window_ms'),
        expires_at: eb.ref('excluded.expires_at'),
      })),
    )
    .returning(['key', 'window_start', 'count', 'previous'])
    .execute();
  return rows.map((row) => ({
    key: row.key,
    windowStart: Number(row.window_start),
    count: Number(row.count),
    previous: Number(row.previous),
  }));
}

/** The stored states of these counters, unchanged (absent ones are left out). */
export async function readCounters(db: Kysely<DB>, keys: readonly string[]): Promise<CounterState[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('protection_counters')
    .select(['key', 'window_start', 'count', 'previous'])
    .where('key', 'in', keys)
    .execute();
  return rows.map((row) => ({
    key: row.key,
    windowStart: Number(row.window_start),
    count: Number(row.count),
    previous: Number(row.previous),
  }));
}

export async function purgeExpiredCounters(db: Kysely<DB>, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('protection_counters').where('expires_at', '<', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Takes one back from each counter still in the window the hit was counted in. */
export async function releaseCounters(db: Kysely<DB>, hits: readonly CounterHit[], nowMs: number): Promise<void> {
  for (const hit of hits) {
    await db
      .updateTable('protection_counters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', hit.key)
      .where('window_start', '=', Math.floor(nowMs / hit.windowMs) * hit.windowMs)
      .where('count', '>', 0)
      .execute();
  }
}

/** Adds the deltas to the daily figures (`metric` per `day`). */
export async function addDailyFigures(
  db: Kysely<DB>,
  deltas: readonly { day: string; metric: string; value: number }[],
): Promise<void> {
  if (deltas.length === 0) return;
  await db
    .insertInto('protection_daily')
    .values(deltas.map((delta) => ({ key: `${delta.day}:${delta.metric}`, ...delta })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ value: eb('protection_daily.value', '+', eb.ref('excluded.value')) })),
    )
    .execute();
}

export async function listDailyFigures(
  db: Kysely<DB>,
  fromDay: string,
): Promise<{ day: string; metric: string; value: number }[]> {
  const rows = await db.selectFrom('protection_daily').select(['day', 'metric', 'value']).where('day', '>=', fromDay).execute();
  return rows.map((row) => ({ day: row.day, metric: row.metric, value: Number(row.value) }));
}

/** The Réunion calendar day of an ISO 8601 UTC text column (UTC+4, no daylight saving). */
function reunionDayOf(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<string>`to_char(cast(${sql.ref(column)} as timestamptz) at time zone 'UTC' + interval '4 hours', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${sql.ref(column)}, '+4 hours'), 1, 10)`;
}

/**
 * Distinct devices per day, as the vote rows show them now: a device counts on the day of its latest vote
 * (or change of side) on each prediction, and of each municipal vote. Unlinked rows are not counted.
 */
export async function countParticipantsByDay(
  db: Kysely<DB>,
  dialect: DialectName,
  sinceIso: string,
): Promise<{ day: string; participants: number }[]> {
  const activity = db
    .selectFrom('votes')
    .select(['fingerprint', reunionDayOf(dialect, 'updated_at').as('day')])
    .where('fingerprint', 'is not', null)
    .where('updated_at', '>=', sinceIso)
    .unionAll(
      db
        .selectFrom('municipal_votes')
        .select(['fingerprint', reunionDayOf(dialect, 'created_at').as('day')])
        .where('fingerprint', 'is not', null)
        .where('created_at', '>=', sinceIso),
    );
  const rows = await db
    .selectFrom(activity.as('activity'))
    .select((eb) => ['activity.day', eb.fn.count<number>('activity.fingerprint').distinct().as('participants')])
    .groupBy('activity.day')
    .execute();
  return rows.map((row) => ({ day: row.day, participants: Number(row.participants) }));
}
