import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/** PostgreSQL NOTIFY through the pool: delivered to every LISTEN connection once the statement commits. */
export async function notifyChannel(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
