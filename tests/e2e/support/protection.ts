import type { APIRequestContext } from '@playwright/test';
import type { ChallengeAnswer, ChallengeRequest, IdentityAnswer } from '../../../src/shared/vote-protection.js';
import { solveProofChallenge } from '../../../src/web/lib/proof/solve-challenge.js';
import { proofPayload } from '../../../src/web/lib/proof/worker-protocol.js';

/**
 * Votes a test makes through the API pass the vote protection like the page does: the same solver
 * (altcha-lib) and the same payload, here in Node. Without a challenge (protection off) no proof is sent.
 */
export async function proofFor(request: APIRequestContext, body: ChallengeRequest): Promise<string | undefined> {
  const response = await request.post('/api/challenges', { data: body });
  if (!response.ok()) throw new Error(`POST /api/challenges: ${response.status()} ${await response.text()}`);
  const { challenge } = (await response.json()) as ChallengeAnswer;
  if (challenge === null) return undefined;
  const found = await solveProofChallenge(challenge);
  if (!found) throw new Error('challenge sans solution');
  return proofPayload(challenge, found);
}

/** A new identity issued by the server, as a new device gets one. */
export async function issueIdentity(request: APIRequestContext): Promise<string> {
  const proof = await proofFor(request, { purpose: 'identity' });
  const response = await request.post('/api/identity', { data: proof === undefined ? {} : { proof } });
  if (response.status() !== 201) throw new Error(`POST /api/identity: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as IdentityAnswer).fingerprint;
}
