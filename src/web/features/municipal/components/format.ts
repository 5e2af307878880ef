import { formatCount, formatPercentOneDecimal } from '../../../lib/format.js';

/** "42,5%": a candidate's share, one decimal. */
export function shareLabel(share: number): string {
  return `${formatPercentOneDecimal(share)}%`;
}

/** "1 234 votes", "1 vote", "0 vote". */
export function votesCountLabel(votes: number): string {
  return `${formatCount(votes)} ${votes > 1 ? 'votes' : 'vote'}`;
}
