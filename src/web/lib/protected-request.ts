import type { ChallengeRequest, ProofChallenge } from '../../shared/vote-protection.js';
import { call } from './api-client.js';
import { getFingerprint, proveFor } from './fingerprint.js';
import { forgetIdentity, IdentityUnavailableError } from './identity-store.js';
import { prepareNextProof, takeNextProof } from './next-proof.js';
import { isProtectionRefusal } from './protection-refusal.js';

async function identity(): Promise<string> {
  try {
    return await getFingerprint();
  } catch (error) {
    throw new IdentityUnavailableError(error);
  }
}

/** Refusals of a proof that a fresh challenge answers: expired, already spent, or priced below what is due by now. */
const STALE_PROOF = ['proofExpired', 'proofReplayed', 'proofUnderpriced'] as const;
/** Any refusal of a proof solved ahead (a server that no longer takes ballots too) sends the request the usual way. */
const AHEAD_REFUSED = [...STALE_PROOF, 'proofMismatch', 'proofInvalid'] as const;

/**
 * Sends a request the vote protection guards: the device's identity, then the request with its proof. The proof is
 * the one solved ahead for this identity's next vote when there is one (next-proof.ts: one request), else one of a
 * challenge bound to exactly this request, solved in the worker (a challenge, then the request). The answer's next
 * challenge is solved ahead in turn. Recovers by itself, once each:
 * - the server does not know the identity (forged, erased, another server's secret): a new one is obtained;
 * - the proof solved ahead is refused (expired, spent, underpriced by now): a challenge for this request is solved;
 * - the proof of that challenge expired, was already spent, or its price rose before it was spent: a new one is solved.
 * With the protection off the server answers no challenge and no proof is sent.
 */
export async function sendProtected<T extends { nextChallenge: ProofChallenge | null }>(
  challengeFor: (fingerprint: string) => ChallengeRequest,
  send: (fingerprint: string, proof: string | undefined) => Promise<T>,
): Promise<T> {
  let newIdentityTried = false;
  let newProofTried = false;
  let aheadTried = false;
  for (;;) {
    const fingerprint = await identity();
    const ahead = aheadTried ? null : await takeNextProof(fingerprint);
    if (ahead !== null) aheadTried = true;
    try {
      let proof = ahead ?? undefined;
      if (ahead === null) {
        const { challenge } = await call('requestChallenge', { body: challengeFor(fingerprint) });
        proof = await proveFor(challenge);
      }
      const answer = await send(fingerprint, proof);
      prepareNextProof(fingerprint, answer.nextChallenge);
      return answer;
    } catch (error) {
      if (!newIdentityTried && isProtectionRefusal(error, 'identityUnknown')) {
        newIdentityTried = true;
        forgetIdentity(fingerprint);
        continue;
      }
      if (ahead !== null && AHEAD_REFUSED.some((reason) => isProtectionRefusal(error, reason))) continue;
      const staleProof = STALE_PROOF.some((reason) => isProtectionRefusal(error, reason));
      if (!newProofTried && staleProof) {
        newProofTried = true;
        continue;
      }
      throw error;
    }
  }
}
