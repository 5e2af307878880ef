import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MunicipalVoteRecord } from '../../../../shared/municipal.js';
import { call } from '../../../lib/api-client.js';
import { readStoredIdentity } from '../../../lib/identity-store.js';
import { municipalKeys } from './query-keys.js';

/**
 * The communes this device already voted in. A failure here is silently ignored (the
 * specification's rule for vote history): the visitor is treated as not having voted yet
 * and the server still refuses a second vote.
 */
export async function getMunicipalVotes(signal?: AbortSignal): Promise<MunicipalVoteRecord[]> {
  try {
    const fingerprint = readStoredIdentity();
    if (fingerprint === null) return [];
    return await call('listMunicipalVotes', { query: { fingerprint }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}

export function municipalVotesQueryOptions() {
  return queryOptions({
    queryKey: municipalKeys.votes(),
    queryFn: ({ signal }) => getMunicipalVotes(signal),
  });
}

export function useMunicipalVotes() {
  return useQuery(municipalVotesQueryOptions());
}
