import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CastVoteResult } from '../../../../shared/api/markets.js';
import type { VoteType } from '../../../../shared/market.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { ApiError, call, isNetworkFailure, NetworkError } from '../../../lib/api-client.js';
import { IdentityUnavailableError } from '../../../lib/identity-store.js';
import { sendOrKeep } from '../../../lib/pending-votes.js';
import { queryClient } from '../../../lib/query-client.js';
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
  // Offline, nothing is started (no identity, no proof): the vote fails at once, or is kept (castOrKeep).
  if (!navigator.onLine) throw new NetworkError();
  // Identity issuance and the proof of work are loaded with the first vote, not with the first screen.
  const { sendProtected } = await import('../../../lib/protected-request.js');
  return sendProtected(
    (fingerprint) => ({ purpose: 'vote', marketId, voteType, fingerprint }),
    (fingerprint, proof) => call('castVote', { body: { marketId, voteType, fingerprint, proof } }),
  );
}

/** The server's counts replace the cached market and the vote is remembered. */
function applyResult(client: QueryClient, result: CastVoteResult): void {
  storeMarket(client, result.market);
  client.setQueryData(userVotesQueryOptions.queryKey, (votes) => {
    const next = new Map(votes);
    next.set(result.market.id, result.voteType);
    return next;
  });
}

/** A vote sent now, or kept to be sent once the connection returns (`kept`). */
export type VoteOutcome = { kept: false; result: CastVoteResult } | { kept: true };

/**
 * Without network, or when the request never reached the server, the vote is kept on the device and sent once
 * the connection returns (docs/decisions/038); any answer of the server is final.
 */
async function castOrKeep(input: CastVoteInput): Promise<VoteOutcome> {
  const result = await sendOrKeep(() => castVote(input), {
    kind: 'market',
    marketId: input.marketId,
    voteType: input.voteType,
  });
  return result ? { kept: false, result } : { kept: true };
}

/**
 * Sends a vote from a card, the detail or "Voter à la chaîne"; without network it is kept and sent once the
 * connection returns.
 */
export function useCastOrKeepVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: castOrKeep,
    onSuccess: (outcome) => {
      if (!outcome.kept) applyResult(client, outcome.result);
    },
  });
}

/** Sends a vote kept without network (src/web/lib/pending-votes.ts) and puts the server's counts in the cache. */
export async function sendKeptVote(vote: CastVoteInput): Promise<void> {
  applyResult(queryClient, await castVote(vote));
}
