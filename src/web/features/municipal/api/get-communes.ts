import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Commune } from '../../../../shared/municipal.js';
import { call } from '../../../lib/api-client.js';
import { municipalKeys } from './query-keys.js';

export function getCommunes(signal?: AbortSignal): Promise<Commune[]> {
  return call('listCommunes', { signal });
}

/** Every commune, newest first, each with its top three candidates. */
export function communesQueryOptions() {
  return queryOptions({
    queryKey: municipalKeys.communes(),
    queryFn: ({ signal }) => getCommunes(signal),
  });
}

export function useCommunes() {
  return useQuery(communesQueryOptions());
}
