import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../../shared/api/caller.js';
import { call } from '../../../lib/api-client.js';

export const transparencyQueryOptions = queryOptions({
  queryKey: queryKeyOf('getTransparency'),
  queryFn: ({ signal }) => call('getTransparency', { signal }),
  // The server caches the figures a few seconds; a visit shows them as of its opening, refreshed on return.
  staleTime: 30_000,
});

export function useTransparency() {
  return useQuery(transparencyQueryOptions);
}
