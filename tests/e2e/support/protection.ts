import type { APIRequestContext } from '@playwright/test';
import type { ChallengeAnswer, ChallengeRequest, IdentityAnswer } from '../../../src/shared/vote-protection.js';
import { solveNative } from '../../support/native-solver.js';

/**
 * Votes a test makes through the API (to set a scene) pass the vote protection like any client: a challenge,
 * a proof solved natively in Node (the page's own solver runs in the browser, in the tests of what a visitor
 * does), the same payload. Without a challenge (protection off) no proof is sent.
 */
export async function proofFor(request: APIRequestContext, body: ChallengeRequest): Promise<string | undefined> {
  const response = await request.post('/api/challenges', { data: body });
  if (!response.ok()) throw new Error(`POST /api/challenges: ${response.status()} ${await response.text()}`);
  const { challenge } = (await response.json()) as ChallengeAnswer;
  if (challenge === null) return undefined;
  return solveNative(challenge);
}

/** A new identity issued by the server, as a new device gets one. */
export async function issueIdentity(request: APIRequestContext): Promise<string> {
  const proof = await proofFor(request, { purpose: 'identity' });
  const response = await request.post('/api/identity', { data: proof === undefined ? {} : { proof } });
  if (response.status() !== 201) throw new Error(`POST /api/identity: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as IdentityAnswer).fingerprint;
}
