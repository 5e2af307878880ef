import { isIP } from 'node:net';
import { z } from 'zod';
import type { VoteChangeRule } from '../shared/health.js';
import { DEMO_SITE_FACTS, type SiteFact, type SiteFacts } from '../shared/site-facts.js';
import { DEFAULT_STALL_TIMEOUT_MS } from './realtime/stalled-readers.js';

/** A line of the legal pages: trimmed, not blank, short enough for one line. */
const siteText = z.union([z.literal(''), z.string().trim().min(1).max(200)]).optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('sqlite:./data/predi974.db'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  // Guessed tokens are also slowed by the admin rate limit, but a short one would still fall in hours.
  ADMIN_TOKEN: z.union([z.literal(''), z.string().min(16, { error: 'must be at least 16 characters' })]).optional(),
  VOTE_CHANGE: z.enum(['allowed', 'forbidden']).default('allowed'),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  REDIS_URL: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  RATE_LIMIT_VOTES_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_PRIVACY_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_STREAMS_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).default('predi974:rate-limit:'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).default(15_000),
  // 0 turns the guard off; below 200 ms a phone's normal pauses would cut its stream.
  STREAM_STALL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 200 && ms <= 600_000), { error: 'must be 0 (off) or between 200 and 600000' })
    .default(DEFAULT_STALL_TIMEOUT_MS),
  MUNICIPAL_ELECTION_END: z.union([z.literal(''), z.iso.datetime({ offset: true })]).optional(),
  // A backstop against floods only (docs/decisions/031): any lower, unsolved requests would lock out the phones
  // behind a shared address.
  RATE_LIMIT_CHALLENGES_PER_MINUTE: z.coerce.number().int().min(1).default(60_000),
  RATE_LIMIT_SHARES_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_HISTORY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_REFUSALS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_CHALLENGES_PER_IDENTITY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_ADMIN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((value) => !value || publicOrigin(value) !== null, {
      error: 'must be an http(s) origin without path, query or credentials, e.g. https://predi974.re',
    }),
  VOTE_PROTECTION: z.enum(['on', 'off']).default('on'),
  // Signs identities and challenges: long enough that it cannot be guessed.
  IDENTITY_SECRET: z.union([z.literal(''), z.string().min(32, { error: 'must be at least 32 characters' })]).optional(),
  PROTECTION_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  PROTECTION_NORMAL_MAXNUMBER: z.coerce.number().int().min(10).max(1e9).default(10_000),
  // The secret number is drawn with crypto.randomInt, whose range stops below 2^48.
  PROTECTION_MAX_MAXNUMBER: z.coerce
    .number()
    .int()
    .min(10)
    .max(2 ** 48 - 2)
    .default(1_000_000_000_000),
  PROTECTION_STEEPNESS: z.coerce.number().min(1).max(1000).default(20),
  PROTECTION_IDENTITIES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(600),
  PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR: z.coerce.number().int().min(1).default(120),
  PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  PROTECTION_VOTES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(3000),
  PROTECTION_IDENTITY_MAXNUMBER: z.coerce.number().int().min(10).max(1e9).default(50_000),
  PROTECTION_TRANSPARENCY_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  // Long enough for a busy instance's own commits, short enough for a load balancer's probe timeout.
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1_000),
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16, { error: 'must be at least 16 characters' })]).optional(),
  // The deployment's publisher and host, shown by the legal notice and the privacy page (GET /api/site).
  SITE_PUBLISHER: siteText,
  SITE_PUBLISHER_ADDRESS: siteText,
  SITE_CONTACT_EMAIL: z.union([z.literal(''), z.email({ error: 'must be an e-mail address' })]).optional(),
  SITE_HOST_NAME: siteText,
  SITE_HOST_ADDRESS: siteText,
  SITE_HOST_COUNTRY: siteText,
});

