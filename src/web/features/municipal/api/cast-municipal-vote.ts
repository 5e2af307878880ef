import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyMunicipalVote, type Candidate, type Commune, type MunicipalVoteRecord } from '../../../../shared/municipal.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../../../shared/messages.js';
import { ApiError, call, isNetworkFailure, NetworkError } from '../../../lib/api-client.js';
import { ProofUnavailableError } from '../../../lib/proof/proof-error.js';
import { IdentityUnavailableError } from '../../../lib/identity-store.js';
import { addVoteRecord, mergeCandidates, mergeCommune } from '../lib/commune-cache.js';
import { municipalKeys } from './query-keys.js';

export interface CastMunicipalVoteInput {
  communeId: string;
  candidateId: string;
}

/** Sends the vote; answers the commune as the server counts it right after the vote. */
export async function castMunicipalVote({ communeId, candidateId }: CastMunicipalVoteInput): Promise<Commune> {
  // Offline, nothing is started: the vote fails at once and is never sent later.
  if (!navigator.onLine) throw new NetworkError();
  const { sendProtected } = await import('../../../lib/protected-request.js');
  const answer = await sendProtected(
    (fingerprint) => ({ purpose: 'municipal', communeId, candidateId, fingerprint }),
    (fingerprint, proof) => call('castMunicipalVote', { params: { id: communeId }, body: { candidateId, fingerprint, proof } }),
  );
  // The answer's shape is the declaration's (src/shared/api/municipal.ts), checked by the server's tests.
  return answer.commune;
}

/**
 * What to say when a vote did not go through. The specification shows nothing for a failed insert, so
 * only failures of the network, of the device's identity or of the vote protection (server texts) are
 * worded; null otherwise.
 */
export function municipalVoteErrorText(error: unknown): string | null {
  if (isNetworkFailure(error)) return MESSAGES.offlineVote;
  if (error instanceof IdentityUnavailableError) return MESSAGES.fingerprintMissing;
  if (error instanceof ProofUnavailableError) return MESSAGES.voteFlowError;
  if (error instanceof ApiError && (Object.values(PROTECTION_MESSAGES) as string[]).includes(error.message)) return error.message;
  return null;
}

/** The server's answer to a second vote in the same commune from the same device. */
export function isAlreadyVotedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message === MESSAGES.alreadyVoted;
}

/** One vote per commune: on success the candidate gets +1 locally and the lists are re-sorted. */
export function useCastMunicipalVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castMunicipalVote,
    onSuccess: (counted, { communeId, candidateId }) => {
      // The server's own count already holds this vote (and any vote that came in meanwhile):
      // taking it rather than adding 1 cannot count the vote twice if the live stream was faster.
      // The answer carries the top three only: a vote for a candidate further down is added here, then
      // the full list is read again from the server.
      const inAnswer = counted.candidates.some((candidate) => candidate.id === candidateId);
      queryClient.setQueryData<Candidate[]>(municipalKeys.candidates(communeId), (candidates) => {
        const merged = mergeCandidates(candidates, counted.candidates);
        return merged && !inAnswer ? applyMunicipalVote(merged, candidateId) : merged;
      });
      if (!inAnswer) void queryClient.invalidateQueries({ queryKey: municipalKeys.candidates(communeId) });
      queryClient.setQueryData<Commune[]>(municipalKeys.communes(), (list) => (list ? mergeCommune(list, counted) : list));
      queryClient.setQueryData<MunicipalVoteRecord[]>(municipalKeys.votes(), (records) =>
        addVoteRecord(records, { marketId: communeId, candidateId }),
      );
      void queryClient.invalidateQueries({ queryKey: municipalKeys.history(communeId) });
    },
    onError: (error) => {
      if (isAlreadyVotedError(error)) void queryClient.invalidateQueries({ queryKey: municipalKeys.votes() });
    },
  });
}
