import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Market, VoteType } from '../../../../shared/market.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { ApiError, apiFetch } from '../../../lib/api-client.js';
import { getFingerprint } from '../../../lib/fingerprint.js';
import { storeMarket } from './get-market.js';
import { userVotesQueryOptions } from './get-user-votes.js';

interface CastVoteResult {
  market: Market;
  voteType: VoteType;
  changed: boolean;
}

export interface CastVoteInput {
  marketId: string;
  voteType: VoteType;
}

/** Error texts of the vote flow, as the specification's catalogue words them. */
export function voteErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return MESSAGES.voteFlowError;
  return MESSAGES.unknownError;
}

class FingerprintUnavailableError extends ApiError {
  constructor() {
    super(MESSAGES.fingerprintMissing, 0);
  }
}

async function castVote({ marketId, voteType }: CastVoteInput): Promise<CastVoteResult> {
  let fingerprint: string;
  try {
    fingerprint = await getFingerprint();
  } catch {
    throw new FingerprintUnavailableError();
  }
  if (!fingerprint) throw new FingerprintUnavailableError();
  return apiFetch<CastVoteResult>('/api/votes', { method: 'POST', body: { marketId, voteType, fingerprint } });
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
