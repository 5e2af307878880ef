import type { ChallengeRequest } from '../../shared/vote-protection.js';
import { call } from './api-client.js';
import { getFingerprint, proveFor } from './fingerprint.js';
import { forgetIdentity, IdentityUnavailableError } from './identity-store.js';
import { isProtectionRefusal } from './protection-refusal.js';

async function identity(): Promise<string> {
  try {
    return await getFingerprint();
  } catch (error) {
    throw new IdentityUnavailableError(error);
  }
}

/**
 * Sends a request the vote protection guards: the device's identity, a challenge bound to exactly this
 * request, its proof solved in the worker, then the request itself. Recovers by itself, once each:
 * - the server does not know the identity (forged, erased, another server's secret): a new one is obtained;
 * - the proof expired, was already spent, or its price rose before it was spent: a new challenge is solved.
 * With the protection off the server answers no challenge and no proof is sent.
 */
export async function sendProtected<T>(
  challengeFor: (fingerprint: string) => ChallengeRequest,
  send: (fingerprint: string, proof: string | undefined) => Promise<T>,
): Promise<T> {
  let newIdentityTried = false;
  let newProofTried = false;
  for (;;) {
    const fingerprint = await identity();
    try {
      const { challenge } = await call('requestChallenge', { body: challengeFor(fingerprint) });
      return await send(fingerprint, await proveFor(challenge));
    } catch (error) {
      if (!newIdentityTried && isProtectionRefusal(error, 'identityUnknown')) {
        newIdentityTried = true;
        forgetIdentity(fingerprint);
        continue;
      }
      const staleProof = (['proofExpired', 'proofReplayed', 'proofUnderpriced'] as const).some((reason) =>
        isProtectionRefusal(error, reason),
      );
      if (!newProofTried && staleProof) {
        newProofTried = true;
        continue;
      }
      throw error;
    }
  }
}
