import type { FastifyRequest } from 'fastify';
import { PROTECTION_MESSAGES } from '../../shared/messages.js';
import type { ProofChallenge } from '../../shared/vote-protection.js';
import { HttpError } from '../http/http-error.js';
import '../http/route-config.js';
import type { ChallengeSpend } from './protection-repository.js';
import type { VoteBinding, VoteProtection } from './vote-protection.js';

const REFUSALS = new Set<string>(Object.values(PROTECTION_MESSAGES));

/** A refusal of the vote protection (forged identity, missing, invalid, expired, replayed or underpriced proof). */
export function isProtectionRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && REFUSALS.has(error.message);
}

/**
 * Runs the protection's part of a request; a refusal counts against its address's refusal budget (and becomes a
 * 429 past it) before it is thrown, so refused requests only ever slow further refused requests.
 */
export async function countingRefusals<T>(request: FastifyRequest, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isProtectionRefusal(error)) await request.server.handlerLimits.take(request, 'refused');
    throw error;
  }
}

/**
 * The one way a vote (prediction or commune) goes through the protection: identity and proof checked with no
 * shared counter touched; then the address's vote limit; then the proof counted against its sender's budgets at
 * the price due now; then the vote itself, whose proof is spent in its batch (a replay takes its counts back).
 * The answer hands on the challenge of the identity's next vote, priced with this one counted.
 */
export async function castProtectedVote<T>(
  request: FastifyRequest,
  protection: VoteProtection,
  binding: VoteBinding,
  proof: string | undefined,
  cast: (spend: ChallengeSpend | undefined) => Promise<T>,
): Promise<{ cast: T; nextChallenge: ProofChallenge | null }> {
  const value = await countingRefusals(request, async () => {
    const checked = protection.checkVote(binding, proof);
    await request.server.handlerLimits.take(request, 'vote');
    const authorization = await protection.charge(checked, request.ip);
    return protection.settle(authorization, () => cast(authorization?.spend));
  });
  return { cast: value, nextChallenge: await protection.nextChallenge(binding.fingerprint, request.ip) };
}
