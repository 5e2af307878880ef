import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Histories read per-hour and per-minute counts instead of the vote rows (docs/decisions/042-history-from-step-counts.md):
 * `market_vote_hours` / `market_vote_minutes` (per prediction, OUI and NON) and `municipal_vote_hours` /
 * `municipal_vote_minutes` (per commune and candidate), keyed by the first 13 / 16 characters of the vote's
 * `created_at`. Only counted votes (`excluded_by is null`) are in them. Filled here from the rows already stored.
 */
export function voteHistoryStepsMigration(dialect: DialectName): Migration {
  // SQLite: the rows live in the primary key's b-tree, so a history read is one range of it.
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, step, length] of [
        ['market_vote_hours', 'hour', 13],
        ['market_vote_minutes', 'minute', 16],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('market_id', 'text', (c) => c.notNull())
          .addColumn(step, 'text', (c) => c.notNull())
          .addColumn('yes_votes', 'integer', (c) => c.notNull())
          .addColumn('no_votes', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['market_id', step])
          .modifyEnd(clustered)
          .execute();
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
        await db.schema
          .createTable(table)
          .addColumn('market_id', 'text', (c) => c.notNull())
          .addColumn('candidate_id', 'text', (c) => c.notNull())
          .addColumn(step, 'text', (c) => c.notNull())
          .addColumn('votes', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['market_id', step, 'candidate_id'])
          .modifyEnd(clustered)
          .execute();
        await sql`insert into ${sql.table(table)} (market_id, candidate_id, ${sql.ref(step)}, votes)
          select market_id, candidate_id, substr(created_at, 1, ${sql.lit(length)}), count(*)
          from municipal_votes where excluded_by is null
          group by market_id, candidate_id, substr(created_at, 1, ${sql.lit(length)})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['municipal_vote_minutes', 'municipal_vote_hours', 'market_vote_minutes', 'market_vote_hours']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
