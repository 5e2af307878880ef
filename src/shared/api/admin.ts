import { z } from 'zod';
import {
  activityQuerySchema,
  candidateInputSchema,
  candidateParamsSchema,
  candidatePatchSchema,
  communeInputSchema,
  communePatchSchema,
  idParamsSchema,
  marketInputSchema,
  marketPatchSchema,
  newsItemInputSchema,
  newsItemPatchSchema,
  resolveMarketSchema,
  weatherAlertInputSchema,
  weatherAlertPatchSchema,
} from '../schemas.js';
import { defineEndpoints, errors, noContentSchema } from './contract.js';
import { marketSchema } from './markets.js';
import { candidateSchema, communeSchema } from './municipal.js';
import { newsItemSchema, weatherAlertSchema } from './news.js';

export const counterMismatchSchema = z.strictObject({
  /** `market-history` / `commune-history`: an hour or minute count of a history (id: item, candidate, step). */
  kind: z.enum(['market', 'candidate', 'commune', 'market-history', 'commune-history']),
  id: z.string(),
  counter: z.enum(['yes_votes', 'no_votes', 'total_votes', 'votes']),
  stored: z.int(),
  rows: z.int(),
});

export const marketActivitySchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  votesLast5Minutes: z.int().nonnegative(),
  votesLastHour: z.int().nonnegative(),
});

