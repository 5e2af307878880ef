/**
 * The copy behind `npm run db:copy` (src/server/cli/db-copy.ts).
 *
 * Copies every table of one Prédi974 database into another (typically the embedded SQLite file into
 * the PostgreSQL database that several instances will share), keeping every id:
 * - the target is migrated first, and must then be at the same schema version as the source;
 * - the target must be empty (no row in any table) unless `--force`, which deletes the target's rows
 *   first: a copy never merges into live data by accident, and a failed copy can simply be rerun;
 * - the rows are read from a consistent snapshot of the source and written in chunks inside ONE
 *   target transaction, verified (row counts equal the source's, every counter equals its vote rows)
 *   before it commits: the target ends with the whole copy or with nothing;
 * - PostgreSQL sequences of the vote tables are moved past the copied ids;
 * - the histories' hour and minute counts are counted again from the copied vote rows.
 * Stop the servers writing to the source first, or votes cast during the copy stay behind.
 */
import { existsSync } from 'node:fs';
import { sql, type Kysely, type Transaction } from 'kysely';
import { describeDatabaseUrl, dialectOf, openDatabase, sqlitePathOf, type Database } from './database.js';
import { appliedMigrations, migrateToLatest } from './migrator.js';
import type { DB } from './schema.js';
import { rebuildVoteHistory } from '../history/history-repository.js';

/** Tables in foreign-key order (parents first), with their primary key. */
const TABLES = [
  { name: 'markets', key: 'id' },
  { name: 'votes', key: 'id' },
  { name: 'municipal_markets', key: 'id' },
  { name: 'municipal_candidates', key: 'id' },
  { name: 'municipal_votes', key: 'id' },
  { name: 'news_items', key: 'id' },
  { name: 'weather_alerts', key: 'id' },
  { name: 'app_meta', key: 'key' },
  { name: 'protection_daily', key: 'key' },
  // The operator's burst decisions travel with the vote rows they excluded; the detection's signals
  // (30 days at most) are not copied, like the other short-lived protection rows.
  { name: 'bursts', key: 'id' },
] as const satisfies readonly { name: keyof DB; key: string }[];

type TableName = (typeof TABLES)[number]['name'];

/** Tables whose integer id comes from a sequence on PostgreSQL. */
const SERIAL_TABLES = ['votes', 'municipal_votes'] as const;

/** Bound parameters per INSERT stay under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

type Row = Record<string, unknown>;
/** Untyped view for the generic table loop; every table's columns are the same on both sides. */
type AnyDb = Kysely<Record<string, Row>>;

export interface CopyOptions {
  from: string;
  to: string;
  force?: boolean;
  chunkRows?: number;
  log?: (line: string) => void;
}

export interface CopySummary {
  tables: { name: TableName; rows: number }[];
  appliedMigrations: string[];
  sequences: { table: string; next: number }[];
  counters: { markets: number; candidates: number; communes: number };
  durationMs: number;
}

export class CopyError extends Error {}

export async function copyDatabase(options: CopyOptions): Promise<CopySummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const chunkRows = options.chunkRows ?? 1_000;
  if (options.from === options.to) throw new CopyError('--from and --to name the same database');
  dialectOf(options.from);
  dialectOf(options.to);
  // Opening a missing SQLite file would create an empty one and copy nothing.
  if (dialectOf(options.from) === 'sqlite' && !existsSync(sqlitePathOf(options.from))) {
    throw new CopyError(`No SQLite database at ${sqlitePathOf(options.from)}`);
  }

  const source = openDatabase(options.from, { maxConnections: 1 });
  let target: Database | null = null;
  try {
    const sourceMigrations = await appliedMigrations(source.db);
    if (sourceMigrations === null)
      throw new CopyError(`The source ${describeDatabaseUrl(options.from)} holds no Prédi974 schema`);
    target = openDatabase(options.to, { maxConnections: 1 });
    const applied = await migrateToLatest(target);
    log(
      `Target ${describeDatabaseUrl(options.to)} migrated${applied.length > 0 ? ` (applied ${applied.join(', ')})` : ' (already up to date)'}`,
    );
    const targetMigrations = (await appliedMigrations(target.db)) ?? [];
    if (sourceMigrations.join(',') !== targetMigrations.join(',')) {
      throw new CopyError(
        `Schema versions differ: source has [${sourceMigrations.join(', ')}], target [${targetMigrations.join(', ')}]; run npm run migrate on the source first`,
      );
    }

    const targetDatabase = target;
    const summary = await readSnapshot(source, (sourceDb) =>
      targetDatabase.db.transaction().execute(async (trx) => {
        const existing = await countRows(trx);
        const nonEmpty = TABLES.filter((table) => (existing.get(table.name) ?? 0) > 0);
        if (nonEmpty.length > 0 && !options.force) {
          throw new CopyError(
            `The target is not empty (${nonEmpty.map((table) => `${table.name}: ${existing.get(table.name)}`).join(', ')}); ` +
              'pass --force to replace its rows with the copy',
          );
        }
        if (nonEmpty.length > 0) {
          for (const table of [...TABLES].reverse()) await trx.deleteFrom(table.name).execute();
          log(`Deleted the target's existing rows (--force)`);
        }

        const tables: CopySummary['tables'] = [];
        for (const table of TABLES) {
          const rows = await copyTable(sourceDb as unknown as AnyDb, trx as unknown as AnyDb, table.name, table.key, chunkRows);
          tables.push({ name: table.name, rows });
          log(`  ${table.name.padEnd(22)} ${String(rows).padStart(9)} rows`);
        }

        // The histories' step counts are derived from the vote rows: counted again in the target, not copied.
        await rebuildVoteHistory(trx);
        const copied = await countRows(trx);
        const sourceCounts = await countRows(sourceDb);
        for (const table of TABLES) {
          const want = sourceCounts.get(table.name) ?? 0;
          const got = copied.get(table.name) ?? 0;
          if (want !== got) throw new CopyError(`Row count mismatch in ${table.name}: source ${want}, target ${got}`);
        }
        const counters = await checkCounters(trx);
        const sequences = targetDatabase.dialect === 'postgres' ? await resetSequences(trx) : [];
        return { tables, counters, sequences };
      }),
    );
    return { ...summary, appliedMigrations: applied, durationMs: Date.now() - started };
  } finally {
    await source.close();
    await target?.close();
  }
}

