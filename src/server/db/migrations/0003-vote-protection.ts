import type { Kysely, Migration } from 'kysely';

/**
 * The vote protection's shared state: spent challenges (single use on every instance), the budget counters
 * (keys are keyed hashes of addresses and identities, never the values themselves) and the public daily
 * figures of the transparency page. The identity secret, when generated, lives in `app_meta`.
 */
export const voteProtectionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('spent_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('spent_challenges_expires_at').on('spent_challenges').column('expires_at').execute();

    await db.schema
      .createTable('protection_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('window_ms', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('previous', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('protection_counters_expires_at').on('protection_counters').column('expires_at').execute();

    await db.schema
      .createTable('protection_daily')
      // `day:metric`: one text key, so the table copies like the others (db:copy pages by primary key).
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('protection_daily_day').on('protection_daily').column('day').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['protection_daily', 'protection_counters', 'spent_challenges']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
