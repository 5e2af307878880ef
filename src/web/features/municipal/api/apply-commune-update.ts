import type { QueryClient } from '@tanstack/react-query';
import type { Commune } from '../../../../shared/municipal.js';
import { mergeCandidates, mergeCommune } from '../lib/commune-cache.js';
import { municipalKeys } from './query-keys.js';

/**
 * Applies a `municipal` event of /api/stream to the cache: the list shows the commune's new
 * totals and an open detail its new counts. Light on purpose: the app's stream handler can
 * import this file without pulling in the municipal pages.
 */
export function applyCommuneUpdate(queryClient: QueryClient, commune: Commune): void {
  queryClient.setQueryData<Commune[]>(municipalKeys.communes(), (list) => (list ? mergeCommune(list, commune) : list));
  queryClient.setQueryData(municipalKeys.candidates(commune.id), (all: Commune['candidates'] | undefined) =>
    mergeCandidates(all, commune.candidates),
  );
}
