import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../shared/api/caller.js';
import { call } from './api-client.js';

/** The server's state, read for the vote-change rule in force (the detail's "Changer mon vote", the FAQ). */
export const healthQueryOptions = queryOptions({
  queryKey: queryKeyOf('getHealth'),
  queryFn: ({ signal }) => call('getHealth', { signal }),
  staleTime: 5 * 60_000,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
