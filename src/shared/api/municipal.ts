import { z } from 'zod';
import { HISTORY_MAX_POINTS, HISTORY_RANGES } from '../history.js';
import { fingerprintQuerySchema, historyQuerySchema, idParamsSchema, municipalVoteBodySchema } from '../schemas.js';
import { defineEndpoints, errors } from './contract.js';
import { nextChallengeSchema } from './protection.js';

export const candidateSchema = z
  .strictObject({ id: z.string(), name: z.string(), votes: z.int().nonnegative() })
  .meta({ id: 'Candidate' });

export const communeSchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    trending: z.boolean(),
    createdAt: z.string(),
    totalVotes: z.int().nonnegative(),
    candidates: z.array(candidateSchema),
  })
  .meta({ id: 'Commune' });

export const municipalVoteRecordSchema = z.strictObject({ marketId: z.string(), candidateId: z.string() });

/** The answer to a municipal vote: the commune as counted right after it (top three candidates). */
export const municipalVoteResultSchema = z
  .strictObject({ marketId: z.string(), candidateId: z.string(), commune: communeSchema, nextChallenge: nextChallengeSchema })
  .meta({ id: 'MunicipalVoteResult' });

export const communeHistorySchema = z
  .strictObject({
    communeId: z.string(),
    range: z.enum(HISTORY_RANGES),
    /** Today's candidates, votes descending; each point's `votes` follows this order. */
    candidates: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    /** Votes per candidate up to each instant, oldest first; the last point is now, with the live counts. */
    points: z.array(z.strictObject({ at: z.string(), votes: z.array(z.int().nonnegative()) })).max(HISTORY_MAX_POINTS + 1),
  })
  .meta({ id: 'CommuneHistory' });
export type CommuneHistory = z.infer<typeof communeHistorySchema>;

export const municipalEndpoints = defineEndpoints({
  listCommunes: {
    method: 'GET',
    url: '/api/municipal',
    summary: 'Communes newest first, each with its top 3 candidates',
    answer: '200 `Commune[]`',
    tags: ['municipal'],
    response: { 200: z.array(communeSchema) },
  },
  listMunicipalVotes: {
    method: 'GET',
    url: '/api/municipal/votes',
    summary: 'The communes a device voted in',
    answer: '200 `[{ marketId, candidateId }]`; 400',
    tags: ['municipal'],
    querystring: fingerprintQuerySchema,
    response: { 200: z.array(municipalVoteRecordSchema), ...errors(400) },
  },
  listCandidates: {
    method: 'GET',
    url: '/api/municipal/:id/candidates',
    summary: 'All candidates of a commune, votes descending',
    answer: '200 `Candidate[]`; 404',
    tags: ['municipal'],
    params: idParamsSchema,
    response: { 200: z.array(candidateSchema), ...errors(400, 404) },
  },
  getCommuneHistory: {
    method: 'GET',
    url: '/api/municipal/:id/history',
    summary: 'How the candidates’ shares of a commune moved: votes per candidate up to each instant of a range',
    answer:
      '200 `{ communeId, range, candidates: [{ id, name }], points: [{ at, votes: number[] }] }` (at most 61 points); 400; 404',
    tags: ['municipal'],
    params: idParamsSchema,
    querystring: historyQuerySchema,
    response: { 200: communeHistorySchema, ...errors(400, 404) },
  },
  castMunicipalVote: {
    method: 'POST',
    url: '/api/municipal/:id/votes',
    summary: 'Choose a candidate in a commune, once per device',
    answer:
      '201 `{ marketId, candidateId, commune, nextChallenge }`; 400; 403; 404; 409 `{ "error": "Already voted" }` or vote closed',
    tags: ['municipal'],
    params: idParamsSchema,
    body: municipalVoteBodySchema,
    response: { 201: municipalVoteResultSchema, ...errors(400, 403, 404, 409) },
  },
});
