import type { ProofChallenge } from '../../../shared/vote-protection.js';

/** What the solver found: the number whose hash is the challenge, and how long the search took. */
export interface FoundNumber {
  number: number;
  took: number;
}

/** Messages between the page and the proof-of-work worker; ids pair each answer with its request. */
export interface SolveRequest {
  id: number;
  challenge: ProofChallenge;
}

export type SolveResponse = { id: number; found: FoundNumber | null } | { id: number; error: string };

/** The `proof` field: the base64 ALTCHA payload the server verifies with altcha-lib's verifySolution. */
export function proofPayload(challenge: ProofChallenge, found: FoundNumber): string {
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: found.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: found.took,
    }),
  );
}
