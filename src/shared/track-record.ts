import type { Market, VoteType } from './market.js';

/**
 * "Mon bilan": how a device's votes fared on the predictions already resolved, against the crowd.
 *
 * A vote is read as a forecast: OUI is 100 %, NON is 0 %. The crowd's forecast is its final OUI share.
 * The Brier score of a forecast p on an outcome o (1 for OUI, 0 for NON) is (p − o)²: 0 is perfect,
 * 1 is a forecast sure of the wrong answer. A set's score is the average of its terms; lower is better.
 */

/** How the crowd did on one prediction: exactly 50 % OUI is neither right nor wrong. */
export type CrowdVerdict = 'right' | 'wrong' | 'even';

/** Who did better, from the Brier scores as shown (two decimals). */
export type Comparison = 'better' | 'worse' | 'equal';

export interface TrackRecordEntry {
  market: Market;
  vote: VoteType;
  outcome: VoteType;
  deviceRight: boolean;
  deviceBrier: number;
  /** The crowd's final OUI share, from 0 to 1 (0.5 when nobody voted). */
  crowdYesShare: number;
  crowdVerdict: CrowdVerdict;
  crowdBrier: number;
}

export interface TrackRecord {
  /** Most recent end date first. */
  entries: TrackRecordEntry[];
  deviceRightCount: number;
  crowdRightCount: number;
  /** Predictions where the crowd stood at exactly 50 %. */
  crowdEvenCount: number;
  /** Averages over the entries; null when there is none. */
  deviceBrier: number | null;
  crowdBrier: number | null;
  comparison: Comparison | null;
}

/** The crowd's final OUI share: yes / (yes + no), 0.5 when nobody voted. */
export function crowdYesShare({ yesVotes, noVotes }: Pick<Market, 'yesVotes' | 'noVotes'>): number {
  const total = yesVotes + noVotes;
  return total === 0 ? 0.5 : yesVotes / total;
}

/** (p − o)², with o = 1 when the outcome is OUI and 0 when it is NON. */
export function brierTerm(forecast: number, outcome: VoteType): number {
  const observed = outcome === 'yes' ? 1 : 0;
  return (forecast - observed) ** 2;
}

export function crowdVerdict(share: number, outcome: VoteType): CrowdVerdict {
  if (share === 0.5) return 'even';
  return share > 0.5 === (outcome === 'yes') ? 'right' : 'wrong';
}

/** A score in hundredths, rounded as it is shown: the comparison and the page read the same figure. */
export function scoreHundredths(score: number): number {
  return Math.round(score * 100);
}

/**
 * Tolerance: two scores are equal when they show the same at two decimals (0,25 and 0,25), so the page
 * never calls "better" a figure it prints the same. Otherwise the lower score is the better one.
 */
export function compareScores(device: number, crowd: number): Comparison {
  const difference = scoreHundredths(device) - scoreHundredths(crowd);
  if (difference === 0) return 'equal';
  return difference < 0 ? 'better' : 'worse';
}

function average(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The track record of a device from its own votes: only resolved predictions with a known outcome
 * that it voted on count, whatever their end date (an early resolution counts, an ended but
 * unresolved prediction does not).
 */
export function trackRecord(markets: readonly Market[], votes: ReadonlyMap<string, VoteType>): TrackRecord {
  const entries: TrackRecordEntry[] = [];
  for (const market of markets) {
    const vote = votes.get(market.id);
    if (!market.resolved || market.outcome === null || vote === undefined) continue;
    const outcome = market.outcome;
    const share = crowdYesShare(market);
    entries.push({
      market,
      vote,
      outcome,
      deviceRight: vote === outcome,
      deviceBrier: brierTerm(vote === 'yes' ? 1 : 0, outcome),
      crowdYesShare: share,
      crowdVerdict: crowdVerdict(share, outcome),
      crowdBrier: brierTerm(share, outcome),
    });
  }
  entries.sort((a, b) => Date.parse(b.market.endDate) - Date.parse(a.market.endDate) || (a.market.id < b.market.id ? -1 : 1));
  const deviceBrier = average(entries.map((entry) => entry.deviceBrier));
  const crowdBrier = average(entries.map((entry) => entry.crowdBrier));
  return {
    entries,
    deviceRightCount: entries.filter((entry) => entry.deviceRight).length,
    crowdRightCount: entries.filter((entry) => entry.crowdVerdict === 'right').length,
    crowdEvenCount: entries.filter((entry) => entry.crowdVerdict === 'even').length,
    deviceBrier,
    crowdBrier,
    comparison: deviceBrier === null || crowdBrier === null ? null : compareScores(deviceBrier, crowdBrier),
  };
}
