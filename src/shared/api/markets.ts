import { z } from 'zod';
import { CATEGORY_IDS } from '../categories.js';
import { HISTORY_MAX_POINTS, HISTORY_RANGES } from '../history.js';
import {
  castVoteBodySchema,
  fingerprintQuerySchema,
  historyQuerySchema,
  idParamsSchema,
  marketListQuerySchema,
  voteTypeSchema,
} from '../schemas.js';
import { defineEndpoints, errors, noContentSchema } from './contract.js';
import { nextChallengeSchema } from './protection.js';

export const marketSchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.enum(CATEGORY_IDS),
    /** ISO 8601 */
    endDate: z.string(),
    yesVotes: z.int().nonnegative(),
    noVotes: z.int().nonnegative(),
    totalVotes: z.int().nonnegative(),
    yesPercentage: z.number().min(0).max(100),
    noPercentage: z.number().min(0).max(100),
    trending: z.boolean(),
    resolved: z.boolean(),
    outcome: voteTypeSchema.nullable(),
  })
  .meta({ id: 'Market' });

export const marketPageSchema = z
  .strictObject({
    items: z.array(marketSchema),
    /** Predictions matching the search and filters, on every page. */
    total: z.int().nonnegative(),
    /** 1-based. */
    page: z.int().positive(),
    /** At least 1: an empty result is one empty page. */
    pageCount: z.int().positive(),
    pageSize: z.int().positive(),
  })
  .meta({ id: 'MarketPage' });

export const castVoteResultSchema = z
  .strictObject({ market: marketSchema, voteType: voteTypeSchema, changed: z.boolean() })
  .meta({ id: 'CastVoteResult' });
export type CastVoteResult = z.infer<typeof castVoteResultSchema>;
/** The vote's answer: its result, and the challenge of the identity's next vote. */
export const castVoteAnswerSchema = castVoteResultSchema
  .extend({ nextChallenge: nextChallengeSchema })
  .meta({ id: 'CastVoteAnswer' });

export const userVoteSchema = z.strictObject({ marketId: z.string(), voteType: voteTypeSchema });

export const historyPointSchema = z.strictObject({
  /** ISO 8601 */
  at: z.string(),
  yesVotes: z.int().nonnegative(),
  noVotes: z.int().nonnegative(),
});

export const marketHistorySchema = z
  .strictObject({
    marketId: z.string(),
    range: z.enum(HISTORY_RANGES),
    /** Votes cast up to each instant, oldest first; the last point is now, with the live counts. */
    points: z.array(historyPointSchema).max(HISTORY_MAX_POINTS + 1),
  })
  .meta({ id: 'MarketHistory' });
export type MarketHistory = z.infer<typeof marketHistorySchema>;

export const marketEndpoints = defineEndpoints({
  listMarkets: {
    method: 'GET',
    url: '/api/markets',
    summary:
      'The predictions, trending first: all at once, or with `page` one page of those matching `search`, `category`, `votes` and `status` (`sort=ending`: the vote chain’s order) (ETag/304)',
    answer:
      '200 `Market[]` without `page`; with `page`, 200 `{ items, total, page, pageCount, pageSize }`; 304 unchanged; 400 (a page past the last one names the last)',
    tags: ['predictions'],
    querystring: marketListQuerySchema,
    response: { 200: z.union([z.array(marketSchema), marketPageSchema]), 304: noContentSchema, ...errors(400) },
  },
  getMarket: {
    method: 'GET',
    url: '/api/markets/:id',
    summary: 'One prediction',
    answer: '200 `Market`; 404',
    tags: ['predictions'],
    params: idParamsSchema,
    response: { 200: marketSchema, ...errors(400, 404) },
  },
  getMarketHistory: {
    method: 'GET',
    url: '/api/markets/:id/history',
    summary: 'How the OUI share of a prediction moved: votes up to each instant of a range',
    answer: '200 `{ marketId, range, points: [{ at, yesVotes, noVotes }] }` (at most 61 points); 400; 404',
    tags: ['predictions'],
    params: idParamsSchema,
    querystring: historyQuerySchema,
    response: { 200: marketHistorySchema, ...errors(400, 404) },
  },
  castVote: {
    method: 'POST',
    url: '/api/votes',
    summary: 'Vote OUI or NON on a prediction (proof of work when the protection is on)',
    answer:
      '200 `{ market, voteType, changed, nextChallenge }`; 400; 403 identity or proof refused; 404; 409 ended/resolved or change refused',
    tags: ['predictions'],
    body: castVoteBodySchema,
    response: { 200: castVoteAnswerSchema, ...errors(400, 403, 404, 409) },
  },
  listVotes: {
    method: 'GET',
    url: '/api/votes',
    summary: 'The predictions a device voted on',
    answer: '200 `[{ marketId, voteType }]`; 400',
    tags: ['predictions'],
    querystring: fingerprintQuerySchema,
    response: { 200: z.array(userVoteSchema), ...errors(400) },
  },
});
