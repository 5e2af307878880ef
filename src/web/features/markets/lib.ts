import { formatCount } from '../../../shared/format.js';
import { marketsLibCopy } from '../../copy/markets.js';

export const VOTE_LABEL = marketsLibCopy.voteLabel;

/** Said to a visitor once a prediction they voted on is resolved. */
export const VERDICT_TEXT = marketsLibCopy.verdict;

export { votesLabel } from '../../../shared/format.js';

export function participantsLabel(count: number): string {
  return marketsLibCopy.participants(formatCount(count), count > 1);
}
