import { z } from 'zod';
import { challengeRequestSchema, identityBodySchema } from '../vote-protection.js';
import { defineEndpoints, errors } from './contract.js';

export const proofChallengeSchema = z
  .strictObject({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.int().positive().optional(),
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'ProofChallenge' });

/**
 * Handed on with an identity and with each vote: the challenge of the identity's next vote, whichever it will be
 * (docs/decisions/049); null when the protection is off.
 */
export const nextChallengeSchema = proofChallengeSchema.nullable();

export const identityAnswerSchema = z
  .strictObject({ fingerprint: z.string(), nextChallenge: nextChallengeSchema })
  .meta({ id: 'IdentityAnswer' });

export const challengeAnswerSchema = z
  .strictObject({ challenge: proofChallengeSchema.nullable() })
  .meta({ id: 'ChallengeAnswer' });

export const transparencyDaySchema = z.strictObject({
  /** YYYY-MM-DD */
  day: z.string(),
  votesAccepted: z.int().nonnegative(),
  participants: z.int().nonnegative(),
  identitiesIssued: z.int().nonnegative(),
  refusedReplays: z.int().nonnegative(),
  refusedRateLimited: z.int().nonnegative(),
  refusedProof: z.int().nonnegative(),
  /** Bursts of votes found that day (by their first vote), excluded or not (docs/decisions/040). */
  burstsDetected: z.int().nonnegative(),
  /** Votes cast that day in bursts the operator excluded from the public counts. */
  votesExcluded: z.int().nonnegative(),
});

export const transparencyReportSchema = z
  .strictObject({
    protection: z.enum(['on', 'off']),
    /**
     * Expected hashes for a vote in normal times, and what most votes accepted today paid (the median price); 0 and 0
     * with the protection off.
     */
    difficulty: z.strictObject({ normal: z.number(), typical: z.number() }),
    /** Newest first, at most 30 days. */
    days: z.array(transparencyDaySchema),
    generatedAt: z.string(),
  })
  .meta({ id: 'TransparencyReport' });

export const protectionEndpoints = defineEndpoints({
  issueIdentity: {
    method: 'POST',
    url: '/api/identity',
    summary: 'A new device identity, also set as the `user_fingerprint` cookie (a year)',
    answer: '201 `{ fingerprint, nextChallenge }`; 400/403 proof refused',
    tags: ['protection'],
    body: identityBodySchema,
    response: { 201: identityAnswerSchema, ...errors(400, 403) },
  },
  requestChallenge: {
    method: 'POST',
    url: '/api/challenges',
    summary: 'A proof-of-work challenge bound to an identity, a vote, a municipal vote or any one vote of an identity (a ballot)',
    answer: '200 `{ challenge }` (ALTCHA, `null` when the protection is off); 400; 403 unknown identity',
    tags: ['protection'],
    body: challengeRequestSchema,
    response: { 200: challengeAnswerSchema, ...errors(400, 403) },
  },
  getTransparency: {
    method: 'GET',
    url: '/api/transparency',
    summary: 'Daily figures of the vote protection (La Réunion days) and the price most votes paid today',
    answer: '200 `TransparencyReport`',
    tags: ['protection'],
    response: { 200: transparencyReportSchema },
  },
});
