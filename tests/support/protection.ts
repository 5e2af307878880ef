import type { ChallengeAnswer, ChallengeRequest, ProofChallenge } from '../../src/shared/vote-protection.js';
import { solveNative } from './native-solver.js';
import { postJson } from './test-server.js';

export { solveNative };
export { newIdentity } from './voting.js';

/**
 * Solves a challenge and returns the `proof`. Natively: the suites send thousands of proofs, and altcha-lib's
 * WebCrypto loop (one awaited digest per number) was most of their CPU. That the browser's solver and the
 * server agree is tested once, in src/server/protection/challenges.test.ts.
 */
export async function solve(challenge: ProofChallenge): Promise<string> {
  return Promise.resolve(solveNative(challenge));
}

export async function challengeFor(url: string, request: ChallengeRequest): Promise<ProofChallenge> {
  const { status, body } = await postJson<ChallengeAnswer>(`${url}/api/challenges`, request);
  if (status !== 200 || !body.challenge) throw new Error(`challenge refused: ${status} ${JSON.stringify(body)}`);
  return body.challenge;
}

/** A solved proof for this request (solved natively: what the proof is worth matters here, not the solver). */
export async function proofFor(url: string, request: ChallengeRequest, headers: Record<string, string> = {}): Promise<string> {
  const { status, body } = await postJson<ChallengeAnswer>(`${url}/api/challenges`, request, headers);
  if (status !== 200 || !body.challenge) throw new Error(`challenge refused: ${status} ${JSON.stringify(body)}`);
  return solveNative(body.challenge);
}
