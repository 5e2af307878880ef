import type { z } from 'zod';
import type { candidateSchema, communeSchema, municipalVoteRecordSchema } from './api/municipal.js';
import { percentageOf } from './percentage.js';

export type Candidate = z.output<typeof candidateSchema>;

/** A commune's election as listed: its top three candidates only. */
export type Commune = z.output<typeof communeSchema>;

export type MunicipalVoteRecord = z.output<typeof municipalVoteRecordSchema>;

/** "Saint-Denis" → "Élection Municipale Saint-Denis 2026", the title a commune's election is stored under. */
export function municipalTitle(communeName: string): string {
  return `Élection Municipale ${communeName} 2026`;
}

/** "Élection Municipale Saint-Denis 2026" → "Saint-Denis". */
export function communeDisplayName(title: string): string {
  return title.replace(/^Élection Municipale /, '').replace(/ 2026$/, '');
}

/**
 * Whether municipal votes are still taken: until `MUNICIPAL_ELECTION_END`, if an operator set one. Once it
 * has passed, results are final: new votes are refused and erasure only unlinks.
 */
export function isMunicipalVoteOpen(electionEnd: string | null, now: Date): boolean {
  return electionEnd === null || now.getTime() < Date.parse(electionEnd);
}

/** Share of the commune's total votes, one decimal. */
export function candidateShare(votes: number, totalVotes: number): number {
  if (totalVotes === 0) return 0;
  return percentageOf(votes, totalVotes, 1);
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
