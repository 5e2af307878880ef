import { createHmac, randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { MESSAGES } from '../../shared/messages.js';
import { Memo } from '../memo.js';
import { reunionDay } from '../../shared/reunion-day.js';
import type { Config } from '../config.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { PostgresRateLimitStore, sharedSaltFromDatabase } from './rate-limit-repository.js';
import { addressGroup } from './address-group.js';
import { HttpError } from './http-error.js';
import type { HandlerLimitGroup, HandlerLimits } from './route-config.js';

const WINDOW_MS = 60_000;
/** How long a refused stream client is told to wait; EventSource retries on its own anyway. */
const STREAM_RETRY_AFTER_SECONDS = 10;

type LimitedGroup = 'privacy' | 'share' | 'history' | 'admin';
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Per-address limits, by route group (`config.rateLimitGroup`): votes, privacy calls and share pages are counted per
 * minute, live streams by how many are open at once. Addresses are only ever kept as keyed hashes, in
 * memory or in Redis, and expire with their window.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, database: Database): Promise<void> {
  if (!config.rateLimit) {
    app.decorate('handlerLimits', { take: () => Promise.resolve() } satisfies HandlerLimits);
    return;
  }
  const limits = config.rateLimits;
  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : null;
  // Several instances share one PostgreSQL database: without Redis, the counters live there.
  const postgres = !redis && database.dialect === 'postgres' ? database.db : null;
  const salt = redis
    ? await sharedSalt(redis, limits.redisPrefix)
    : postgres
      ? await sharedSaltFromDatabase(postgres)
      : randomBytes(32);

  // By address group (an IPv6 /48 as one address), as the vote protection's budgets count, under the day's key;
  // remembered, since a vote's challenge and the vote itself come from the same address.
  const hashes = new Memo<string>(50_000);
  const hashOf = (subject: string): string => {
    const now = Date.now();
    return hashes.get(`${reunionDay(now)}:${subject}`, () => hashedAddress(salt, subject, now));
  };
  const addressKey = (request: FastifyRequest): string => hashOf(addressGroup(request.ip));

  await app.register(rateLimit, {
    global: false,
    // A rate-limit store that cannot answer must not stop the island from voting.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: limits.redisPrefix } : {}),
    ...(postgres
      ? {
          store: postgresStore(postgres),
        }
      : {}),
  });

  const limiter = (group: string, max: number): Limiter =>
    app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: (request) => `${group}:${addressKey(request)}` });
  const limiters: Record<LimitedGroup, Limiter> = {
    privacy: limiter('privacy', limits.privacyPerMinute),
    share: limiter('share', limits.sharesPerMinute),
    history: limiter('history', limits.historyPerMinute),
    admin: limiter('admin', limits.adminFailuresPerMinute),
  };
  // Counted by the handlers once the request's identity and proof are checked: a refused request spends only
  // the refusal budget of its address, never what the valid requests of the phones beside it use.
  const handlerLimiters: Record<HandlerLimitGroup, Limiter> = {
    vote: limiter('vote', limits.votesPerMinute),
    refused: limiter('refused', limits.refusalsPerMinute),
    challenge: limiter('challenge', limits.challengesPerMinute),
    identity: app.createRateLimit({
      max: limits.challengesPerIdentityPerMinute,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `identity:${hashOf(subjects.get(request) ?? '')}`,
    }),
  };
  const subjects = new WeakMap<FastifyRequest, string>();
  app.decorate('handlerLimits', {
    async take(request, group, subject) {
      if (subject !== undefined) subjects.set(request, subject);
      const result = await handlerLimiters[group](request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(429, MESSAGES.tooManyRequests, { 'Retry-After': String(Math.max(1, result.ttlInSeconds)) });
      }
    },
  } satisfies HandlerLimits);
  const openStreams = new Map<string, number>();

  // A callback hook: the routes outside every group (most reads) pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const { rateLimitGroup: group, rateLimitExempt: exempt } = request.routeOptions.config;
    if (group === undefined || group === 'vote' || group === 'challenge' || exempt?.(request)) return done();
    if (group === 'stream') {
      // Only a GET becomes a stream; a HEAD ends at once and must not take a slot.
      if (request.method !== 'GET') return done();
      try {
        countStream(openStreams, addressKey(request), limits.streamsPerAddress, reply);
      } catch (error) {
        return done(error as Error);
      }
      return done();
    }
    limiters[group](request).then((result) => {
      if (!result.isAllowed && result.isExceeded) {
        done(new HttpError(429, MESSAGES.tooManyRequests, { 'Retry-After': String(Math.max(1, result.ttlInSeconds)) }));
      } else done();
    }, done);
  });
}

/**
 * An address as the counters see it: keyed with the day's key, HMAC(shared salt, day in La Réunion), so
 * the same address gives unrelated hashes on two days (what the privacy page promises). The shared salt
 * stays the root every instance agrees on. A window that spans midnight starts again from zero.
 */
export function hashedAddress(salt: Buffer, address: string, at: number): string {
  return createHmac('sha256', dayKeyOf(salt, reunionDay(at)))
    .update(address)
    .digest('base64url')
    .slice(0, 24);
}

/** The day's key, derived once per salt and day rather than on every limited request. */
const dayKeys = new WeakMap<Buffer, { day: string; key: Buffer }>();
function dayKeyOf(salt: Buffer, day: string): Buffer {
  const cached = dayKeys.get(salt);
  if (cached?.day === day) return cached.key;
  const key = createHmac('sha256', salt).update(day).digest();
  dayKeys.set(salt, { day, key });
  return key;
}

/** Counts the address's open streams; the count drops when the connection closes, however it closes. */
function countStream(openStreams: Map<string, number>, key: string, max: number, reply: FastifyReply): void {
  const open = openStreams.get(key) ?? 0;
  if (open >= max) {
    throw new HttpError(429, MESSAGES.tooManyStreams, { 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS) });
  }
  openStreams.set(key, open + 1);
  reply.raw.once('close', () => {
    const left = (openStreams.get(key) ?? 1) - 1;
    if (left <= 0) openStreams.delete(key);
    else openStreams.set(key, left);
  });
}

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // No offline queue and one try per command: when Redis is away, limits are skipped at once instead of
  // holding votes back.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: error.message }, 'rate limits: Redis unavailable, limits skipped until it is back');
  });
  try {
    await redis.connect();
  } catch {
    // Reported by the error listener; ioredis keeps reconnecting in the background.
  }
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

/**
 * Every instance must hash an address the same way to share counters, so the key lives in Redis (created
 * once by the first instance). Redis unreachable at start: a local key, limits then count per instance.
 */
async function sharedSalt(redis: Redis, prefix: string): Promise<Buffer> {
  const key = `${prefix}salt`;
  try {
    await redis.set(key, randomBytes(32).toString('base64'), 'NX');
    const value = await redis.get(key);
    if (value) return Buffer.from(value, 'base64');
  } catch {
    // fall through
  }
  return randomBytes(32);
}

/** The plugin builds its store itself (`new Store()`), so the database is bound in a subclass. */
function postgresStore(db: Kysely<DB>) {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(db);
    }
  };
}
