import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

export function initialMigration(dialect: DialectName): Migration {
  const serial = dialect === 'postgres' ? sql`bigserial` : sql`integer`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('markets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('yes_votes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('no_votes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_votes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trending', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('outcome', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('votes')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('market_id', 'text', (c) => c.notNull().references('markets.id').onDelete('cascade'))
        .addColumn('vote_type', 'text', (c) => c.notNull().check(sql`vote_type in ('yes', 'no')`))
        .addColumn('fingerprint', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One vote per (market, device); unlinked rows (null fingerprint) are not constrained.
      await db.schema
        .createIndex('votes_market_fingerprint_unique')
        .on('votes')
        .columns(['market_id', 'fingerprint'])
        .unique()
        .execute();
      await db.schema.createIndex('votes_fingerprint').on('votes').column('fingerprint').execute();

      await db.schema
        .createTable('municipal_markets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('trending', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('total_votes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('municipal_candidates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('market_id', 'text', (c) => c.notNull().references('municipal_markets.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('municipal_candidates_market')
        .on('municipal_candidates')
        .columns(['market_id', 'votes'])
        .execute();

      await db.schema
        .createTable('municipal_votes')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('market_id', 'text', (c) => c.notNull().references('municipal_markets.id').onDelete('cascade'))
        .addColumn('candidate_id', 'text', (c) => c.notNull().references('municipal_candidates.id').onDelete('cascade'))
        .addColumn('fingerprint', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('municipal_votes_market_fingerprint_unique')
        .on('municipal_votes')
        .columns(['market_id', 'fingerprint'])
        .unique()
        .execute();
      await db.schema.createIndex('municipal_votes_fingerprint').on('municipal_votes').column('fingerprint').execute();

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['municipal_votes', 'municipal_candidates', 'municipal_markets', 'votes', 'markets', 'app_meta']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
