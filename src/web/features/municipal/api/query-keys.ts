import { queryKeyOf } from '../../../../shared/api/caller.js';
import type { HistoryRange } from '../../../../shared/history.js';

/**
 * Cache keys of the municipal feature, in one place so updates never retype strings: the endpoint's key
 * under one shared prefix, so a reconnection refreshes everything the page read.
 */
export const municipalKeys = {
  all: ['municipal'] as const,
  communes: () => [...municipalKeys.all, ...queryKeyOf('listCommunes')],
  candidates: (communeId: string) => [...municipalKeys.all, ...queryKeyOf('listCandidates', { params: { id: communeId } })],
  votes: () => [...municipalKeys.all, ...queryKeyOf('listMunicipalVotes')],
  /** Without a range: the prefix of the commune's histories in every range. */
  history: (communeId: string, range?: HistoryRange) => [
    ...municipalKeys.all,
    ...queryKeyOf(
      'getCommuneHistory',
      range === undefined ? { params: { id: communeId } } : { params: { id: communeId }, query: { range } },
    ),
  ],
};
