import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * The only place where SQL on the history step counts is written (docs/decisions/042-history-from-step-counts.md).
 * Every counted vote row (not excluded by a burst decision) is in the hour and the minute it was first cast
 * (`created_at`), on the side (candidate) it holds today: each path that writes vote rows moves these counts in
 * the same transaction, by exactly the rows its statements touched. A history then reads at most one row per
 * hour of the prediction's life and per minute around each instant, whatever the number of votes.
 */

/** The hour (13 characters: `2026-11-27T09`) and minute (16: `2026-11-27T09:49`) of an ISO 8601 UTC time. */
export const hourOf = (iso: string): string => iso.slice(0, 13);
export const minuteOf = (iso: string): string => iso.slice(0, 16);

/** Votes to add to (negative: take off) a prediction's counts at the time a vote was first cast. */
export interface MarketHistoryDelta {
  marketId: string;
  createdAt: string;
  yes: number;
  no: number;
}

/** As MarketHistoryDelta, for one candidate of a commune. */
export interface CommuneHistoryDelta {
  communeId: string;
  candidateId: string;
  createdAt: string;
  votes: number;
}

/** Sums the deltas per (market, step key): one row per key, as one upsert statement requires. */
export function groupMarketDeltas(
  deltas: readonly MarketHistoryDelta[],
  stepOf: (iso: string) => string,
): { marketId: string; step: string; yes: number; no: number }[] {
  const grouped = new Map<string, { marketId: string; step: string; yes: number; no: number }>();
  for (const delta of deltas) {
    const step = stepOf(delta.createdAt);
    const key = `${delta.marketId}\u0000${step}`;
    const entry = grouped.get(key) ?? { marketId: delta.marketId, step, yes: 0, no: 0 };
    entry.yes += delta.yes;
    entry.no += delta.no;
    grouped.set(key, entry);
  }
  return [...grouped.values()].filter((entry) => entry.yes !== 0 || entry.no !== 0);
}

/** Sums the deltas per (commune, candidate, step key): one row per key, as one upsert statement requires. */
export function groupCommuneDeltas(
  deltas: readonly CommuneHistoryDelta[],
  stepOf: (iso: string) => string,
): { communeId: string; candidateId: string; step: string; votes: number }[] {
  const grouped = new Map<string, { communeId: string; candidateId: string; step: string; votes: number }>();
  for (const delta of deltas) {
    const step = stepOf(delta.createdAt);
    const key = `${delta.communeId}\u0000${delta.candidateId}\u0000${step}`;
    const entry = grouped.get(key) ?? { communeId: delta.communeId, candidateId: delta.candidateId, step, votes: 0 };
    entry.votes += delta.votes;
    grouped.set(key, entry);
  }
  return [...grouped.values()].filter((entry) => entry.votes !== 0);
}

// ---- the vote batches' raw statements (prepared once per connection by the market and municipal repositories)

/** SQLite upserts of one (market, hour) and one (market, minute): parameters market, step, yes, no. */
export const SQLITE_ADD_MARKET_HOUR = `insert into market_vote_hours (market_id, hour, yes_votes, no_votes) values (?, ?, ?, ?)
  on conflict (market_id, hour) do update set yes_votes = yes_votes + excluded.yes_votes, no_votes = no_votes + excluded.no_votes`;
export const SQLITE_ADD_MARKET_MINUTE = `insert into market_vote_minutes (market_id, minute, yes_votes, no_votes) values (?, ?, ?, ?)
  on conflict (market_id, minute) do update set yes_votes = yes_votes + excluded.yes_votes, no_votes = no_votes + excluded.no_votes`;

/**
 * PostgreSQL: the CTEs that add the rows of `source` (columns market_id, created_at, y, n) to the hour and
 * minute counts, to put in a WITH before the statement's final SELECT. Grouped in SQL, so each key is upserted once.
 */
