import type { AnswerOf } from '../../shared/api/caller.js';
import { call } from './api-client.js';
import { isIdentity, keepIdentity, readStoredIdentity } from './identity-store.js';
import { isProtectionRefusal } from './protection-refusal.js';
import * as identityCopy from '../copy/identity.js';

/**
 * Obtaining the device's identity: a 64-hex value issued once by the server (POST /api/identity, with a
 * proof of work). Kept and read back by identity-store.ts; this module (and the worker) is downloaded only
 * when an identity or a proof is needed, never with the first screen.
 */

/** Solves a challenge in the proof-of-work worker; its code is downloaded only when a proof is needed. */
export async function proveFor(challenge: AnswerOf<'requestChallenge'>['challenge']): Promise<string | undefined> {
  if (challenge === null) return undefined; // protection off on this server: no proof is sent
  const { solveProof } = await import('./proof/proof-of-work.js');
  return solveProof(challenge);
}

async function requestIdentity(): Promise<string> {
  const { challenge } = await call('requestChallenge', { body: { purpose: 'identity' } });
  const proof = await proveFor(challenge);
  const { fingerprint } = await call('issueIdentity', { body: proof === undefined ? {} : { proof } });
  if (!isIdentity(fingerprint)) throw new Error(identityCopy.invalid);
  return fingerprint;
}

async function issueIdentity(): Promise<string> {
  let identity: string;
  try {
    identity = await requestIdentity();
  } catch (error) {
    // A challenge that expired while the phone was busy, was spent twice, or whose price rose meanwhile: one fresh attempt.
    if (!(['proofExpired', 'proofReplayed', 'proofUnderpriced'] as const).some((reason) => isProtectionRefusal(error, reason)))
      throw error;
    identity = await requestIdentity();
  }
  keepIdentity(identity);
  return identity;
}

let issuing: Promise<string> | null = null;

/**
 * The device's identity: the stored one, else a new one from the server. Every caller during an issuance
 * waits for the same one, so a vote clicked meanwhile is sent as soon as it is ready.
 */
export function getFingerprint(): Promise<string> {
  const stored = readStoredIdentity();
  if (stored !== null) return Promise.resolve(stored);
  issuing ??= issueIdentity().finally(() => {
    issuing = null;
  });
  return issuing;
}
