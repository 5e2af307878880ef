import type { VoteType } from '../../../../shared/market.js';
import { scoreHundredths, type Comparison } from '../../../../shared/track-record.js';
import * as trackRecordCopy from '../../../copy/track-record.js';

const SCORE_FORMAT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A Brier score with two decimals and a decimal comma ("0,25"), rounded as the comparison rounds it. */
export function formatScore(score: number): string {
  return SCORE_FORMAT.format(scoreHundredths(score) / 100);
}

const TENTHS_FORMAT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * A share from 0 to 1 as a whole French percentage, a narrow no-break space before the sign ("67 %"),
 * written out rather than left to Intl, whose space differs between engines. Near the middle the whole number
 * would hide which side the crowd was on (49.6 % counts as NON but rounds to "50 %"), so there it keeps one
 * decimal, never reaching "50" unless the share is exactly one half.
 */
export function formatShare(share: number): string {
  const whole = Math.round(share * 100);
  if (whole !== 50 || share === 0.5) return `${whole}\u202f%`;
  const tenths = share < 0.5 ? Math.min(Math.round(share * 1000), 499) : Math.max(Math.round(share * 1000), 501);
  return `${TENTHS_FORMAT.format(tenths / 10)}\u202f%`;
}

export function voteLabel(vote: VoteType): string {
  return vote === 'yes' ? trackRecordCopy.trackRecordTextOui : trackRecordCopy.trackRecordTextNon;
}

/** "1 prédiction résolue", "2 prédictions résolues" (French keeps 0 in the singular). */
export function resolvedCount(count: number): string {
  return count > 1
    ? trackRecordCopy.trackRecordTextPredictionsResolues(count)
    : trackRecordCopy.trackRecordTextPredictionResolue(count);
}

export function deviceSentence(right: number, total: number): string {
  if (total === 1) {
    return right === 1 ? trackRecordCopy.trackRecordTextVousAvezVuJuste : trackRecordCopy.trackRecordTextVousNAvezPas;
  }
  return trackRecordCopy.trackRecordTextVousAvezVuJuste2(right, total);
}

/** The crowd on the same predictions; at exactly 50 % it is neither right nor wrong. */
export function crowdSentence(right: number, even: number, total: number): string {
  if (total === 1) {
    if (even === 1) return trackRecordCopy.trackRecordTextSurLaMemePrediction;
    return right === 1
      ? trackRecordCopy.trackRecordTextSurLaMemePrediction2
      : trackRecordCopy.trackRecordTextSurLaMemePrediction3;
  }
  const main = trackRecordCopy.trackRecordTextSurLesMemesPredictions(right, total);
  if (even === 0) return main;
  return trackRecordCopy.trackRecordTextElleEtaitPartageeA(main, even);
}

export function comparisonSentence(comparison: Comparison): string {
  if (comparison === 'better') return trackRecordCopy.trackRecordTextVotreScoreEstPlus;
  if (comparison === 'worse') return trackRecordCopy.trackRecordTextLeScoreDeLa;
  return trackRecordCopy.trackRecordTextVotreScoreEtCelui;
}
