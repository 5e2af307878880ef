import { MUNICIPAL_TOP_CANDIDATES } from '../../../../shared/constants.js';
import {
  applyMunicipalVote,
  compareCandidates,
  type Candidate,
  type Commune,
  type MunicipalVoteRecord,
} from '../../../../shared/municipal.js';

function byNewest(a: Commune, b: Commune): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** A live update: replaces the commune in the list, or adds it at its place (newest first). */
export function mergeCommune(list: readonly Commune[] | undefined, commune: Commune): Commune[] {
  if (!list) return [commune];
  const index = list.findIndex((item) => item.id === commune.id);
  if (index === -1) return [...list, commune].sort(byNewest);
  return list.map((item) => (item.id === commune.id ? commune : item));
}

/**
 * A live update for an open detail: the top three carry fresh counts; candidates further down
 * keep theirs. Never lowers a count, so an update older than a local vote cannot undo it.
 */
export function mergeCandidates(all: readonly Candidate[] | undefined, top: readonly Candidate[]): Candidate[] | undefined {
  if (!all) return undefined;
  const fresh = new Map(top.map((candidate) => [candidate.id, candidate.votes]));
  return all
    .map((candidate) => {
      const votes = fresh.get(candidate.id);
      return votes === undefined || votes <= candidate.votes ? candidate : { ...candidate, votes };
    })
    .sort(compareCandidates);
}

/**
 * The list after this device's vote: one more vote in the commune and its top three re-sorted.
 * `allCandidates` (the detail's full list, already counting the vote) gives the exact new top three.
 */
export function applyVoteToCommunes(
  list: readonly Commune[] | undefined,
  communeId: string,
  candidateId: string,
  allCandidates?: readonly Candidate[],
): Commune[] | undefined {
  if (!list) return undefined;
  return list.map((commune) => {
    if (commune.id !== communeId) return commune;
    const candidates = allCandidates
      ? allCandidates.slice(0, MUNICIPAL_TOP_CANDIDATES)
      : applyMunicipalVote(commune.candidates, candidateId);
    return { ...commune, totalVotes: commune.totalVotes + 1, candidates };
  });
}

export function addVoteRecord(
  records: readonly MunicipalVoteRecord[] | undefined,
  record: MunicipalVoteRecord,
): MunicipalVoteRecord[] {
  const others = (records ?? []).filter((item) => item.marketId !== record.marketId);
  return [...others, record];
}

export function hasVotedIn(records: readonly MunicipalVoteRecord[] | undefined, communeId: string): boolean {
  return (records ?? []).some((record) => record.marketId === communeId);
}
