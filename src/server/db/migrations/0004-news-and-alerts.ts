import type { Kysely, Migration } from 'kysely';

/** News items and weather alerts of the "Actualités" page, replaceable by operators without a deploy. */
export const newsAndAlertsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('news_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('read_time', 'integer', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addColumn('views_change', 'integer', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('trending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('press_url', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('weather_alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('zone', 'text', (c) => c.notNull())
      .addColumn('places', 'text', (c) => c.notNull())
      .addColumn('advice', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .execute();
    // The public feed reads only the alerts not yet ended.
    await db.schema.createIndex('weather_alerts_ends_at').on('weather_alerts').column('ends_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('weather_alerts').ifExists().execute();
    await db.schema.dropTable('news_items').ifExists().execute();
  },
};
