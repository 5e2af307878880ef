import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Burst detection and exclusion (docs/decisions/040-burst-detection.md):
 * - `vote_signals`: one row per accepted vote (item, device, side, keyed hash of the address group under the
 *   day's key, identity issue time), read by the detection and purged after 30 days;
 * - `bursts`: the concentrated groups found, with the operator's decision;
 * - `excluded_by` on both vote tables: the burst whose exclusion took the row out of the public counts
 *   (null: counted). Excluded rows stay stored, so an exclusion can be undone exactly.
 */
export function burstsMigration(dialect: DialectName): Migration {
  const serial = dialect === 'postgres' ? sql`bigserial` : sql`integer`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('votes').addColumn('excluded_by', 'text').execute();
      await db.schema.alterTable('municipal_votes').addColumn('excluded_by', 'text').execute();
      await db.schema.createIndex('votes_excluded_by').on('votes').column('excluded_by').execute();
      await db.schema.createIndex('municipal_votes_excluded_by').on('municipal_votes').column('excluded_by').execute();

      await db.schema
        .createTable('vote_signals')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('item_kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('identity_issued_at', 'bigint')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vote_signals_at').on('vote_signals').column('at').execute();
      await db.schema.createIndex('vote_signals_item_at').on('vote_signals').columns(['item_kind', 'item_id', 'at']).execute();
      await db.schema.createIndex('vote_signals_fingerprint').on('vote_signals').column('fingerprint').execute();

      await db.schema
        .createTable('bursts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('item_kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('first_vote_at', 'text', (c) => c.notNull())
        .addColumn('last_vote_at', 'text', (c) => c.notNull())
        .addColumn('votes', 'integer', (c) => c.notNull())
        .addColumn('origins', 'integer', (c) => c.notNull())
        .addColumn('fresh_identities', 'integer', (c) => c.notNull())
        .addColumn('median_identity_age_minutes', 'integer', (c) => c.notNull())
        .addColumn('detected_at', 'text', (c) => c.notNull())
        .addColumn('excluded_at', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('listed', 'excluded')`))
        .execute();
      await db.schema.createIndex('bursts_item').on('bursts').columns(['item_kind', 'item_id', 'side']).execute();
      await db.schema.createIndex('bursts_first_vote_at').on('bursts').column('first_vote_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bursts').ifExists().execute();
      await db.schema.dropTable('vote_signals').ifExists().execute();
      await db.schema.dropIndex('municipal_votes_excluded_by').ifExists().execute();
      await db.schema.dropIndex('votes_excluded_by').ifExists().execute();
      await db.schema.alterTable('municipal_votes').dropColumn('excluded_by').execute();
      await db.schema.alterTable('votes').dropColumn('excluded_by').execute();
    },
  };
}
