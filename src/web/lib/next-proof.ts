import type { ProofChallenge } from '../../shared/vote-protection.js';

/**
 * The proof of this device's next vote, solved ahead (docs/decisions/049): the server hands on a ballot challenge
 * (any one vote of the identity) with the identity and with each vote; the worker solves it while the visitor reads,
 * and the next vote goes in one request instead of a challenge and then the vote. Kept in this tab's memory only: two
 * tabs never hold the same proof, so neither sees it refused as already spent.
 */

interface Prepared {
  fingerprint: string;
  expiresAtMs: number;
  /** The `proof` field, or null if it could not be solved (the vote then asks for a challenge as before). */
  proof: Promise<string | null>;
}

let prepared: Prepared | null = null;

/** A proof this close to its expiry is left: it could expire on its way, and a refused vote costs a round trip. */
const EXPIRY_MARGIN_MS = 20_000;

/** When a challenge expires (its signed salt says so), or null for one that does not say. */
function expiryOf(challenge: ProofChallenge): number | null {
  const query = challenge.salt.slice(challenge.salt.indexOf('?') + 1);
  const expires = Number(new URLSearchParams(query).get('expires'));
  return Number.isSafeInteger(expires) && expires > 0 ? expires * 1000 : null;
}

/** Starts solving the challenge an answer handed on (none with the protection off); it replaces any earlier one. */
export function prepareNextProof(fingerprint: string, challenge: ProofChallenge | null | undefined): void {
  const expiresAtMs = challenge ? expiryOf(challenge) : null;
  if (!challenge || expiresAtMs === null) return;
  const proof = import('./proof/proof-of-work.js').then(({ solveProof }) => solveProof(challenge)).catch(() => null);
  prepared = { fingerprint, expiresAtMs, proof };
}

/** The proof solved ahead for this identity's next vote, taken (it is spent once); null if none is fit to send. */
export function takeNextProof(fingerprint: string, nowMs: number = Date.now()): Promise<string | null> | null {
  const ready = prepared;
  if (!ready || ready.fingerprint !== fingerprint || ready.expiresAtMs - EXPIRY_MARGIN_MS < nowMs) return null;
  prepared = null;
  return ready.proof;
}

/** Whether a proof for this identity's next vote is held or being solved. */
export function holdsNextProof(fingerprint: string, nowMs: number = Date.now()): boolean {
  return prepared !== null && prepared.fingerprint === fingerprint && prepared.expiresAtMs - EXPIRY_MARGIN_MS >= nowMs;
}
