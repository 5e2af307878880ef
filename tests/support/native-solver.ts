import { hash } from 'node:crypto';
import type { ProofChallenge } from '../../src/shared/vote-protection.js';

/**
 * Solves a challenge as a competent script would, natively: node:crypto's one-shot `hash` on the salt and each number
 * in turn, compared in hex with the challenge (measured here: 1.4 µs a number, against 4.9 µs for a copied hash
 * state and tens of µs for altcha-lib's awaited WebCrypto loop). Returns the `proof`.
 */
export function solveNative(challenge: ProofChallenge): string {
  const target = challenge.challenge.toLowerCase();
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number++) {
    if (hash('sha256', challenge.salt + number) === target) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString(
        'base64',
      );
    }
  }
  throw new Error('challenge not solved');
}