/** The variable behind each fact of GET /api/site. */
const SITE_VARIABLES = {
  publisher: 'SITE_PUBLISHER',
  publisherAddress: 'SITE_PUBLISHER_ADDRESS',
  contactEmail: 'SITE_CONTACT_EMAIL',
  hostName: 'SITE_HOST_NAME',
  hostAddress: 'SITE_HOST_ADDRESS',
  hostCountry: 'SITE_HOST_COUNTRY',
} as const satisfies Record<SiteFact, keyof z.infer<typeof envSchema>>;

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
  /**
   * Which proxies may say who the client is (X-Forwarded-For, X-Forwarded-Proto): none, how many hops in
   * front of the server, or their addresses / CIDR ranges. Never "every hop" (see parseTrustProxy).
   */
  trustProxy: false | number | string[];
  /** Per-address limits (see docs/security-and-privacy.md); ignored when `rateLimit` is false. */
  rateLimits: {
    votesPerMinute: number;
    privacyPerMinute: number;
    streamsPerAddress: number;
    /** Key prefix in Redis, so several deployments can share one Redis. */
    redisPrefix: string;
    /** Identity challenge requests, per address. */
    challengesPerMinute: number;
    /** Vote and municipal challenge requests, per identity (never per address: see docs/decisions/031). */
    challengesPerIdentityPerMinute: number;
    /** Protected requests refused (forged identity, missing, invalid, expired, replayed or underpriced proof). */
    refusalsPerMinute: number;
    /** Share pages and their pictures (`/p/…`, `/c/…`). */
    sharesPerMinute: number;
    /** Histories of predictions and communes (`/api/markets/:id/history`, `/api/municipal/:id/history`). */
    historyPerMinute: number;
    /** Admin API calls without the right token (wrong or missing), per address. */
    adminFailuresPerMinute: number;
  };
  /**
   * The site's public origin (`https://predi974.re`), written into the absolute links of the share pages;
   * null: they use relative links, or the request's host only when it is one of `allowedOrigins`.
   */
  publicUrl: string | null;
  /** Longest time a client may take to send a whole request (headers and body): slow clients are cut off. */
  requestTimeoutMs: number;
  /** An event stream whose unsent data stops draining for this long is dropped; 0 never drops it. */
  streamStallTimeoutMs: number;
  /**
   * When the municipal vote closes, if an operator sets it: from then on municipal votes are refused and
   * erasure and retention treat the results as final. Null: the municipal vote is open.
   */
  municipalElectionEnd: string | null;
  /** Issued identities and proofs of work on identity and votes (see docs/decisions/003-vote-protection.md). */
  protection: ProtectionConfig;
  /** How long `GET /api/health/ready` waits for the database before answering 503. */
  readinessTimeoutMs: number;
  /** Bearer token of `GET /metrics`; null: no metrics are collected and the route answers 404. */
  metricsToken: string | null;
  /** Publisher and host of this deployment, and which of them are still demonstration values. */
  site: { facts: SiteFacts; demoValues: SiteFact[] };
}

export interface ProtectionConfig {
  /** False for load tests only: no proof asked, any well-formed fingerprint accepted. */
  enabled: boolean;
  /** From IDENTITY_SECRET; null: generated once and kept in the database. */
  secret: string | null;
  challengeTtlSeconds: number;
  /** `maxnumber` of a vote challenge in normal times (expected work: half of it). */
  normalMaxNumber: number;
  /** `maxnumber` of an identity challenge in normal times: an identity is worth several votes. */
  identityMaxNumber: number;
  /** The highest `maxnumber` ever asked. */
  maxMaxNumber: number;
  /** Difficulty doubles each time a budget is exceeded by another `budget / steepness` requests. */
  steepness: number;
  budgets: {
    identitiesPerAddressPerHour: number;
    /** Per address and prediction (or commune). */
    votesPerAddressPerItemPerHour: number;
    votesPerIdentityPerMinute: number;
    /** Per address, all predictions and communes together. */
    votesPerAddressPerHour: number;
  };
  transparencyCacheMs: number;
}

