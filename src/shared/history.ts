import type { z } from 'zod';
import type { historyPointSchema } from './api/markets.js';
import { DAY_MS } from './constants.js';
import { formatPercent } from './format.js';
import { historyText, RANGE_SPANS_IN_WORDS } from './messages.js';

/** How far back a history goes: the last 24 hours, 7 days, 30 days, or since the first vote. */
export const HISTORY_RANGES = ['24h', '7d', '30d', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const HISTORY_RANGE_LABELS: Record<HistoryRange, string> = {
  '24h': '24 h',
  '7d': '7 j',
  '30d': '30 j',
  all: 'Tout',
};

/** Below this many votes inside a range, a curve would mostly draw noise: the page says so instead. */
export const HISTORY_MIN_SAMPLE = 20;

/** Points of a history at most, whatever the range: enough for a smooth curve on a phone, small to send. */
export const HISTORY_MAX_POINTS = 60;

const HOUR_MS = 3_600_000;

/** The fixed step of each bounded range (the "all" range divides its own span instead). */
const RANGE_STEP_MS: Record<Exclude<HistoryRange, 'all'>, number> = {
  '24h': HOUR_MS / 2, // 48 steps
  '7d': 3 * HOUR_MS, // 56 steps
  '30d': 12 * HOUR_MS, // 60 steps
};
const RANGE_SPAN_MS: Record<Exclude<HistoryRange, 'all'>, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};

/**
 * The instants a history is sampled at, oldest first: step boundaries aligned on the epoch, so that every
 * request within one step asks for the same past points (and a cache can keep them), the last one at or
 * before `now`. The live figure at `now` is added after them by whoever draws the curve.
 * `firstVoteMs` (the "all" range only) is when the first vote was cast; null when there is none yet.
 */
export function historyInstants(range: HistoryRange, nowMs: number, firstVoteMs: number | null): number[] {
  if (range === 'all') {
    if (firstVoteMs === null || firstVoteMs >= nowMs) return [];
    // Steps of whole minutes, the shortest that give at most HISTORY_MAX_POINTS instants once both ends are
    // aligned on the step (each alignment can add one).
    const step = Math.max(60_000, Math.ceil((nowMs - firstVoteMs) / (HISTORY_MAX_POINTS - 2) / 60_000) * 60_000);
    const last = Math.floor(nowMs / step) * step;
    const first = Math.floor(firstVoteMs / step) * step;
    const instants: number[] = [];
    for (let at = first; at <= last; at += step) instants.push(at);
    return instants;
  }
  const step = RANGE_STEP_MS[range];
  const last = Math.floor(nowMs / step) * step;
  const count = RANGE_SPAN_MS[range] / step;
  return Array.from({ length: count }, (_, index) => last - (count - 1 - index) * step);
}

/** Votes cast up to an instant, OUI and NON. */
export type HistoryPoint = z.output<typeof historyPointSchema>;

/** OUI share of a point in percent, one decimal; null when nobody had voted yet. */
export function yesShareAt(point: Pick<HistoryPoint, 'yesVotes' | 'noVotes'>): number | null {
  const total = point.yesVotes + point.noVotes;
  if (total === 0) return null;
  return Math.round((point.yesVotes * 1000) / total) / 10;
}

/**
 * The share a curve draws at a point: none until HISTORY_MIN_SAMPLE votes were cast in all, since a share
 * of 2 or 3 votes (0 %, 100 %) is noise the curve would start with.
 */
export function drawnShareAt(point: Pick<HistoryPoint, 'yesVotes' | 'noVotes'>): number | null {
  return point.yesVotes + point.noVotes < HISTORY_MIN_SAMPLE ? null : yesShareAt(point);
}

/**
 * The curve in one sentence, for screen readers and for whoever reads rather than looks:
 * "OUI est passé de 41 % à 46 % en 7 jours", or "OUI est resté à 46 % en 7 jours".
 * From the first point the curve draws to the last one; null when it draws none.
 */
export function historySummary(
  points: readonly Pick<HistoryPoint, 'yesVotes' | 'noVotes'>[],
  range: HistoryRange,
): string | null {
  const shares = points.map(drawnShareAt).filter((share): share is number => share !== null);
  const first = shares[0];
  const last = shares[shares.length - 1];
  if (first === undefined || last === undefined) return null;
  const from = Math.round(first);
  const to = Math.round(last);
  const span = RANGE_SPANS_IN_WORDS[range];
  if (from === to) return historyText.yesStayed(formatPercent(to), span);
  return historyText.yesMoved(formatPercent(from), formatPercent(to), span);
}

/** Votes cast inside the range: the last point's total less the first one's. */
export function votesInRange(points: readonly Pick<HistoryPoint, 'yesVotes' | 'noVotes'>[]): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 0;
  return last.yesVotes + last.noVotes - (first.yesVotes + first.noVotes);
}

/**
 * The 95 % interval of the OUI share, in percent with one decimal (Wilson's score interval: unlike the
 * textbook ± 1.96·√(p(1−p)/n), it stays inside 0–100 and does not shrink to nothing at 0 % or 100 %).
 * Null when nobody voted.
 */
export function yesShareInterval(yesVotes: number, noVotes: number): { low: number; high: number } | null {
  const n = yesVotes + noVotes;
  if (n === 0) return null;
  const z = 1.959964;
  const p = yesVotes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + z2n);
  const toPercent = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 10;
  return { low: toPercent(centre - half), high: toPercent(centre + half) };
}

/** Each candidate's share at a point, in percent with one decimal; none drawn under HISTORY_MIN_SAMPLE votes in all. */
export function candidateSharesAt(votes: readonly number[]): (number | null)[] {
  const total = votes.reduce((sum, count) => sum + count, 0);
  return votes.map((count) => (total < HISTORY_MIN_SAMPLE ? null : Math.round((count * 1000) / total) / 10));
}

/**
 * One candidate's line in one sentence, from its first drawn share to its last:
 * "Anne Hoarau : de 30 % à 34 % en 7 jours", or "Anne Hoarau : toujours 34 % en 7 jours".
 */
export function candidateHistorySummary(name: string, shares: readonly (number | null)[], range: HistoryRange): string | null {
  const drawn = shares.filter((share): share is number => share !== null);
  const first = drawn[0];
  const last = drawn[drawn.length - 1];
  if (first === undefined || last === undefined) return null;
  const from = Math.round(first);
  const to = Math.round(last);
  const span = RANGE_SPANS_IN_WORDS[range];
  return from === to
    ? historyText.candidateStayed(name, formatPercent(to), span)
    : historyText.candidateMoved(name, formatPercent(from), formatPercent(to), span);
}
