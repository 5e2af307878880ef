import { z } from 'zod';
import { defineEndpoints, errors } from './contract.js';

export const healthSchema = z
  .strictObject({
    ok: z.boolean(),
    database: z.enum(['sqlite', 'postgres']),
    /** Whether a visitor may switch OUI ↔ NON while a prediction is open (`VOTE_CHANGE`). */
    voteChange: z.enum(['allowed', 'forbidden']),
    /** Whether identities must be issued by the server and votes carry a proof of work (`VOTE_PROTECTION`). */
    voteProtection: z.enum(['on', 'off']),
    /** Whether the admin API is on (`ADMIN_TOKEN` set): the browser offers `#admin` only then. */
    admin: z.boolean(),
  })
  .meta({ id: 'Health' });

const okSchema = z.strictObject({ ok: z.literal(true) });

export const opsEndpoints = defineEndpoints({
  getHealth: {
    method: 'GET',
    url: '/api/health',
    summary: 'The rules the browser follows (database, vote change, vote protection, administration on)',
    answer: '200 `{ ok, database, voteChange, voteProtection, admin }`',
    tags: ['operations'],
    response: { 200: healthSchema },
  },
  live: {
    method: 'GET',
    url: '/api/health/live',
    summary: 'Liveness: the process answers',
    answer: '200 `{ ok: true }`',
    tags: ['operations'],
    response: { 200: okSchema },
  },
  ready: {
    method: 'GET',
    url: '/api/health/ready',
    summary: 'Readiness: the database answers within READINESS_TIMEOUT_MS (load balancer)',
    answer: '200 `{ ok: true }`; 503 `{ error }` + `Retry-After`',
    tags: ['operations'],
    response: { 200: okSchema, ...errors(503) },
  },
  metrics: {
    method: 'GET',
    url: '/metrics',
    summary: 'Prometheus text, only when METRICS_TOKEN is set (404 otherwise)',
    answer: '200 Prometheus text; 401 wrong token',
    tags: ['operations'],
    produces: 'text/plain; version=0.0.4',
    security: 'metrics',
    response: { 200: z.string(), ...errors(401) },
  },
  stream: {
    method: 'GET',
    url: '/api/stream',
    summary: 'Server-Sent Events `market` (a Market) and `municipal` (a Commune)',
    answer: '200 `text/event-stream`; 429 too many streams from one address',
    tags: ['live'],
    produces: 'text/event-stream',
    response: { 200: z.string(), ...errors(429) },
  },
});
