import type { Database } from '../db/database.js';
import { notifyChannel } from '../db/notify.js';
import type { Logger } from '../logger.js';
import { LocalChangeBus, type ChangeBus } from './change-bus.js';
import { PgChangeBus } from './pg-change-bus.js';

/**
 * SQLite runs as one process, so changes stay in it. On PostgreSQL any number of instances share the
 * database, so changes travel between them with LISTEN/NOTIFY (see docs/decisions/002-postgres-listen-notify.md).
 */
export async function createChangeBus(database: Database, logger: Logger): Promise<ChangeBus> {
  if (database.dialect !== 'postgres') return new LocalChangeBus();
  return PgChangeBus.connect({
    url: database.url,
    log: (level, message) => logger[level](message),
    notify: (channel, payload) => notifyChannel(database.db, channel, payload),
  });
}