export const pgAddMarketHistoryCtes = (source: string): string => `
  history_hours as (
    insert into market_vote_hours (market_id, hour, yes_votes, no_votes)
    select market_id, left(created_at, 13), sum(y), sum(n) from ${source} group by market_id, left(created_at, 13)
    on conflict (market_id, hour) do update set yes_votes = market_vote_hours.yes_votes + excluded.yes_votes,
      no_votes = market_vote_hours.no_votes + excluded.no_votes),
  history_minutes as (
    insert into market_vote_minutes (market_id, minute, yes_votes, no_votes)
    select market_id, left(created_at, 16), sum(y), sum(n) from ${source} group by market_id, left(created_at, 16)
    on conflict (market_id, minute) do update set yes_votes = market_vote_minutes.yes_votes + excluded.yes_votes,
      no_votes = market_vote_minutes.no_votes + excluded.no_votes)`;

/** SQLite upserts of one (commune, candidate, hour) and one (commune, candidate, minute): parameters commune, candidate, step, votes. */
export const SQLITE_ADD_COMMUNE_HOUR = `insert into municipal_vote_hours (market_id, candidate_id, hour, votes) values (?, ?, ?, ?)
  on conflict (market_id, hour, candidate_id) do update set votes = votes + excluded.votes`;
export const SQLITE_ADD_COMMUNE_MINUTE = `insert into municipal_vote_minutes (market_id, candidate_id, minute, votes) values (?, ?, ?, ?)
  on conflict (market_id, minute, candidate_id) do update set votes = votes + excluded.votes`;

/** PostgreSQL: as pgAddMarketHistoryCtes, for commune votes (`source` columns market_id, candidate_id, created_at, v). */
export const pgAddCommuneHistoryCtes = (source: string): string => `
  history_hours as (
    insert into municipal_vote_hours (market_id, candidate_id, hour, votes)
    select market_id, candidate_id, left(created_at, 13), sum(v) from ${source}
    group by market_id, candidate_id, left(created_at, 13)
    on conflict (market_id, hour, candidate_id) do update set votes = municipal_vote_hours.votes + excluded.votes),
  history_minutes as (
    insert into municipal_vote_minutes (market_id, candidate_id, minute, votes)
    select market_id, candidate_id, left(created_at, 16), sum(v) from ${source}
    group by market_id, candidate_id, left(created_at, 16)
    on conflict (market_id, minute, candidate_id) do update set votes = municipal_vote_minutes.votes + excluded.votes)`;

// ---- the other write paths (erasure, burst decisions, admin deletions), through Kysely

/** Rows per upsert: four parameters each, far below both engines' limits. */
const CHUNK = 2_000;
function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

export async function addToMarketHistory(db: Kysely<DB>, deltas: readonly MarketHistoryDelta[]): Promise<void> {
  const hours = groupMarketDeltas(deltas, hourOf);
  const minutes = groupMarketDeltas(deltas, minuteOf);
  // A move within one hour sums to nothing there, not in its minutes.
  for (const part of chunked(hours))
    await db
      .insertInto('market_vote_hours')
      .values(part.map((entry) => ({ market_id: entry.marketId, hour: entry.step, yes_votes: entry.yes, no_votes: entry.no })))
      .onConflict((oc) =>
        oc.columns(['market_id', 'hour']).doUpdateSet((eb) => ({
          yes_votes: eb('market_vote_hours.yes_votes', '+', eb.ref('excluded.yes_votes')),
          no_votes: eb('market_vote_hours.no_votes', '+', eb.ref('excluded.no_votes')),
        })),
      )
      .execute();
  for (const part of chunked(minutes))
    await db
      .insertInto('market_vote_minutes')
      .values(part.map((entry) => ({ market_id: entry.marketId, minute: entry.step, yes_votes: entry.yes, no_votes: entry.no })))
      .onConflict((oc) =>
        oc.columns(['market_id', 'minute']).doUpdateSet((eb) => ({
          yes_votes: eb('market_vote_minutes.yes_votes', '+', eb.ref('excluded.yes_votes')),
          no_votes: eb('market_vote_minutes.no_votes', '+', eb.ref('excluded.no_votes')),
        })),
      )
      .execute();
}

