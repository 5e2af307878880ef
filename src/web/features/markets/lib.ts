import { formatCount } from '../../../shared/format.js';
import * as marketsCopy from '../../copy/markets.js';

export const VOTE_LABEL = marketsCopy.marketsLibVoteLabel;

/** Said to a visitor once a prediction they voted on is resolved. */
export const VERDICT_TEXT = marketsCopy.marketsLibVerdict;

export { votesLabel } from '../../../shared/format.js';

export function participantsLabel(count: number): string {
  return marketsCopy.marketsLibParticipants(formatCount(count), count > 1);
}
