import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Candidate } from '../../../../shared/municipal.js';
import { call } from '../../../lib/api-client.js';
import { municipalKeys } from './query-keys.js';

export function getCandidates(communeId: string, signal?: AbortSignal): Promise<Candidate[]> {
  return call('listCandidates', { params: { id: communeId }, signal });
}

/** All candidates of one commune, most votes first. */
export function candidatesQueryOptions(communeId: string) {
  return queryOptions({
    queryKey: municipalKeys.candidates(communeId),
    queryFn: ({ signal }) => getCandidates(communeId, signal),
  });
}

export function useCandidates(communeId: string) {
  return useQuery(candidatesQueryOptions(communeId));
}
