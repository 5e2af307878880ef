import { solveChallenge } from 'altcha-lib/v1';
import type { ChallengeAnswer, ChallengeRequest, ProofChallenge } from '../../src/shared/vote-protection.js';
import { solveNative } from './native-solver.js';
import { postJson } from './test-server.js';

export { solveNative };
export { newIdentity } from './voting.js';

/** Solves a challenge with altcha-lib's own solver, as the browser's worker does, and returns the `proof`. */
export async function solve(challenge: ProofChallenge): Promise<string> {
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
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
