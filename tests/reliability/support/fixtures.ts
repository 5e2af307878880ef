import { DAY_MS } from '../../../src/shared/constants.js';
import type { Database } from '../../../src/server/db/database.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { migrateToLatest } from '../../../src/server/db/migrator.js';
import { insertMarket } from '../../../src/server/markets/market-repository.js';
import { insertCandidate, insertCommune } from '../../../src/server/municipal/municipal-repository.js';
import { countMunicipalRows, countVoteRows } from '../../support/invariants.js';

export const OPEN_MARKETS = ['fiab-a', 'fiab-b', 'fiab-c', 'fiab-d'] as const;
export const COMMUNE = { id: 'fiab-commune', candidates: ['fiab-cand-1', 'fiab-cand-2', 'fiab-cand-3'] } as const;

/** Migrates a fresh database and adds the fixtures (for SEED=none servers started afterwards). */
export async function openFixtureDatabase(url: string, now = new Date()): Promise<Database> {
  const database = openDatabase(url, { maxConnections: 4 });
  await migrateToLatest(database);
  await addFixtures(database, now);
  return database;
}

/** A few predictions open for 30 days and one commune with three candidates. */
export async function addFixtures(database: Database, now = new Date()): Promise<void> {
  const at = now.toISOString();
  for (const id of OPEN_MARKETS) {
    await insertMarket(
      database.db,
      {
        id,
        title: `Prédiction ${id}`,
        description: 'Jeu d’essai de fiabilité',
        category: 'social',
        endDate: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
        trending: false,
      },
      at,
    );
  }
  await insertCommune(database.db, { id: COMMUNE.id, title: 'Élection Municipale Fiabilité 2026', trending: false }, at);
  for (const [index, id] of COMMUNE.candidates.entries()) {
    await insertCandidate(database.db, { id, communeId: COMMUNE.id, name: `Candidat ${index + 1}` });
  }
}

/** Every counter compared with the rows it counts: prediction sides, candidates and commune totals. */
export async function counterMismatches(database: Database): Promise<string[]> {
  const problems: string[] = [];
  const rows = await countVoteRows(database);
  const markets = await database.db.selectFrom('markets').select(['id', 'yes_votes', 'no_votes', 'total_votes']).execute();
  for (const market of markets) {
    const counted = rows.get(market.id) ?? { yes: 0, no: 0 };
    if (market.yes_votes !== counted.yes || market.no_votes !== counted.no || market.total_votes !== counted.yes + counted.no) {
      problems.push(
        `${market.id}: counters ${market.yes_votes}/${market.no_votes}/${market.total_votes}, rows ${counted.yes}/${counted.no}`,
      );
    }
  }
  const municipalRows = await countMunicipalRows(database);
  const candidates = await database.db.selectFrom('municipal_candidates').select(['id', 'market_id', 'votes']).execute();
  const totals = new Map<string, number>();
  for (const candidate of candidates) {
    const counted = municipalRows.get(candidate.id) ?? 0;
    if (candidate.votes !== counted) problems.push(`candidate ${candidate.id}: counter ${candidate.votes}, rows ${counted}`);
    totals.set(candidate.market_id, (totals.get(candidate.market_id) ?? 0) + counted);
  }
  const communes = await database.db.selectFrom('municipal_markets').select(['id', 'total_votes']).execute();
  for (const commune of communes) {
    const counted = totals.get(commune.id) ?? 0;
    if (commune.total_votes !== counted) problems.push(`commune ${commune.id}: total ${commune.total_votes}, rows ${counted}`);
  }
  return problems;
}

/** A digest of every table's content, to prove a rejected request changed nothing. */
export async function databaseDigest(database: Database): Promise<string> {
  const db = database.db;
  const [votes, municipal, markets, candidates, communes] = await Promise.all([
    db.selectFrom('votes').select(['id', 'market_id', 'vote_type', 'fingerprint', 'updated_at']).orderBy('id').execute(),
    db.selectFrom('municipal_votes').select(['id', 'candidate_id', 'fingerprint']).orderBy('id').execute(),
    db
      .selectFrom('markets')
      .select(['id', 'title', 'yes_votes', 'no_votes', 'resolved', 'end_date', 'updated_at'])
      .orderBy('id')
      .execute(),
    db.selectFrom('municipal_candidates').select(['id', 'name', 'votes']).orderBy('id').execute(),
    db.selectFrom('municipal_markets').select(['id', 'title', 'total_votes']).orderBy('id').execute(),
  ]);
  return JSON.stringify([votes, municipal, markets, candidates, communes]);
}