export async function addToCommuneHistory(db: Kysely<DB>, deltas: readonly CommuneHistoryDelta[]): Promise<void> {
  const hours = groupCommuneDeltas(deltas, hourOf);
  const minutes = groupCommuneDeltas(deltas, minuteOf);
  for (const part of chunked(hours))
    await db
      .insertInto('municipal_vote_hours')
      .values(part.map((e) => ({ market_id: e.communeId, candidate_id: e.candidateId, hour: e.step, votes: e.votes })))
      .onConflict((oc) =>
        oc
          .columns(['market_id', 'hour', 'candidate_id'])
          .doUpdateSet((eb) => ({ votes: eb('municipal_vote_hours.votes', '+', eb.ref('excluded.votes')) })),
      )
      .execute();
  for (const part of chunked(minutes))
    await db
      .insertInto('municipal_vote_minutes')
      .values(part.map((e) => ({ market_id: e.communeId, candidate_id: e.candidateId, minute: e.step, votes: e.votes })))
      .onConflict((oc) =>
        oc
          .columns(['market_id', 'minute', 'candidate_id'])
          .doUpdateSet((eb) => ({ votes: eb('municipal_vote_minutes.votes', '+', eb.ref('excluded.votes')) })),
      )
      .execute();
}

/** A deleted prediction's counts go with its rows. */
export async function deleteMarketHistory(db: Kysely<DB>, marketId: string): Promise<void> {
  await db.deleteFrom('market_vote_hours').where('market_id', '=', marketId).execute();
  await db.deleteFrom('market_vote_minutes').where('market_id', '=', marketId).execute();
}

/** A deleted commune's counts, or one deleted candidate's (`candidateId`), go with their rows. */
export async function deleteCommuneHistory(db: Kysely<DB>, communeId: string, candidateId?: string): Promise<void> {
  for (const table of ['municipal_vote_hours', 'municipal_vote_minutes'] as const) {
    let query = db.deleteFrom(table).where('market_id', '=', communeId);
    if (candidateId !== undefined) query = query.where('candidate_id', '=', candidateId);
    await query.execute();
  }
}

/**
 * Counts every step again from the vote rows (rows written without the vote paths: the demo data, a copy, a
 * benchmark's bulk fill). Grouped in the database, one statement per table.
 */
export async function rebuildVoteHistory(db: Kysely<DB>): Promise<void> {
  for (const [table, step, length] of [
    ['market_vote_hours', 'hour', 13],
    ['market_vote_minutes', 'minute', 16],
  ] as const) {
    await db.deleteFrom(table).execute();
    await sql`insert into ${sql.table(table)} (market_id, ${sql.ref(step)}, yes_votes, no_votes)
      select market_id, substr(created_at, 1, ${sql.lit(length)}),
        sum(case when vote_type = 'yes' then 1 else 0 end), sum(case when vote_type = 'yes' then 0 else 1 end)
      from votes where excluded_by is null
      group by market_id, substr(created_at, 1, ${sql.lit(length)})`.execute(db);
  }
  for (const [table, step, length] of [
    ['municipal_vote_hours', 'hour', 13],
    ['municipal_vote_minutes', 'minute', 16],
  ] as const) {
    await db.deleteFrom(table).execute();
    await sql`insert into ${sql.table(table)} (market_id, candidate_id, ${sql.ref(step)}, votes)
      select market_id, candidate_id, substr(created_at, 1, ${sql.lit(length)}), count(*)
      from municipal_votes where excluded_by is null
      group by market_id, candidate_id, substr(created_at, 1, ${sql.lit(length)})`.execute(db);
  }
}

// ---- reads

/**
 * What a history reads for its instants (ISO 8601 on whole minutes, ascending): the hours between
 * consecutive instants (the first range from the beginning), then the minutes of each instant's own hour
 * before it. Votes before an instant = the hours up to its hour + those minutes.
 */
function stepRanges(instants: readonly string[]): {
  hours: { k: number; lo: string; hi: string }[];
  minutes: { k: number; lo: string; hi: string }[];
} {
  const hours: { k: number; lo: string; hi: string }[] = [];
  const minutes: { k: number; lo: string; hi: string }[] = [];
  let previous = '';
  instants.forEach((instant, k) => {
    const hour = hourOf(instant);
    if (hour > previous) hours.push({ k, lo: previous, hi: hour });
    previous = hour;
    // The minute keys of this hour sort after the bare hour key and before the instant's minute.
    if (minuteOf(instant) > `${hour}:00`) minutes.push({ k, lo: hour, hi: minuteOf(instant) });
  });
  return { hours, minutes };
}

const rangesTable = (ranges: readonly { k: number; lo: string; hi: string }[]) =>
  sql.join(ranges.map((range) => sql`(${range.k}, ${range.lo}, ${range.hi})`));

