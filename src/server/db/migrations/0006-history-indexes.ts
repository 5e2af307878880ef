import type { Kysely, Migration } from 'kysely';

/** Histories read a prediction's or a commune's votes by time: indexes keep those range reads, not table scans. */
export const historyIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('votes_market_created').on('votes').columns(['market_id', 'created_at']).execute();
    await db.schema
      .createIndex('municipal_votes_market_created')
      .on('municipal_votes')
      .columns(['market_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('municipal_votes_market_created').ifExists().execute();
    await db.schema.dropIndex('votes_market_created').ifExists().execute();
  },
};
