import { z } from 'zod';
import { fingerprintQuerySchema, idParamsSchema, municipalVoteBodySchema } from '../schemas.js';
import { defineEndpoints, errors } from './contract.js';

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
  .strictObject({ marketId: z.string(), candidateId: z.string(), commune: communeSchema })
  .meta({ id: 'MunicipalVoteResult' });

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
  castMunicipalVote: {
    method: 'POST',
    url: '/api/municipal/:id/votes',
    summary: 'Choose a candidate in a commune, once per device',
    answer: '201 `{ marketId, candidateId, commune }`; 400; 403; 404; 409 `{ "error": "Already voted" }` or vote closed',
    tags: ['municipal'],
    params: idParamsSchema,
    body: municipalVoteBodySchema,
    response: { 201: municipalVoteResultSchema, ...errors(400, 403, 404, 409) },
  },
});
