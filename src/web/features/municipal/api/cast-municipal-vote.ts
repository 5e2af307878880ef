import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyMunicipalVote, type Candidate, type Commune, type MunicipalVoteRecord } from '../../../../shared/municipal.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../../../shared/messages.js';
import { ApiError, apiFetch } from '../../../lib/api-client.js';
import { ProofUnavailableError } from '../../../lib/proof/proof-error.js';
import { IdentityUnavailableError } from '../../../lib/identity-store.js';
import { addVoteRecord, applyVoteToCommunes, mergeCandidates, mergeCommune } from '../lib/commune-cache.js';
import { municipalKeys } from './query-keys.js';

export interface CastMunicipalVoteInput {
  communeId: string;
  candidateId: string;
}

/** Sends the vote; answers the commune as the server counts it after the vote, when it says so. */
export async function castMunicipalVote({ communeId, candidateId }: CastMunicipalVoteInput): Promise<Commune | null> {
  const { sendProtected } = await import('../../../lib/protected-request.js');
  const answer = await sendProtected(
    (fingerprint) => ({ purpose: 'municipal', communeId, candidateId, fingerprint }),
    (fingerprint, proof) =>
      apiFetch<unknown>(`/api/municipal/${encodeURIComponent(communeId)}/votes`, {
        method: 'POST',
        body: { candidateId, fingerprint, proof },
      }),
  );
  // The server answers `{ marketId, candidateId, commune }`; a bare commune is accepted too.
  const commune = typeof answer === 'object' && answer !== null && 'commune' in answer ? answer.commune : answer;
  return isCommune(commune) && commune.id === communeId ? commune : null;
}

function isCommune(value: unknown): value is Commune {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'totalVotes' in value &&
    typeof value.totalVotes === 'number' &&
    'candidates' in value &&
    Array.isArray(value.candidates)
  );
}

/**
 * What to say when a vote did not go through. The specification shows nothing for a failed insert, so
 * only failures of the device's identity or of the vote protection (server texts) are worded; null otherwise.
 */
export function municipalVoteErrorText(error: unknown): string | null {
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
      if (counted) {
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
      } else {
        const all = queryClient.setQueryData<Candidate[]>(municipalKeys.candidates(communeId), (candidates) =>
          candidates ? applyMunicipalVote(candidates, candidateId) : candidates,
        );
        queryClient.setQueryData<Commune[]>(municipalKeys.communes(), (list) =>
          applyVoteToCommunes(list, communeId, candidateId, all),
        );
      }
      queryClient.setQueryData<MunicipalVoteRecord[]>(municipalKeys.votes(), (records) =>
        addVoteRecord(records, { marketId: communeId, candidateId }),
      );
    },
    onError: (error) => {
      if (isAlreadyVotedError(error)) void queryClient.invalidateQueries({ queryKey: municipalKeys.votes() });
    },
  });
}
