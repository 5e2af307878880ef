import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { CastVoteResult, marketEndpoints } from '../../../../shared/api/markets.js';
import type { VoteType } from '../../../../shared/market.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { ApiError, apiFetch, isNetworkFailure, NetworkError } from '../../../lib/api-client.js';
import { IdentityUnavailableError } from '../../../lib/identity-store.js';
import { storeMarket } from './get-market.js';
import { userVotesQueryOptions } from './get-user-votes.js';

export interface CastVoteInput {
  marketId: string;
  voteType: VoteType;
}

/** Error texts of the vote flow, as the specification's catalogue words them. */
export function voteErrorText(error: unknown): string {
  if (isNetworkFailure(error)) return MESSAGES.offlineVote;
  if (error instanceof IdentityUnavailableError) return MESSAGES.fingerprintMissing;
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return MESSAGES.voteFlowError;
  return MESSAGES.unknownError;
}

/** The vote with its proof of work; a vote clicked while the device's identity is being issued waits for it. */
async function castVote({ marketId, voteType }: CastVoteInput): Promise<CastVoteResult> {
  // Offline, nothing is started (no identity, no proof): the vote fails at once and is never sent later.
  if (!navigator.onLine) throw new NetworkError();
  // Identity issuance and the proof of work are loaded with the first vote, not with the first screen.
  const { sendProtected } = await import('../../../lib/protected-request.js');
  return sendProtected(
    (fingerprint) => ({ purpose: 'vote', marketId, voteType, fingerprint }),
    (fingerprint, proof) =>
      apiFetch<SuccessOf<typeof marketEndpoints.castVote>>('/api/votes', {
        method: 'POST',
        body: { marketId, voteType, fingerprint, proof },
      }),
  );
}

/** Sends a vote; on success the server's counts replace the cached market and the vote is remembered. */
export function useCastVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: (result) => {
      storeMarket(client, result.market);
      client.setQueryData(userVotesQueryOptions.queryKey, (votes) => {
        const next = new Map(votes);
        next.set(result.market.id, result.voteType);
        return next;
      });
    },
  });
}
