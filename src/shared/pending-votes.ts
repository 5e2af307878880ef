import type { VoteType } from './market.js';

/**
 * A vote made without network, kept on the device until the connection returns (docs/decisions/038). One per
 * prediction: choosing again before it is sent replaces it, as the visitor's last choice is the one they mean.
 */
export interface PendingVote {
  marketId: string;
  voteType: VoteType;
  /** ISO 8601 UTC: when the visitor voted. */
  queuedAt: string;
}

/** The list with `vote` in it, in place of any earlier pending vote on the same prediction. */
export function withPendingVote(list: readonly PendingVote[], vote: PendingVote): PendingVote[] {
  return [...list.filter((item) => item.marketId !== vote.marketId), vote];
}

/** The list without `vote`, only if it is still the one kept (a newer choice made meanwhile stays). */
export function withoutPendingVote(list: readonly PendingVote[], vote: PendingVote): PendingVote[] {
  return list.filter(
    (item) => !(item.marketId === vote.marketId && item.voteType === vote.voteType && item.queuedAt === vote.queuedAt),
  );
}

function isPendingVote(value: unknown): value is PendingVote {
  if (!value || typeof value !== 'object') return false;
  const { marketId, voteType, queuedAt } = value as Record<string, unknown>;
  return (
    typeof marketId === 'string' &&
    marketId.length > 0 &&
    (voteType === 'yes' || voteType === 'no') &&
    typeof queuedAt === 'string' &&
    !Number.isNaN(Date.parse(queuedAt))
  );
}

/** The stored list as written by this code; anything else (absent, damaged, edited by hand) reads as empty or is skipped. */
export function parsePendingVotes(raw: string | null): PendingVote[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(isPendingVote).map(({ marketId, voteType, queuedAt }) => ({ marketId, voteType, queuedAt }));
  } catch {
    return [];
  }
}
