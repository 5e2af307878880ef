import { formatPercent, votesLabel } from '../../../../shared/format.js';
import { formatCount } from '../../../lib/format.js';

/** "42,5 %": a candidate's share, one decimal. */
export function shareLabel(share: number): string {
  return formatPercent(share, 1);
}

/** "1 234 votes", "1 vote", "0 vote". */
export function votesCountLabel(votes: number): string {
  return votesLabel(votes);
}

/** "Voir les 3 autres candidats", and for a single one "Voir l’autre candidat". */
export function otherCandidatesLabel(count: number): string {
  return count === 1 ? 'Voir l’autre candidat' : `Voir les ${formatCount(count)} autres candidats`;
}
