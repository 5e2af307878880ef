import { randomBytes } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Fixed-window counters in PostgreSQL, so a limit holds for the whole site whichever instance an address
 * reaches, without Redis. One upsert per limited request; expired windows restart in the same statement
 * and are swept once a minute.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  private lastSweep = Date.now();

  constructor(private readonly db: Kysely<DB>) {}

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: now + timeWindow })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(now + timeWindow)
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        })),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow()
      .then((row) => callback(null, { current: row.count, ttl: Math.max(0, Number(row.reset_at) - now) }))
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    if (now - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      this.db
        .deleteFrom('rate_limits')
        .where('reset_at', '<', now)
        .execute()
        .catch(() => {
          // swept again next minute
        });
    }
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** The key that hashes addresses must be the same on every instance; the first one to start creates it. */
export async function sharedSaltFromDatabase(db: Kysely<DB>): Promise<Buffer> {
  await db
    .insertInto('app_meta')
    .values({ key: 'rate_limit_salt', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'rate_limit_salt').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/**
 * Rate-limit rows whose window has ended (PostgreSQL without Redis). Swept on traffic; the daily retention job
 * also runs this, so that on a quiet site no address hash outlives what the privacy page promises.
 */
export async function purgeExpiredRateLimits(db: Kysely<DB>, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