export const adminActivitySchema = z
  .strictObject({
    /** One page of the predictions, busiest first (`ADMIN_ACTIVITY_PAGE_SIZE` a page). */
    markets: z.array(marketActivitySchema),
    /** Predictions in all, on every page. */
    total: z.int().nonnegative(),
    page: z.int().positive(),
    pageCount: z.int().positive(),
    /** Votes refused today (La Réunion's calendar day), by reason, as every instance counted them. */
    refused: z.strictObject({
      day: z.string(),
      replays: z.int().nonnegative(),
      rateLimited: z.int().nonnegative(),
      proof: z.int().nonnegative(),
    }),
    generatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminActivity' });

export const burstSchema = z
  .strictObject({
    id: z.string(),
    item: z.strictObject({ kind: z.enum(['market', 'commune']), id: z.string(), title: z.string() }),
    /** `yes` / `no` on a prediction, the candidate id on a commune. */
    side: z.string(),
    votes: z.int().nonnegative(),
    /** How many origins (address groups) sent them: a count, never an address. */
    addresses: z.int().nonnegative(),
    identities: z.strictObject({ fresh: z.int().nonnegative(), medianAgeMinutes: z.int().nonnegative() }),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    detectedAt: z.iso.datetime(),
    status: z.enum(['listed', 'excluded']),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Burst' });
export type Burst = z.infer<typeof burstSchema>;

export const counterCheckSchema = z
  .strictObject({ ok: z.boolean(), mismatches: z.array(counterMismatchSchema) })
  .meta({ id: 'CounterCheck' });

/** Every admin route: 401 without the right Bearer token, 404 when ADMIN_TOKEN is unset. */
const guarded = { tags: ['admin'], security: 'admin' } as const;

export const adminEndpoints = defineEndpoints({
  createMarket: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/markets',
    summary: 'Create a prediction',
    answer: '201 `Market`; 400; 409 id taken',
    body: marketInputSchema,
    response: { 201: marketSchema, ...errors(400, 401, 404, 409) },
  },
  updateMarket: {
    ...guarded,
    method: 'PATCH',
    url: '/api/admin/markets/:id',
    summary: 'Change a prediction',
    answer: '200 `Market`; 400; 404',
    params: idParamsSchema,
    body: marketPatchSchema,
    response: { 200: marketSchema, ...errors(400, 401, 404, 409) },
  },
  resolveMarket: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/markets/:id/resolve',
    summary: 'Resolve a prediction OUI or NON',
    answer: '200 `Market`; 400; 404; 409',
    params: idParamsSchema,
    body: resolveMarketSchema,
    response: { 200: marketSchema, ...errors(400, 401, 404, 409) },
  },
  deleteMarket: {
    ...guarded,
    method: 'DELETE',
    url: '/api/admin/markets/:id',
    summary: 'Delete a prediction and its votes',
    answer: '204; 404',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors(400, 401, 404) },
  },
  createCommune: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/municipal',
    summary: 'Create a commune election',
    answer: '201 `Commune`; 400; 409 id taken',
    body: communeInputSchema,
    response: { 201: communeSchema, ...errors(400, 401, 404, 409) },
  },
  updateCommune: {
    ...guarded,
    method: 'PATCH',
    url: '/api/admin/municipal/:id',
    summary: 'Change a commune election',
    answer: '200 `Commune`; 400; 404',
    params: idParamsSchema,
    body: communePatchSchema,
    response: { 200: communeSchema, ...errors(400, 401, 404, 409) },
  },
  deleteCommune: {
    ...guarded,
    method: 'DELETE',
    url: '/api/admin/municipal/:id',
    summary: 'Delete a commune election, its candidates and votes',
    answer: '204; 404',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors(400, 401, 404) },
  },
  addCandidate: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/municipal/:id/candidates',
    summary: 'Add a candidate to a commune',
    answer: '201 `Candidate`; 400; 404; 409 id taken',
    params: idParamsSchema,
    body: candidateInputSchema,
    response: { 201: candidateSchema, ...errors(400, 401, 404, 409) },
  },
  renameCandidate: {
    ...guarded,
    method: 'PATCH',
    url: '/api/admin/municipal/:id/candidates/:candidateId',
    summary: 'Rename a candidate',
    answer: '200 `Candidate`; 400; 404',
    params: candidateParamsSchema,
    body: candidatePatchSchema,
    response: { 200: candidateSchema, ...errors(400, 401, 404, 409) },
  },
  deleteCandidate: {
    ...guarded,
    method: 'DELETE',
    url: '/api/admin/municipal/:id/candidates/:candidateId',
    summary: 'Delete a candidate and its votes',
    answer: '204; 404',
    params: candidateParamsSchema,
    response: { 204: noContentSchema, ...errors(400, 401, 404, 409) },
  },
  checkCounters: {
    ...guarded,
    method: 'GET',
    url: '/api/admin/check',
    summary: 'Counters compared with the vote rows they count (read-only)',
    answer: '200 `{ ok, mismatches }`',
    response: { 200: counterCheckSchema, ...errors(401, 404) },
  },
  getActivity: {
    ...guarded,
    method: 'GET',
    url: '/api/admin/activity',
    summary:
      'Live figures of the admin screen: recent votes per prediction (busiest first, 50 a page), today’s refusals by reason',
    answer:
      '200 `{ markets: [{ id, title, votesLast5Minutes, votesLastHour }], total, page, pageCount, refused: { day, replays, rateLimited, proof }, generatedAt }`; 400',
    querystring: activityQuerySchema,
    response: { 200: adminActivitySchema, ...errors(400, 401, 404) },
  },
  listBursts: {
    ...guarded,
    method: 'GET',
    url: '/api/admin/bursts',
    summary: 'Bursts of votes found by the detection (concentrated origins, fresh identities, one side), newest first',
    answer: '200 `Burst[]`',
    response: { 200: z.array(burstSchema), ...errors(401, 404) },
  },
  excludeBurst: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/bursts/:id/exclude',
    summary: 'Take a burst’s votes out of the public counts (they stay stored)',
    answer: '200 `Burst`; 404; 409 already excluded',
    params: idParamsSchema,
    response: { 200: burstSchema, ...errors(400, 401, 404, 409) },
  },
  includeBurst: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/bursts/:id/include',
    summary: 'Count an excluded burst’s votes again',
    answer: '200 `Burst`; 404; 409 not excluded',
    params: idParamsSchema,
    response: { 200: burstSchema, ...errors(400, 401, 404, 409) },
  },
  createNewsItem: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/news',
    summary: 'Publish a news item',
    answer: '201 `NewsItem`; 400; 409 id taken',
    body: newsItemInputSchema,
    response: { 201: newsItemSchema, ...errors(400, 401, 404, 409) },
  },
  updateNewsItem: {
    ...guarded,
    method: 'PATCH',
    url: '/api/admin/news/:id',
    summary: 'Change a news item',
    answer: '200 `NewsItem`; 400; 404',
    params: idParamsSchema,
    body: newsItemPatchSchema,
    response: { 200: newsItemSchema, ...errors(400, 401, 404, 409) },
  },
  deleteNewsItem: {
    ...guarded,
    method: 'DELETE',
    url: '/api/admin/news/:id',
    summary: 'Delete a news item',
    answer: '204; 404',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors(400, 401, 404) },
  },
  listAlerts: {
    ...guarded,
    method: 'GET',
    url: '/api/admin/alerts',
    summary: 'Every weather alert, ended ones included',
    answer: '200 `WeatherAlert[]`',
    response: { 200: z.array(weatherAlertSchema), ...errors(401, 404) },
  },
  createAlert: {
    ...guarded,
    method: 'POST',
    url: '/api/admin/alerts',
    summary: 'Issue a weather alert',
    answer: '201 `WeatherAlert`; 400; 409 id taken',
    body: weatherAlertInputSchema,
    response: { 201: weatherAlertSchema, ...errors(400, 401, 404, 409) },
  },
  updateAlert: {
    ...guarded,
    method: 'PATCH',
    url: '/api/admin/alerts/:id',
    summary: 'Change a weather alert',
    answer: '200 `WeatherAlert`; 400; 404',
    params: idParamsSchema,
    body: weatherAlertPatchSchema,
    response: { 200: weatherAlertSchema, ...errors(400, 401, 404, 409) },
  },
  deleteAlert: {
    ...guarded,
    method: 'DELETE',
    url: '/api/admin/alerts/:id',
    summary: 'Delete a weather alert',
    answer: '204; 404',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors(400, 401, 404) },
  },
});