/** proxy-addr's names for whole ranges, accepted by Fastify's trustProxy. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || bits === undefined || !/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `false` (default), a number of trusted hops (`1` behind one nginx), or a comma-separated list of the
 * proxies' addresses / CIDR ranges. `true` is refused: it trusts every hop, so the client address becomes
 * the left-most X-Forwarded-For entry, which any client can write itself when the proxy appends to it.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would trust every hop, letting a client choose its own address ' +
        'through X-Forwarded-For; set the number of proxies in front of the server (TRUST_PROXY=1) or their ' +
        'addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.5)',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.find((entry) => !isAddressOrRange(entry));
  if (invalid !== undefined || entries.length === 0) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY "${invalid ?? text}" is neither false, a number of hops, nor an address or CIDR range`,
    );
  }
  return entries;
}

/** `https://predi974.re` or `https://predi974.re/` → `https://predi974.re`; null for anything that is not a bare http(s) origin. */
export function publicOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  return bare && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : null;
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      votesPerMinute: e.RATE_LIMIT_VOTES_PER_MINUTE,
      privacyPerMinute: e.RATE_LIMIT_PRIVACY_PER_MINUTE,
      streamsPerAddress: e.RATE_LIMIT_STREAMS_PER_IP,
      redisPrefix: e.RATE_LIMIT_REDIS_PREFIX,
      challengesPerMinute: e.RATE_LIMIT_CHALLENGES_PER_MINUTE,
      challengesPerIdentityPerMinute: e.RATE_LIMIT_CHALLENGES_PER_IDENTITY_PER_MINUTE,
      refusalsPerMinute: e.RATE_LIMIT_REFUSALS_PER_MINUTE,
      sharesPerMinute: e.RATE_LIMIT_SHARES_PER_MINUTE,
      historyPerMinute: e.RATE_LIMIT_HISTORY_PER_MINUTE,
      adminFailuresPerMinute: e.RATE_LIMIT_ADMIN_PER_MINUTE,
    },
    publicUrl: e.PUBLIC_URL ? publicOrigin(e.PUBLIC_URL) : null,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    streamStallTimeoutMs: e.STREAM_STALL_TIMEOUT_MS,
    municipalElectionEnd: e.MUNICIPAL_ELECTION_END ? new Date(e.MUNICIPAL_ELECTION_END).toISOString() : null,
    protection: {
      enabled: e.VOTE_PROTECTION === 'on',
      secret: e.IDENTITY_SECRET ? e.IDENTITY_SECRET : null,
      challengeTtlSeconds: e.PROTECTION_CHALLENGE_TTL_SECONDS,
      normalMaxNumber: e.PROTECTION_NORMAL_MAXNUMBER,
      identityMaxNumber: e.PROTECTION_IDENTITY_MAXNUMBER,
      maxMaxNumber: Math.max(e.PROTECTION_MAX_MAXNUMBER, e.PROTECTION_NORMAL_MAXNUMBER, e.PROTECTION_IDENTITY_MAXNUMBER),
      steepness: e.PROTECTION_STEEPNESS,
      budgets: {
        identitiesPerAddressPerHour: e.PROTECTION_IDENTITIES_PER_ADDRESS_PER_HOUR,
        votesPerAddressPerItemPerHour: e.PROTECTION_VOTES_PER_ADDRESS_PER_ITEM_PER_HOUR,
        votesPerIdentityPerMinute: e.PROTECTION_VOTES_PER_IDENTITY_PER_MINUTE,
        votesPerAddressPerHour: e.PROTECTION_VOTES_PER_ADDRESS_PER_HOUR,
      },
      transparencyCacheMs: e.PROTECTION_TRANSPARENCY_CACHE_MS,
    },
    readinessTimeoutMs: e.READINESS_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN ? e.METRICS_TOKEN : null,
    site: siteFactsFrom(e),
  };
}

function siteFactsFrom(e: z.infer<typeof envSchema>): Config['site'] {
  const facts = { ...DEMO_SITE_FACTS };
  const demoValues: SiteFact[] = [];
  for (const [fact, variable] of Object.entries(SITE_VARIABLES) as [SiteFact, (typeof SITE_VARIABLES)[SiteFact]][]) {
    const value = e[variable];
    if (value) facts[fact] = value;
    else demoValues.push(fact);
  }
  return { facts, demoValues };
}
