import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, DialectName } from './database.js';
import type { DB } from './schema.js';
import { initialMigration } from './migrations/0001-initial.js';
import { rateLimitsMigration } from './migrations/0002-rate-limits.js';
import { voteProtectionMigration } from './migrations/0003-vote-protection.js';
import { newsAndAlertsMigration } from './migrations/0004-news-and-alerts.js';
import { votesUpdatedAtIndexMigration } from './migrations/0005-votes-updated-at-index.js';
import { historyIndexesMigration } from './migrations/0006-history-indexes.js';
import { burstsMigration } from './migrations/0007-bursts.js';
import { voteHistoryStepsMigration } from './migrations/0008-vote-history-steps.js';

/** Migrations are frozen in time: add a new one, never edit an old one. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-rate-limits': rateLimitsMigration,
    '0003-vote-protection': voteProtectionMigration,
    '0004-news-and-alerts': newsAndAlertsMigration,
    '0005-votes-updated-at-index': votesUpdatedAtIndexMigration,
    '0006-history-indexes': historyIndexesMigration,
    '0007-bursts': burstsMigration(dialect),
    '0008-vote-history-steps': voteHistoryStepsMigration(dialect),
  };
}

/** Names of every migration this version knows, in order (a backup holding others is from a newer version). */
export function knownMigrationNames(): string[] {
  return Object.keys(migrationsFor('sqlite')).sort();
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.migrations);
  }
}

/** Brings the schema to the latest version; throws when a migration fails. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: new StaticMigrationProvider(migrationsFor(database.dialect)),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : `migration ${failed?.migrationName ?? 'inconnue'}`;
    throw new Error(`Migration failed: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Names of the migrations applied to this database, in order; null when it holds no Prédi974 schema. */
export async function appliedMigrations(db: Kysely<DB>): Promise<string[] | null> {
  try {
    const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return result.rows.map((row) => row.name);
  } catch {
    return null;
  }
}
