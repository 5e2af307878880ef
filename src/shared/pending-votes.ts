import type { VoteType } from './market.js';

/**
 * A vote made without network, kept on the device until the connection returns (docs/decisions/038): a
 * prediction's OUI or NON, or a commune's candidate. One per prediction and one per commune: choosing again
 * before it is sent replaces it, as the visitor's last choice is the one they mean.
 */
export interface PendingMarketVote {
  kind: 'market';
  marketId: string;
  voteType: VoteType;
  /** ISO 8601 UTC: when the visitor voted. */
  queuedAt: string;
}

export interface PendingCommuneVote {
  kind: 'commune';
  communeId: string;
  candidateId: string;
  /** ISO 8601 UTC: when the visitor voted. */
  queuedAt: string;
}

export type PendingVote = PendingMarketVote | PendingCommuneVote;

/** What a pending vote is about: at most one pending vote per key. */
export function pendingVoteKey(
  vote: Pick<PendingMarketVote, 'kind' | 'marketId'> | Pick<PendingCommuneVote, 'kind' | 'communeId'>,
) {
  return vote.kind === 'market' ? `market:${vote.marketId}` : `commune:${vote.communeId}`;
}

function sameChoice(a: PendingVote, b: PendingVote): boolean {
  if (a.kind === 'market' && b.kind === 'market') return a.marketId === b.marketId && a.voteType === b.voteType;
  if (a.kind === 'commune' && b.kind === 'commune') return a.communeId === b.communeId && a.candidateId === b.candidateId;
  return false;
}

/** The list with `vote` in it, in place of any earlier pending vote on the same prediction or commune. */
export function withPendingVote(list: readonly PendingVote[], vote: PendingVote): PendingVote[] {
  const key = pendingVoteKey(vote);
  return [...list.filter((item) => pendingVoteKey(item) !== key), vote];
}

/** The list without `vote`, only if it is still the one kept (a newer choice made meanwhile stays). */
export function withoutPendingVote(list: readonly PendingVote[], vote: PendingVote): PendingVote[] {
  return list.filter((item) => !(sameChoice(item, vote) && item.queuedAt === vote.queuedAt));
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** One stored entry as this code wrote it, or null. Entries without `kind` were written before communes could wait: market votes. */
function readPendingVote(value: unknown): PendingVote | null {
  if (!value || typeof value !== 'object') return null;
  const { kind = 'market', marketId, voteType, communeId, candidateId, queuedAt } = value as Record<string, unknown>;
  if (typeof queuedAt !== 'string' || Number.isNaN(Date.parse(queuedAt))) return null;
  if (kind === 'market' && nonEmpty(marketId) && (voteType === 'yes' || voteType === 'no'))
    return { kind, marketId, voteType, queuedAt };
  if (kind === 'commune' && nonEmpty(communeId) && nonEmpty(candidateId)) return { kind, communeId, candidateId, queuedAt };
  return null;
}

/** The stored list as written by this code; anything else (absent, damaged, edited by hand) reads as empty or is skipped. */
export function parsePendingVotes(raw: string | null): PendingVote[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.map(readPendingVote).filter((vote) => vote !== null);
  } catch {
    return [];
  }
}
