import { z } from 'zod';
import { privacyEraseBodySchema } from '../privacy.js';
import { fingerprintQuerySchema, voteTypeSchema } from '../schemas.js';
import { defineEndpoints, errors } from './contract.js';

export const privacyExportSchema = z
  .strictObject({
    exportedAt: z.string(),
    fingerprint: z.string(),
    marketVotes: z.array(
      z.strictObject({
        marketId: z.string(),
        marketTitle: z.string(),
        voteType: voteTypeSchema,
        votedAt: z.string(),
        updatedAt: z.string(),
        marketEndDate: z.string(),
        marketStatus: z.enum(['open', 'ended', 'resolved']),
      }),
    ),
    municipalVotes: z.array(
      z.strictObject({
        communeId: z.string(),
        commune: z.string(),
        candidateId: z.string(),
        candidateName: z.string(),
        votedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'PrivacyExport' });

export const erasureResultSchema = z
  .strictObject({
    erasedVotes: z.int().nonnegative(),
    unlinkedVotes: z.int().nonnegative(),
    erasedMunicipalVotes: z.int().nonnegative(),
    unlinkedMunicipalVotes: z.int().nonnegative(),
  })
  .meta({ id: 'ErasureResult' });

export const privacyEndpoints = defineEndpoints({
  exportMyData: {
    method: 'GET',
    url: '/api/privacy/export',
    summary: 'Everything tied to a device, as a JSON download',
    answer: '200 `PrivacyExport`; 400',
    tags: ['privacy'],
    querystring: fingerprintQuerySchema,
    response: { 200: privacyExportSchema, ...errors(400) },
  },
  eraseMyData: {
    method: 'POST',
    url: '/api/privacy/erase',
    summary: 'Erase (open predictions) or unlink (ended ones) the votes of a device',
    answer: '200 `ErasureResult`; 400',
    tags: ['privacy'],
    body: privacyEraseBodySchema,
    response: { 200: erasureResultSchema, ...errors(400) },
  },
});
