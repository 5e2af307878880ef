import { z } from 'zod';
import type { VoteChangeRule } from '../shared/health.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('sqlite:./data/predi974.db'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  ADMIN_TOKEN: z.string().optional(),
  VOTE_CHANGE: z.enum(['allowed', 'forbidden']).default('allowed'),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  REDIS_URL: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_VOTES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_PRIVACY_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_STREAMS_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).default('predi974:rate-limit:'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).default(15_000),
  MUNICIPAL_ELECTION_END: z.union([z.literal(''), z.iso.datetime({ offset: true })]).optional(),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Pooled connections per instance on PostgreSQL (the LISTEN connection comes on top); unused on SQLite. */
  databasePoolSize: number;
  /**
   * PostgreSQL: longest wait for a row lock, and longest statement, on the server's connections (ms).
   * Past them the request is answered 503 with Retry-After and its connection goes back to the pool.
   */
  databaseLockTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  adminToken: string | null;
  voteChange: VoteChangeRule;
  rateLimit: boolean;
  redisUrl: string | null;
  seed: 'demo' | 'none';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Extra origins allowed to post, beyond the server's own. */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** Per-address limits (see docs/security-and-privacy.md); ignored when `rateLimit` is false. */
  rateLimits: {
    votesPerMinute: number;
    privacyPerMinute: number;
    streamsPerAddress: number;
    /** Key prefix in Redis, so several deployments can share one Redis. */
    redisPrefix: string;
  };
  /** Longest time a client may take to send a whole request (headers and body): slow clients are cut off. */
  requestTimeoutMs: number;
  /**
   * When the municipal vote closes, if an operator sets it: from then on municipal votes are refused and
   * erasure and retention treat the results as final. Null: the municipal vote is open.
   */
  municipalElectionEnd: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')} ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseLockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    adminToken: e.ADMIN_TOKEN && e.ADMIN_TOKEN.length > 0 ? e.ADMIN_TOKEN : null,
    voteChange: e.VOTE_CHANGE,
    rateLimit: e.RATE_LIMIT === 'on',
    redisUrl: e.REDIS_URL && e.REDIS_URL.length > 0 ? e.REDIS_URL : null,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimits: {
      votesPerMinute: e.RATE_LIMIT_VOTES_PER_MINUTE,
      privacyPerMinute: e.RATE_LIMIT_PRIVACY_PER_MINUTE,
      streamsPerAddress: e.RATE_LIMIT_STREAMS_PER_IP,
      redisPrefix: e.RATE_LIMIT_REDIS_PREFIX,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    municipalElectionEnd: e.MUNICIPAL_ELECTION_END ? new Date(e.MUNICIPAL_ELECTION_END).toISOString() : null,
  };
}