/** Runs `work` on one consistent snapshot of the source (a read transaction on either engine). */
async function readSnapshot<T>(source: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const transaction = source.db.transaction();
  // SQLite's deferred transaction already reads one snapshot; PostgreSQL needs repeatable read for that.
  return (source.dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute(work);
}

async function countRows(db: Kysely<DB>): Promise<Map<TableName, number>> {
  const counts = new Map<TableName, number>();
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table.name)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts.set(table.name, Number(row.n));
  }
  return counts;
}

/** Keyset pagination over the primary key: each chunk is one indexed read and one multi-row INSERT. */
async function copyTable(source: AnyDb, target: AnyDb, table: string, key: string, chunkRows: number): Promise<number> {
  let copied = 0;
  let last: unknown = null;
  for (;;) {
    let query = source.selectFrom(table).selectAll().orderBy(key).limit(chunkRows);
    if (last !== null) query = query.where(key, '>', last);
    const rows = await query.execute();
    if (rows.length === 0) return copied;
    const columns = Object.keys(rows[0] ?? {}).length || 1;
    const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
    for (let start = 0; start < rows.length; start += perInsert) {
      await target
        .insertInto(table)
        .values(rows.slice(start, start + perInsert))
        .execute();
    }
    copied += rows.length;
    last = rows[rows.length - 1]?.[key] ?? null;
    if (rows.length < chunkRows) return copied;
  }
}

/**
 * Every counter must equal its vote rows, as on a live server; otherwise the copy is rolled back.
 * One grouped scan per vote table, compared here, whatever the number of markets.
 */
async function checkCounters(trx: Transaction<DB>): Promise<CopySummary['counters']> {
  const voteRows = await trx
    .selectFrom('votes')
    .select(['market_id', 'vote_type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['market_id', 'vote_type'])
    .execute();
  const rowsOf = new Map(voteRows.map((row) => [`${row.market_id}\u0000${row.vote_type}`, Number(row.n)]));
  const markets = await trx.selectFrom('markets').select(['id', 'yes_votes', 'no_votes', 'total_votes']).execute();
  const badMarkets = markets.filter((market) => {
    const yes = rowsOf.get(`${market.id}\u0000yes`) ?? 0;
    const no = rowsOf.get(`${market.id}\u0000no`) ?? 0;
    return market.yes_votes !== yes || market.no_votes !== no || market.total_votes !== yes + no;
  });

  const candidateRows = await trx
    .selectFrom('municipal_votes')
    .select(['candidate_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('candidate_id')
    .execute();
  const communeRows = await trx
    .selectFrom('municipal_votes')
    .select(['market_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('market_id')
    .execute();
  const byCandidate = new Map(candidateRows.map((row) => [row.candidate_id, Number(row.n)]));
  const byCommune = new Map(communeRows.map((row) => [row.market_id, Number(row.n)]));
  const candidates = await trx.selectFrom('municipal_candidates').select(['id', 'votes']).execute();
  const communes = await trx.selectFrom('municipal_markets').select(['id', 'total_votes']).execute();
  const badCandidates = candidates.filter((candidate) => candidate.votes !== (byCandidate.get(candidate.id) ?? 0));
  const badCommunes = communes.filter((commune) => commune.total_votes !== (byCommune.get(commune.id) ?? 0));

  if (badMarkets.length + badCandidates.length + badCommunes.length > 0) {
    const list = (label: string, ids: string[]) =>
      ids.length > 0 ? `${label}: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? '…' : ''}` : '';
    throw new CopyError(
      'Counters differ from vote rows in the copy, so in the source too; nothing was written. ' +
        [
          list(
            'markets',
            badMarkets.map((market) => market.id),
          ),
          list(
            'candidates',
            badCandidates.map((candidate) => candidate.id),
          ),
          list(
            'communes',
            badCommunes.map((commune) => commune.id),
          ),
        ]
          .filter(Boolean)
          .join('; '),
    );
  }
  return { markets: markets.length, candidates: candidates.length, communes: communes.length };
}

/** Copied ids were written explicitly, so the sequences must move past them or the next vote would collide. */
async function resetSequences(trx: Transaction<DB>): Promise<CopySummary['sequences']> {
  const sequences: CopySummary['sequences'] = [];
  for (const table of SERIAL_TABLES) {
    // is_called = false on an empty table, so the first id is still 1.
    const result = await sql<{ last: number | string }>`
      select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 1), max(id) is not null) as last
      from ${sql.table(table)}`.execute(trx);
    const last = Number(result.rows[0]?.last ?? 1);
    const empty = await trx.selectFrom(table).select('id').limit(1).executeTakeFirst();
    sequences.push({ table, next: empty ? last + 1 : 1 });
  }
  return sequences;
}
