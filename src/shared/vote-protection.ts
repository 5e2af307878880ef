import { z } from 'zod';
import type {
  challengeAnswerSchema,
  identityAnswerSchema,
  proofChallengeSchema,
  transparencyDaySchema,
  transparencyReportSchema,
} from './api/protection.js';
import { fingerprintSchema, idSchema, proofSchema, voteTypeSchema } from './schemas.js';
import { VALIDATION_MESSAGES } from './messages.js';

/**
 * The contract of the vote protection, shared by the server and the browser.
 *
 * - An identity (`fingerprint`, 64 hex characters) is issued by the server: 16 random bytes followed by the
 *   first 16 bytes of their HMAC-SHA-256 under the server's identity secret, so any instance can check it
 *   without a database read. The browser keeps it for a year under `user_fingerprint` and never recomputes it.
 * - Issuing an identity and casting a vote each need a proof of work in the ALTCHA format: the browser asks
 *   `POST /api/challenges` for a challenge bound to what it wants to do, solves it in a Web Worker, and sends
 *   the solution as `proof` (the base64 ALTCHA payload) with the request it authorises.
 * - With `VOTE_PROTECTION=off` (load tests only) challenges are `null`, proofs are ignored and any well-formed
 *   fingerprint is accepted.
 */

/** `POST /api/challenges`: what the challenge will authorise. */
export const challengeRequestSchema = z.discriminatedUnion(
  'purpose',
  [
    z.strictObject({ purpose: z.literal('identity') }),
    // Any one vote of this identity, chosen when it is spent (docs/decisions/049).
    z.strictObject({ purpose: z.literal('ballot'), fingerprint: fingerprintSchema }),
    z.strictObject({
      purpose: z.literal('vote'),
      marketId: idSchema,
      voteType: voteTypeSchema,
      fingerprint: fingerprintSchema,
    }),
    z.strictObject({
      purpose: z.literal('municipal'),
      communeId: idSchema,
      candidateId: idSchema,
      fingerprint: fingerprintSchema,
    }),
  ],
  { error: VALIDATION_MESSAGES.purposeInvalid },
);
export type ChallengeRequest = z.infer<typeof challengeRequestSchema>;

/** An ALTCHA challenge as the server signs it; the browser hands it to the solver untouched. */
export type ProofChallenge = z.output<typeof proofChallengeSchema>;

/** `POST /api/challenges` answers 200 with this; `challenge` is null when the protection is off. */
export type ChallengeAnswer = z.output<typeof challengeAnswerSchema>;

/** `POST /api/identity` with `{ proof? }` answers 201 with this, and sets the `user_fingerprint` cookie. */
export type IdentityAnswer = z.output<typeof identityAnswerSchema>;
export const identityBodySchema = z.strictObject({ proof: proofSchema.optional() });

/** One day of the public transparency figures (`GET /api/transparency`), in La Réunion's calendar. */
export type TransparencyDay = z.output<typeof transparencyDaySchema>;

export type TransparencyReport = z.output<typeof transparencyReportSchema>;
