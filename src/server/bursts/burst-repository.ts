import type { Kysely } from 'kysely';
import type { BurstSignal } from '../../shared/burst-rule.js';
import type { DialectName } from '../db/database.js';
import { lockForUpdate } from '../db/helpers.js';
import type { BurstsTable, DB } from '../db/schema.js';
import { addToCommuneHistory, addToMarketHistory } from '../history/history-repository.js';

/** The only place where SQL of the burst detection (signals, bursts, excluded votes) is written. */

export type ItemKind = 'market' | 'commune';

export interface SignalWrite {
  itemKind: ItemKind;
  itemId: string;
  fingerprint: string;
  side: string;
  origin: string;
  issuedAtMs: number | null;
  atMs: number;
}

/** Rows per INSERT: 7 parameters each, far below both engines' limits. */
const CHUNK = 500;

export async function insertSignals(db: Kysely<DB>, signals: readonly SignalWrite[]): Promise<void> {
  for (let start = 0; start < signals.length; start += CHUNK) {
    await db
      .insertInto('vote_signals')
      .values(
        signals.slice(start, start + CHUNK).map((signal) => ({
          item_kind: signal.itemKind,
          item_id: signal.itemId,
          fingerprint: signal.fingerprint,
          side: signal.side,
          origin: signal.origin,
          identity_issued_at: signal.issuedAtMs,
          at: signal.atMs,
        })),
      )
      .execute();
  }
}

/** Removes the signals recorded before `beforeMs`; returns how many. */
export async function purgeSignalsBefore(db: Kysely<DB>, beforeMs: number): Promise<number> {
  const result = await db.deleteFrom('vote_signals').where('at', '<', beforeMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets a device's signals (erasure of its data). */
export async function deleteSignalsOf(db: Kysely<DB>, fingerprint: string): Promise<void> {
  await db.deleteFrom('vote_signals').where('fingerprint', '=', fingerprint).execute();
}

/**
 * Items where some origin cast at least `minVotes` votes from fresh identities since `sinceMs`: the only
 * ones the detection needs to read vote by vote.
 */
export async function itemsWithBusyOrigins(
  db: Kysely<DB>,
  sinceMs: number,
  freshMs: number,
  minVotes: number,
): Promise<{ kind: ItemKind; id: string }[]> {
  const rows = await db
    .selectFrom('vote_signals')
    .select(['item_kind', 'item_id'])
    .where('at', '>=', sinceMs)
    .where('identity_issued_at', 'is not', null)
    .where((eb) => eb(eb('at', '-', eb.ref('identity_issued_at')), '<', freshMs))
    .groupBy(['item_kind', 'item_id', 'origin'])
    .having((eb) => eb.fn.countAll(), '>=', minVotes)
    .execute();
  const seen = new Map<string, { kind: ItemKind; id: string }>();
  for (const row of rows) seen.set(`${row.item_kind}:${row.item_id}`, { kind: asKind(row.item_kind), id: row.item_id });
  return [...seen.values()];
}

export async function listSignals(db: Kysely<DB>, kind: ItemKind, itemId: string, fromMs: number): Promise<BurstSignal[]> {
  const rows = await db
    .selectFrom('vote_signals')
    .select(['fingerprint', 'side', 'origin', 'identity_issued_at', 'at'])
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('at', '>=', fromMs)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    side: row.side,
    origin: row.origin,
    issuedAtMs: row.identity_issued_at === null ? null : Number(row.identity_issued_at),
    atMs: Number(row.at),
  }));
}

export type BurstRow = BurstsTable;

export const asKind = (value: string): ItemKind => (value === 'commune' ? 'commune' : 'market');

export async function listBursts(db: Kysely<DB>): Promise<BurstRow[]> {
  return db.selectFrom('bursts').selectAll().orderBy('first_vote_at', 'desc').orderBy('id').execute();
}

export async function listBurstsOfItem(db: Kysely<DB>, kind: ItemKind, itemId: string): Promise<BurstRow[]> {
  return db.selectFrom('bursts').selectAll().where('item_kind', '=', kind).where('item_id', '=', itemId).execute();
}

/** Items with a burst not decided yet whose last vote is after `sinceIso`: read again by each detection. */
export async function itemsWithOpenBursts(db: Kysely<DB>, sinceIso: string): Promise<{ kind: ItemKind; id: string }[]> {
  const rows = await db
    .selectFrom('bursts')
    .select(['item_kind', 'item_id'])
    .distinct()
    .where('decided_at', 'is', null)
    .where('last_vote_at', '>=', sinceIso)
    .execute();
  return rows.map((row) => ({ kind: asKind(row.item_kind), id: row.item_id }));
}

export async function findBurst(db: Kysely<DB>, dialect: DialectName, id: string, lock = false): Promise<BurstRow | undefined> {
  const query = db.selectFrom('bursts').selectAll().where('id', '=', id);
  return (lock ? lockForUpdate(query, dialect) : query).executeTakeFirst();
}

/** Inserts a detected burst or refreshes its figures, unless the operator has decided on it meanwhile. */
export async function upsertBurst(db: Kysely<DB>, row: BurstRow): Promise<void> {
  await db
    .insertInto('bursts')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          first_vote_at: row.first_vote_at,
          last_vote_at: row.last_vote_at,
          votes: row.votes,
          origins: row.origins,
          fresh_identities: row.fresh_identities,
          median_identity_age_minutes: row.median_identity_age_minutes,
        })
        .where('bursts.decided_at', 'is', null),
    )
    .execute();
}

/** Drops bursts no longer found, unless decided. */
export async function deleteUndecidedBursts(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('bursts').where('id', 'in', ids).where('decided_at', 'is', null).execute();
}

