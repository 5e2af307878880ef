import { queryOptions } from '@tanstack/react-query';
import type { VoteType } from '../../../../shared/market.js';
import { call } from '../../../lib/api-client.js';
import { readStoredIdentity } from '../../../lib/identity-store.js';
import { marketKeys } from './query-keys.js';

/** The visitor's past votes; a failure reads as "no votes yet", as the specification asks. */
async function getUserVotes(signal: AbortSignal): Promise<ReadonlyMap<string, VoteType>> {
  try {
    // A device without an identity yet has not voted: no need to wait for one to be issued.
    const fingerprint = readStoredIdentity();
    if (fingerprint === null) return new Map();
    const records = await call('listVotes', { query: { fingerprint }, signal });
    return new Map(records.map((record) => [record.marketId, record.voteType]));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return new Map();
  }
}

export const userVotesQueryOptions = queryOptions({
  queryKey: marketKeys.userVotes,
  queryFn: ({ signal }) => getUserVotes(signal),
  // The server only learns about this device's votes from this device, so the local copy stays right.
  staleTime: Number.POSITIVE_INFINITY,
});
