import { sha256 } from '@noble/hashes/sha2.js';
import { solveChallenge } from 'altcha-lib/v1';
import type { ProofChallenge } from '../../../shared/vote-protection.js';
import type { FoundNumber } from './worker-protocol.js';

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * crypto.subtle only exists on HTTPS and localhost: a plain-HTTP preview on the local network would
 * otherwise never vote. Same search as altcha-lib's (SHA-256 of salt + number), with a JS hash.
 */
function solveWithoutSubtle(challenge: ProofChallenge, max: number): FoundNumber | null {
  const started = Date.now();
  for (let number = 0; number <= max; number += 1) {
    if (toHex(sha256(encoder.encode(challenge.salt + String(number)))) === challenge.challenge) {
      return { number, took: Date.now() - started };
    }
  }
  return null;
}

/** Brute-forces an ALTCHA challenge with altcha-lib's own solver; null when no number up to maxnumber fits. */
export async function solveProofChallenge(challenge: ProofChallenge): Promise<FoundNumber | null> {
  const max = challenge.maxnumber ?? 1e6;
  if (!globalThis.crypto?.subtle) {
    if (challenge.algorithm !== 'SHA-256') throw new Error(`Algorithme non pris en charge : ${challenge.algorithm}`);
    return solveWithoutSubtle(challenge, max);
  }
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, max).promise;
  return solution ? { number: solution.number, took: solution.took } : null;
}