export async function recordDecision(
  db: Kysely<DB>,
  id: string,
  decision: { status: 'listed' | 'excluded'; at: string; figures?: Partial<BurstRow> },
): Promise<void> {
  await db
    .updateTable('bursts')
    .set({
      ...decision.figures,
      status: decision.status,
      decided_at: decision.at,
      excluded_at: decision.status === 'excluded' ? decision.at : null,
    })
    .where('id', '=', id)
    .execute();
}

/** Titles of predictions and communes, for the admin list. */
export async function itemTitles(db: Kysely<DB>): Promise<Map<string, string>> {
  const [markets, communes] = await Promise.all([
    db.selectFrom('markets').select(['id', 'title']).execute(),
    db.selectFrom('municipal_markets').select(['id', 'title']).execute(),
  ]);
  return new Map([
    ...markets.map((row): [string, string] => [`market:${row.id}`, row.title]),
    ...communes.map((row): [string, string] => [`commune:${row.id}`, row.title]),
  ]);
}

/** Locks a prediction as a vote batch does, before its rows and counters move. */
export async function lockMarket(db: Kysely<DB>, dialect: DialectName, marketId: string): Promise<void> {
  await lockForUpdate(db.selectFrom('markets').select('id').where('id', '=', marketId), dialect).execute();
}

// ---- exclusion: rows flagged, counters moved by exactly the rows each statement flagged

/**
 * Marks the counted votes of these devices on a prediction as excluded by the burst; returns their sides.
 * They leave the history's step counts with the same statement's rows (and come back with includeMarketVotes).
 */
export async function excludeMarketVotes(
  db: Kysely<DB>,
  marketId: string,
  fingerprints: readonly string[],
  burstId: string,
): Promise<{ yes: number; no: number }> {
  const moved = { yes: 0, no: 0 };
  for (let start = 0; start < fingerprints.length; start += CHUNK) {
    const rows = await db
      .updateTable('votes')
      .set({ excluded_by: burstId })
      .where('market_id', '=', marketId)
      .where('fingerprint', 'in', fingerprints.slice(start, start + CHUNK))
      .where('excluded_by', 'is', null)
      .returning(['vote_type', 'created_at'])
      .execute();
    for (const row of rows) moved[row.vote_type === 'yes' ? 'yes' : 'no'] += 1;
    await addToMarketHistory(
      db,
      rows.map((row) => marketStep(marketId, row, -1)),
    );
  }
  return moved;
}

/** Puts back the votes a burst's exclusion took out; returns their sides. */
export async function includeMarketVotes(db: Kysely<DB>, burstId: string): Promise<{ yes: number; no: number }> {
  const rows = await db
    .updateTable('votes')
    .set({ excluded_by: null })
    .where('excluded_by', '=', burstId)
    .returning(['market_id', 'vote_type', 'created_at'])
    .execute();
  const moved = { yes: 0, no: 0 };
  for (const row of rows) moved[row.vote_type === 'yes' ? 'yes' : 'no'] += 1;
  await addToMarketHistory(
    db,
    rows.map((row) => marketStep(row.market_id, row, 1)),
  );
  return moved;
}

/** As excludeMarketVotes, in a commune: the excluded rows per candidate. */
export async function excludeMunicipalVotes(
  db: Kysely<DB>,
  communeId: string,
  fingerprints: readonly string[],
  burstId: string,
): Promise<Map<string, number>> {
  const moved = new Map<string, number>();
  for (let start = 0; start < fingerprints.length; start += CHUNK) {
    const rows = await db
      .updateTable('municipal_votes')
      .set({ excluded_by: burstId })
      .where('market_id', '=', communeId)
      .where('fingerprint', 'in', fingerprints.slice(start, start + CHUNK))
      .where('excluded_by', 'is', null)
      .returning(['candidate_id', 'created_at'])
      .execute();
    for (const row of rows) moved.set(row.candidate_id, (moved.get(row.candidate_id) ?? 0) + 1);
    await addToCommuneHistory(
      db,
      rows.map((row) => ({ communeId, candidateId: row.candidate_id, createdAt: row.created_at, votes: -1 })),
    );
  }
  return moved;
}

export async function includeMunicipalVotes(db: Kysely<DB>, burstId: string): Promise<Map<string, number>> {
  const rows = await db
    .updateTable('municipal_votes')
    .set({ excluded_by: null })
    .where('excluded_by', '=', burstId)
    .returning(['market_id', 'candidate_id', 'created_at'])
    .execute();
  const moved = new Map<string, number>();
  for (const row of rows) moved.set(row.candidate_id, (moved.get(row.candidate_id) ?? 0) + 1);
  await addToCommuneHistory(
    db,
    rows.map((row) => ({ communeId: row.market_id, candidateId: row.candidate_id, createdAt: row.created_at, votes: 1 })),
  );
  return moved;
}

/** One vote row in or out (`sign`) of a prediction's history step counts. */
const marketStep = (marketId: string, row: { vote_type: string; created_at: string }, sign: 1 | -1) => ({
  marketId,
  createdAt: row.created_at,
  yes: row.vote_type === 'yes' ? sign : 0,
  no: row.vote_type === 'yes' ? 0 : sign,
});

/** Excluded burst figures per day of their first vote, for the transparency page. */
export async function listBurstsSince(
  db: Kysely<DB>,
  sinceIso: string,
): Promise<Pick<BurstRow, 'first_vote_at' | 'votes' | 'status'>[]> {
  return db.selectFrom('bursts').select(['first_vote_at', 'votes', 'status']).where('first_vote_at', '>=', sinceIso).execute();
}
