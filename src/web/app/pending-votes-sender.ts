import { marketsQueryOptions, sendKeptVote, userVotesQueryOptions } from '../features/markets/index.js';
import { municipalKeys } from '../features/municipal/api/query-keys.js';
import { NetworkError } from '../lib/api-client.js';
import { sendPendingVotesWhenOnline } from '../lib/pending-votes.js';
import { queryClient } from '../lib/query-client.js';

/**
 * The one sender of the votes kept without network (docs/decisions/038), wherever the visitor is in the app:
 * predictions' and communes' votes, one list, one loop. The commune's code is loaded only when one is sent.
 */
export function startSendingPendingVotes(): void {
  sendPendingVotesWhenOnline(
    {
      market: (vote) => sendKeptVote(vote),
      commune: async (vote) => {
        const municipal = await import('../features/municipal/api/cast-municipal-vote.js').catch((error: unknown) => {
          // The code did not arrive: the network is not back yet, the vote stays kept for the next try.
          throw new NetworkError(error);
        });
        await municipal.sendKeptMunicipalVote(vote);
      },
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: userVotesQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: marketsQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: municipalKeys.all });
    },
  );
}
