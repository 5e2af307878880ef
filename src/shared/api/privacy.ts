import { z } from 'zod';
import { privacyEraseBodySchema } from '../privacy.js';
import { fingerprintQuerySchema, voteTypeSchema } from '../schemas.js';
import { defineEndpoints, errors } from './contract.js';

export const exportedMarketVoteSchema = z.strictObject({
  marketId: z.string(),
  marketTitle: z.string(),
  voteType: voteTypeSchema,
  /** First vote, ISO 8601. */
  votedAt: z.string(),
  /** Last change of side (equals `votedAt` when never changed). */
  updatedAt: z.string(),
  marketEndDate: z.string(),
  marketStatus: z.enum(['open', 'ended', 'resolved']),
});

export const exportedMunicipalVoteSchema = z.strictObject({
  communeId: z.string(),
  commune: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  votedAt: z.string(),
});

export const privacyExportSchema = z
  .strictObject({
    exportedAt: z.string(),
    fingerprint: z.string(),
    marketVotes: z.array(exportedMarketVoteSchema),
    municipalVotes: z.array(exportedMunicipalVoteSchema),
  })
  .meta({ id: 'PrivacyExport' });

export const erasureResultSchema = z
  .strictObject({
    /** Votes on open predictions: deleted, and taken off the counts. */
    erasedVotes: z.int().nonnegative(),
    /** Votes on ended or resolved predictions: kept for the results, no longer tied to the device. */
    unlinkedVotes: z.int().nonnegative(),
    /** Municipal votes before the election closed: deleted, and taken off the counts. */
    erasedMunicipalVotes: z.int().nonnegative(),
    /** Municipal votes after the election closed: kept for the results, no longer tied to the device. */
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