/**
 * Counted votes on a prediction cast before each instant (ISO 8601 on whole minutes, ascending), OUI and
 * NON, each vote with the side it holds today from when it was first cast: two statements of one row per
 * range, each sum a range of the primary key (a correlated subquery, so both engines read it by the index).
 */
export async function marketVotesBeforeInstants(
  db: Kysely<DB>,
  marketId: string,
  instants: readonly string[],
): Promise<{ yesVotes: number; noVotes: number }[]> {
  if (instants.length === 0) return [];
  const { hours, minutes } = stepRanges(instants);
  type Sums = { k: number | string; yes: number | string | null; no: number | string | null };
  const hourSums = await sql<Sums>`with r(k, lo, hi) as (values ${rangesTable(hours)})
    select r.k as k,
      (select sum(s.yes_votes) from market_vote_hours s where s.market_id = ${marketId} and s.hour >= r.lo and s.hour < r.hi) as yes,
      (select sum(s.no_votes) from market_vote_hours s where s.market_id = ${marketId} and s.hour >= r.lo and s.hour < r.hi) as no
    from r`.execute(db);
  const minuteSums =
    minutes.length === 0
      ? { rows: [] as Sums[] }
      : await sql<Sums>`with r(k, lo, hi) as (values ${rangesTable(minutes)})
    select r.k as k,
      (select sum(s.yes_votes) from market_vote_minutes s where s.market_id = ${marketId} and s.minute >= r.lo and s.minute < r.hi) as yes,
      (select sum(s.no_votes) from market_vote_minutes s where s.market_id = ${marketId} and s.minute >= r.lo and s.minute < r.hi) as no
    from r`.execute(db);
  const byK = (rows: Sums[]) =>
    new Map(rows.map((row) => [Number(row.k), { yes: Number(row.yes ?? 0), no: Number(row.no ?? 0) }]));
  const hourByK = byK(hourSums.rows);
  const minuteByK = byK(minuteSums.rows);
  let yesVotes = 0;
  let noVotes = 0;
  return instants.map((_, k) => {
    const hour = hourByK.get(k);
    yesVotes += hour?.yes ?? 0;
    noVotes += hour?.no ?? 0;
    const minute = minuteByK.get(k);
    return { yesVotes: yesVotes + (minute?.yes ?? 0), noVotes: noVotes + (minute?.no ?? 0) };
  });
}

/** As marketVotesBeforeInstants, per candidate of a commune (candidates without a vote yet are absent). */
export async function communeVotesBeforeInstants(
  db: Kysely<DB>,
  communeId: string,
  instants: readonly string[],
): Promise<Record<string, number>[]> {
  if (instants.length === 0) return [];
  const { hours, minutes } = stepRanges(instants);
  type Sums = { k: number | string; candidate_id: string; votes: number | string | null };
  const hourSums = await sql<Sums>`with r(k, lo, hi) as (values ${rangesTable(hours)})
    select r.k as k, c.id as candidate_id,
      (select sum(s.votes) from municipal_vote_hours s
        where s.market_id = ${communeId} and s.candidate_id = c.id and s.hour >= r.lo and s.hour < r.hi) as votes
    from r cross join municipal_candidates c where c.market_id = ${communeId}`.execute(db);
  const minuteSums =
    minutes.length === 0
      ? { rows: [] as Sums[] }
      : await sql<Sums>`with r(k, lo, hi) as (values ${rangesTable(minutes)})
    select r.k as k, c.id as candidate_id,
      (select sum(s.votes) from municipal_vote_minutes s
        where s.market_id = ${communeId} and s.candidate_id = c.id and s.minute >= r.lo and s.minute < r.hi) as votes
    from r cross join municipal_candidates c where c.market_id = ${communeId}`.execute(db);
  const byK = (rows: Sums[]) => {
    const map = new Map<number, Sums[]>();
    for (const row of rows) map.set(Number(row.k), [...(map.get(Number(row.k)) ?? []), row]);
    return map;
  };
  const hourByK = byK(hourSums.rows);
  const minuteByK = byK(minuteSums.rows);
  const counts: Record<string, number> = {};
  return instants.map((_, k) => {
    for (const row of hourByK.get(k) ?? []) counts[row.candidate_id] = (counts[row.candidate_id] ?? 0) + Number(row.votes ?? 0);
    const point = { ...counts };
    for (const row of minuteByK.get(k) ?? []) point[row.candidate_id] = (point[row.candidate_id] ?? 0) + Number(row.votes ?? 0);
    return point;
  });
}

