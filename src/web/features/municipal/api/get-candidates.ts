import type { SuccessOf } from '../../../../shared/api/contract.js';
import type { municipalEndpoints } from '../../../../shared/api/municipal.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Candidate } from '../../../../shared/municipal.js';
import { apiFetch } from '../../../lib/api-client.js';
import { municipalKeys } from './query-keys.js';

export function getCandidates(communeId: string, signal?: AbortSignal): Promise<Candidate[]> {
  return apiFetch<SuccessOf<typeof municipalEndpoints.listCandidates>>(
    `/api/municipal/${encodeURIComponent(communeId)}/candidates`,
    { signal },
  );
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
