import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { applyMunicipalVote, type Candidate, type Commune, type MunicipalVoteRecord } from '../../../../shared/municipal.js';
import { MESSAGES, PROTECTION_MESSAGES } from '../../../../shared/messages.js';
import { ApiError, call, isNetworkFailure, NetworkError } from '../../../lib/api-client.js';
import { ProofUnavailableError } from '../../../lib/proof/proof-error.js';
import { IdentityUnavailableError } from '../../../lib/identity-store.js';
import { sendOrKeep } from '../../../lib/pending-votes.js';
import { queryClient } from '../../../lib/query-client.js';
import { addVoteRecord, mergeCandidates, mergeCommune } from '../lib/commune-cache.js';
import { municipalKeys } from './query-keys.js';
import * as municipalCopy from '../../../copy/municipal.js';

export interface CastMunicipalVoteInput {
  communeId: string;
  candidateId: string;
}

/** Sends the vote; answers the commune as the server counts it right after the vote. */
export async function castMunicipalVote({ communeId, candidateId }: CastMunicipalVoteInput): Promise<Commune> {
  // Offline, nothing is started (no identity, no proof): the vote fails at once, and is kept (castOrKeep).
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

/**
 * The server's count of the commune, right after the vote, put in the cache. The server's own count already
 * holds this vote (and any vote that came in meanwhile): taking it rather than adding 1 cannot count the vote
 * twice if the live stream was faster. The answer carries the top three only: a vote for a candidate further
 * down is added here, then the full list is read again from the server.
 */
function applyCounted(client: QueryClient, counted: Commune, { communeId, candidateId }: CastMunicipalVoteInput): void {
  const inAnswer = counted.candidates.some((candidate) => candidate.id === candidateId);
  client.setQueryData<Candidate[]>(municipalKeys.candidates(communeId), (candidates) => {
    const merged = mergeCandidates(candidates, counted.candidates);
    return merged && !inAnswer ? applyMunicipalVote(merged, candidateId) : merged;
  });
  if (!inAnswer) void client.invalidateQueries({ queryKey: municipalKeys.candidates(communeId) });
  client.setQueryData<Commune[]>(municipalKeys.communes(), (list) => (list ? mergeCommune(list, counted) : list));
  client.setQueryData<MunicipalVoteRecord[]>(municipalKeys.votes(), (records) =>
    addVoteRecord(records, { marketId: communeId, candidateId }),
  );
  void client.invalidateQueries({ queryKey: municipalKeys.history(communeId) });
}

/** A vote sent now, or kept to be sent once the connection returns (`kept`). */
export type MunicipalVoteOutcome = { kept: false; counted: Commune } | { kept: true };

/**
 * Without network, or when the request never reached the server, the vote is kept on the device and sent once
 * the connection returns (docs/decisions/038), as a prediction's; any answer of the server is final.
 */
async function castOrKeep(input: CastMunicipalVoteInput): Promise<MunicipalVoteOutcome> {
  const counted = await sendOrKeep(() => castMunicipalVote(input), {
    kind: 'commune',
    communeId: input.communeId,
    candidateId: input.candidateId,
  });
  return counted ? { kept: false, counted } : { kept: true };
}

/** One vote per commune: on success the candidate gets +1 locally and the lists are re-sorted; offline it is kept. */
export function useCastMunicipalVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: castOrKeep,
    onSuccess: (outcome, input) => {
      if (!outcome.kept) applyCounted(client, outcome.counted, input);
    },
    onError: (error) => {
      if (isAlreadyVotedError(error)) void client.invalidateQueries({ queryKey: municipalKeys.votes() });
    },
  });
}

/** Sends a commune vote kept without network (src/web/lib/pending-votes.ts) and puts the server's count in the cache. */
export async function sendKeptMunicipalVote({ communeId, candidateId }: CastMunicipalVoteInput): Promise<void> {
  applyCounted(queryClient, await castMunicipalVote({ communeId, candidateId }), { communeId, candidateId });
}

/** Why a kept vote was refused, in words: this device had voted in the commune meanwhile, or the failure's own text. */
export function keptMunicipalVoteErrorText(error: unknown): string {
  if (isAlreadyVotedError(error)) return municipalCopy.communeDetailVousAvezDejaVote;
  return municipalVoteErrorText(error) ?? MESSAGES.voteFlowError;
}