// ---- reconciliation

/** One step count that differs from the vote rows it counts. */
export interface HistoryMismatch {
  kind: 'market-history' | 'commune-history';
  /** `<prediction> <step>` or `<commune> <candidate> <step>`; the step is an hour (13 characters) or a minute (16). */
  id: string;
  counter: 'yes_votes' | 'no_votes' | 'votes';
  stored: number;
  rows: number;
}

/**
 * Every hour and minute count compared with the counted vote rows of that step, grouped in the database (one
 * statement per table, whatever the number of votes). Empty when they agree, which every write path keeps true.
 */
export async function findHistoryMismatches(db: Kysely<DB>): Promise<HistoryMismatch[]> {
  const mismatches: HistoryMismatch[] = [];
  for (const [table, step, length] of [
    ['market_vote_hours', 'hour', 13],
    ['market_vote_minutes', 'minute', 16],
  ] as const) {
    const result = await sql<{
      market_id: string;
      step: string;
      stored_yes: number | string;
      rows_yes: number | string;
      stored_no: number | string;
      rows_no: number | string;
    }>`select coalesce(s.market_id, v.market_id) as market_id, coalesce(s.${sql.ref(step)}, v.step) as step,
        coalesce(s.yes_votes, 0) as stored_yes, coalesce(v.yes, 0) as rows_yes,
        coalesce(s.no_votes, 0) as stored_no, coalesce(v.no, 0) as rows_no
      from ${sql.table(table)} s
      full outer join (select market_id, substr(created_at, 1, ${sql.lit(length)}) as step,
          sum(case when vote_type = 'yes' then 1 else 0 end) as yes, sum(case when vote_type = 'yes' then 0 else 1 end) as no
        from votes where excluded_by is null group by market_id, substr(created_at, 1, ${sql.lit(length)})) v
        on v.market_id = s.market_id and v.step = s.${sql.ref(step)}
      where coalesce(s.yes_votes, 0) <> coalesce(v.yes, 0) or coalesce(s.no_votes, 0) <> coalesce(v.no, 0)
      order by 1, 2`.execute(db);
    for (const row of result.rows) {
      const id = `${row.market_id} ${row.step}`;
      for (const [counter, stored, rows] of [
        ['yes_votes', row.stored_yes, row.rows_yes],
        ['no_votes', row.stored_no, row.rows_no],
      ] as const) {
        if (Number(stored) !== Number(rows)) {
          mismatches.push({ kind: 'market-history', id, counter, stored: Number(stored), rows: Number(rows) });
        }
      }
    }
  }
  for (const [table, step, length] of [
    ['municipal_vote_hours', 'hour', 13],
    ['municipal_vote_minutes', 'minute', 16],
  ] as const) {
    const result = await sql<{
      market_id: string;
      candidate_id: string;
      step: string;
      stored: number | string;
      rows: number | string;
    }>`
      select coalesce(s.market_id, v.market_id) as market_id, coalesce(s.candidate_id, v.candidate_id) as candidate_id,
        coalesce(s.${sql.ref(step)}, v.step) as step, coalesce(s.votes, 0) as stored, coalesce(v.n, 0) as rows
      from ${sql.table(table)} s
      full outer join (select market_id, candidate_id, substr(created_at, 1, ${sql.lit(length)}) as step, count(*) as n
        from municipal_votes where excluded_by is null group by market_id, candidate_id, substr(created_at, 1, ${sql.lit(length)})) v
        on v.market_id = s.market_id and v.candidate_id = s.candidate_id and v.step = s.${sql.ref(step)}
      where coalesce(s.votes, 0) <> coalesce(v.n, 0)
      order by 1, 2, 3`.execute(db);
    for (const row of result.rows) {
      mismatches.push({
        kind: 'commune-history',
        id: `${row.market_id} ${row.candidate_id} ${row.step}`,
        counter: 'votes',
        stored: Number(row.stored),
        rows: Number(row.rows),
      });
    }
  }
  return mismatches;
}
