import type { Kysely, Migration } from 'kysely';

/** A prediction's history reads its votes by time: an index keeps that a range read, not a table scan. */
export const votesMarketCreatedIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('votes_market_created').on('votes').columns(['market_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('votes_market_created').ifExists().execute();
  },
};
