import type { z } from 'zod';
import type { marketSchema } from './api/markets.js';
import type { voteTypeSchema } from './schemas.js';
import { DAY_MS, DEFAULT_PERCENTAGE } from './constants.js';
import { STATUS_LABELS, statusText } from './messages.js';
import { percentageOf } from './percentage.js';

export type VoteType = z.output<typeof voteTypeSchema>;

/** A prediction as the API serves it, declared once by its schema. */
export type Market = z.output<typeof marketSchema>;

export interface MarketCounts {
  yesVotes: number;
  noVotes: number;
}

export interface Percentages {
  yesPercentage: number;
  noPercentage: number;
}

/** Card percentages: rounded integer shares, 50/50 when nobody voted. */
export function roundedPercentages({ yesVotes, noVotes }: MarketCounts): Percentages {
  const total = yesVotes + noVotes;
  if (total === 0) return { yesPercentage: DEFAULT_PERCENTAGE, noPercentage: DEFAULT_PERCENTAGE };
  return {
    yesPercentage: percentageOf(yesVotes, total, 0),
    noPercentage: percentageOf(noVotes, total, 0),
  };
}

/** Detail percentages: one decimal, 50/50 when nobody voted. */
export function preciseShare(part: number, total: number): number {
  if (total === 0) return DEFAULT_PERCENTAGE;
  return percentageOf(part, total, 1);
}

/**
 * Text of the probability ring: "<1" under one percent, else the card's rounded OUI percentage. It reads
 * the counts, not an already rounded share: rounding 12.46 % to 12.5 and then to 13 would contradict the
 * card's 12, and 0.96 % shown as 1.0 would hide that it is under one percent.
 */
export function probabilityLabel(counts: MarketCounts): string {
  const total = counts.yesVotes + counts.noVotes;
  if (total > 0 && counts.yesVotes * 100 < total) return '<1';
  return String(roundedPercentages(counts).yesPercentage);
}

export function isProbabilityFavourable(yesPercentage: number): boolean {
  return yesPercentage >= 50;
}

/** Days remaining, rounded up; 0 or less means ended. */
export function daysRemaining(endDate: string, now: Date): number {
  const days = Math.ceil((Date.parse(endDate) - now.getTime()) / DAY_MS);
  // Less than a day after the end, Math.ceil gives -0: answer a plain 0.
  return days === 0 ? 0 : days;
}

/**
 * A card's "{n}j restants" while open, "Terminé" once the end date has passed, and "Résolu" once the outcome is
 * known, even before the end date: a countdown beside "Résultat : OUI" would say the question is still open.
 */
export function remainingLabel(market: Pick<Market, 'endDate' | 'resolved'>, now: Date): string {
  if (market.resolved) return STATUS_LABELS.resolved;
  const days = daysRemaining(market.endDate, now);
  return days <= 0 ? STATUS_LABELS.ended : statusText.daysLeft(days);
}

/** A market accepts votes while its end date is in the future and it is not resolved. */
export function isMarketOpen(market: Pick<Market, 'endDate' | 'resolved'>, now: Date): boolean {
  return !market.resolved && Date.parse(market.endDate) > now.getTime();
}

/**
 * Whether a visitor's vote matched the outcome of a resolved prediction: `right` or `wrong`, or null
 * when there is nothing to judge yet (open, or resolved without this visitor's vote).
 */
export function voteVerdict(
  market: Pick<Market, 'resolved' | 'outcome'>,
  userVote: VoteType | undefined,
): 'right' | 'wrong' | null {
  if (!market.resolved || market.outcome === null || userVote === undefined) return null;
  return userVote === market.outcome ? 'right' : 'wrong';
}

/** Builds the served view from raw counters. */
export function toMarketView(base: Omit<Market, 'totalVotes' | 'yesPercentage' | 'noPercentage'>): Market {
  return {
    ...base,
    totalVotes: base.yesVotes + base.noVotes,
    ...roundedPercentages(base),
  };
}

/**
 * Applies a vote locally: a first vote adds a participant, a change moves one vote
 * from one side to the other with no extra participant, a repeat changes nothing.
 */
export function applyVote(market: Market, voteType: VoteType, previous: VoteType | null): Market {
  if (previous === voteType) return market;
  let { yesVotes, noVotes } = market;
  if (previous === 'yes') yesVotes -= 1;
  if (previous === 'no') noVotes -= 1;
  if (voteType === 'yes') yesVotes += 1;
  else noVotes += 1;
  return toMarketView({ ...market, yesVotes, noVotes });
}

/** List order: trending first, then open before ended, then most votes, then id for stability. */
export function compareMarketsForList(now: Date) {
  return (a: Market, b: Market): number => {
    if (a.trending !== b.trending) return a.trending ? -1 : 1;
    const aOpen = isMarketOpen(a, now);
    const bOpen = isMarketOpen(b, now);
    if (aOpen !== bOpen) return aOpen ? -1 : 1;
    if (a.totalVotes !== b.totalVotes) return b.totalVotes - a.totalVotes;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
