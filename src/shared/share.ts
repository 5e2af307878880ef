import { formatPercent, votesLabel } from './format.js';
import { shareDescriptionText, STATUS_LABELS, statusText } from './messages.js';
import { daysRemaining, isMarketOpen, roundedPercentages, type Market } from './market.js';
import { candidateShare, type Commune } from './municipal.js';
import { SITE } from './site.js';

/**
 * Share links: `/p/<id>` for a prediction, `/c/<insee>` for a commune. They answer a small page whose meta
 * tags give crawlers (WhatsApp, Facebook, X) a title, a sentence and a picture, then send a browser on to the
 * app's hash. Built here so the share buttons and the server agree on every address.
 */
export function predictionSharePath(id: string): string {
  return `/p/${encodeURIComponent(id)}`;
}

export function communeSharePath(id: string): string {
  return `/c/${encodeURIComponent(id)}`;
}

/** The app's own addresses (hash navigation, docs/decisions/015-hash-navigation.md). */
export const PREDICTION_HASH_PREFIX = 'prediction-';
export const COMMUNE_HASH_PREFIX = 'commune-';

export function predictionHash(id: string): string {
  return `#${PREDICTION_HASH_PREFIX}${encodeURIComponent(id)}`;
}

export function communeHash(id: string): string {
  return `#${COMMUNE_HASH_PREFIX}${encodeURIComponent(id)}`;
}

/** The 1200×630 picture beside a share page. */
export const PREVIEW_IMAGE_FILE = 'apercu.png';
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

export type PredictionStatus =
  { kind: 'open'; daysLeft: number } | { kind: 'ended' } | { kind: 'resolved'; outcome: 'yes' | 'no' | null };

export function predictionStatus(market: Pick<Market, 'endDate' | 'resolved' | 'outcome'>, now: Date): PredictionStatus {
  if (market.resolved) return { kind: 'resolved', outcome: market.outcome };
  if (!isMarketOpen(market, now)) return { kind: 'ended' };
  return { kind: 'open', daysLeft: daysRemaining(market.endDate, now) };
}

/** The app's own words: "12j restants", "Terminé", "Résultat : OUI". */
export function predictionStatusLabel(status: PredictionStatus): string {
  switch (status.kind) {
    case 'open':
      return statusText.daysLeft(status.daysLeft);
    case 'ended':
      return STATUS_LABELS.ended;
    case 'resolved':
      return status.outcome === null ? STATUS_LABELS.ended : statusText.result(status.outcome);
  }
}

/** "OUI 46 % · 1 234 votes — votez sur Prédi974"; once closed, the status follows and nobody is asked to vote. */
export function predictionShareDescription(market: Market, now: Date): string {
  const { yesPercentage } = roundedPercentages(market);
  const figures = shareDescriptionText.predictionFigures(formatPercent(yesPercentage), votesLabel(market.totalVotes));
  const status = predictionStatus(market, now);
  if (status.kind === 'open') return shareDescriptionText.open(figures, SITE.name);
  return shareDescriptionText.closed(figures, predictionStatusLabel(status), SITE.name);
}

/** How many candidates the description names (the picture shows three). */
const DESCRIBED_CANDIDATES = 2;

/** "Teddy Lauret 57,4 % · Josian Técher 20,8 % · 289 votes — votez sur Prédi974" */
export function communeShareDescription(commune: Commune): string {
  if (commune.totalVotes === 0) return shareDescriptionText.noVoteYet(SITE.name);
  const leaders = commune.candidates
    .slice(0, DESCRIBED_CANDIDATES)
    .map((candidate) => `${candidate.name} ${formatPercent(candidateShare(candidate.votes, commune.totalVotes), 1)}`);
  return shareDescriptionText.commune([...leaders, votesLabel(commune.totalVotes)], SITE.name);
}
