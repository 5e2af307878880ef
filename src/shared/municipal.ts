export interface Candidate {
  id: string;
  name: string;
  votes: number;
}

/** A commune's election as listed: its top three candidates only. */
export interface Commune {
  id: string;
  title: string;
  trending: boolean;
  createdAt: string;
  totalVotes: number;
  candidates: Candidate[];
}

export interface MunicipalVoteRecord {
  marketId: string;
  candidateId: string;
}

/** "Élection Municipale Saint-Denis 2026" → "Saint-Denis". */
export function communeDisplayName(title: string): string {
  return title.replace(/^Élection Municipale /, '').replace(/ 2026$/, '');
}

/** Share of the commune's total votes, one decimal. */
export function candidateShare(votes: number, totalVotes: number): number {
  if (totalVotes === 0) return 0;
  return Math.round((votes / totalVotes) * 1000) / 10;
}

/** Votes descending, then name, so equal counts keep a stable order. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.votes !== b.votes) return b.votes - a.votes;
  return a.name.localeCompare(b.name, 'fr');
}

/** Local update after a successful municipal vote: +1 and re-sort. */
export function applyMunicipalVote(candidates: readonly Candidate[], candidateId: string): Candidate[] {
  return candidates
    .map((candidate) => (candidate.id === candidateId ? { ...candidate, votes: candidate.votes + 1 } : candidate))
    .sort(compareCandidates);
}
