import type { ChallengeAnswer, ChallengeRequest, IdentityAnswer } from '../../src/shared/vote-protection.js';
import { solveNative } from './native-solver.js';
import { postJson } from './test-server.js';

/**
 * Votes as a visitor's browser casts them, against a server with its production defaults (vote protection on):
 * an identity issued by the server, then for each vote a challenge bound to it, solved, and sent with the vote.
 * Solved natively (tests/support/native-solver.ts): an identity costs up to 50,000 hashes, a vote up to 10,000.
 * On a server whose protection is off (load-style suites), the challenge is null and the vote goes without proof.
 */

type Headers = Record<string, string>;

type Answer<T> = Awaited<ReturnType<typeof postJson<T>>>;

/**
 * The proof for this request: solved, or undefined when the server asks for none (protection off); or the
 * server's refusal of the challenge itself, which is then the answer the visitor sees.
 */
async function proofOrRefusal<T>(
  url: string,
  request: ChallengeRequest,
  headers: Headers,
): Promise<{ proof: string | undefined } | { refusal: Answer<T> }> {
  const answer = await postJson<ChallengeAnswer>(`${url}/api/challenges`, request, headers);
  if (answer.status !== 200) return { refusal: answer as unknown as Answer<T> };
  return { proof: answer.body.challenge === null ? undefined : solveNative(answer.body.challenge) };
}

/** A device identity issued by the server (identity challenge, proof, POST /api/identity), as the browser obtains one. */
export async function newIdentity(url: string, headers: Headers = {}): Promise<string> {
  const challenge = await proofOrRefusal(url, { purpose: 'identity' }, headers);
  if ('refusal' in challenge) throw new Error(`identity challenge refused: ${challenge.refusal.status}`);
  const { proof } = challenge;
  const { status, body } = await postJson<IdentityAnswer>(`${url}/api/identity`, proof === undefined ? {} : { proof }, headers);
  if (status !== 201) throw new Error(`identity refused: ${status} ${JSON.stringify(body)}`);
  return body.fingerprint;
}

export interface VoteInput {
  marketId: string;
  voteType: 'yes' | 'no';
  fingerprint: string;
}

/** POST /api/votes with the vote's proof; answers whatever the server answers (status and body), refusals included. */
export async function castVote<T = unknown>(url: string, vote: VoteInput, headers: Headers = {}): Promise<Answer<T>> {
  const challenge = await proofOrRefusal<T>(url, { purpose: 'vote', ...vote }, headers);
  if ('refusal' in challenge) return challenge.refusal;
  const { proof } = challenge;
  return postJson<T>(`${url}/api/votes`, proof === undefined ? vote : { ...vote, proof }, headers);
}

export interface MunicipalVoteInput {
  candidateId: string;
  fingerprint: string;
}

/** POST /api/municipal/:id/votes with the vote's proof; answers whatever the server answers. */
export async function castMunicipalVote<T = unknown>(
  url: string,
  communeId: string,
  vote: MunicipalVoteInput,
  headers: Headers = {},
): Promise<Answer<T>> {
  const challenge = await proofOrRefusal<T>(url, { purpose: 'municipal', communeId, ...vote }, headers);
  if ('refusal' in challenge) return challenge.refusal;
  const { proof } = challenge;
  return postJson<T>(`${url}/api/municipal/${communeId}/votes`, proof === undefined ? vote : { ...vote, proof }, headers);
}
