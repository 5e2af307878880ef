import { tallyText } from './messages.js';
import { isMarketOpen, type Market, type VoteType } from './market.js';

/** What a visitor did with one card of the chain. */
export type ChainAction = VoteType | 'skip';

/**
 * The predictions offered one by one in "Voter à la chaîne": open ones this device has not voted on, so no
 * vote is ever changed there. Trending ones first, then those that close soonest (a vote is most useful
 * before it is too late), then by id so the order never depends on how the list arrived.
 */
export function voteQueue(markets: readonly Market[], userVotes: ReadonlyMap<string, VoteType>, now: Date): Market[] {
  return markets
    .filter((market) => isMarketOpen(market, now) && !userVotes.has(market.id))
    .sort((a, b) => {
      if (a.trending !== b.trending) return a.trending ? -1 : 1;
      const byEnd = Date.parse(a.endDate) - Date.parse(b.endDate);
      if (byEnd !== 0) return byEnd;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
}

/** Whether a prediction already in the queue can still be offered: it may have closed or been voted on since. */
export function stillOffered(
  market: Pick<Market, 'id' | 'endDate' | 'resolved'> | undefined,
  userVotes: ReadonlyMap<string, VoteType>,
  now: Date,
): boolean {
  return market !== undefined && isMarketOpen(market, now) && !userVotes.has(market.id);
}

export interface ChainTally {
  yes: number;
  no: number;
  skipped: number;
}

export function chainTally(actions: Iterable<ChainAction>): ChainTally {
  const tally: ChainTally = { yes: 0, no: 0, skipped: 0 };
  for (const action of actions) {
    if (action === 'yes') tally.yes += 1;
    else if (action === 'no') tally.no += 1;
    else tally.skipped += 1;
  }
  return tally;
}

/** "2 OUI, 1 NON, 3 passées": the three counts, zeros included, "passée" agreeing with its number. */
export function tallySentence({ yes, no, skipped }: ChainTally): string {
  return tallyText(yes, no, skipped);
}
