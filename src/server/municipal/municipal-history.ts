import type { CommuneHistory } from '../../shared/api/municipal.js';
import type { HistoryRange } from '../../shared/history.js';
import type { Database } from '../db/database.js';
import { PastPointsCache } from '../history/past-points-cache.js';
import { communeVotesBeforeInstants } from '../history/history-repository.js';
import { communeExists, firstMunicipalVoteAt, listCandidates } from './municipal-repository.js';

/**
 * How each candidate's share of a commune moved: the past points (kept per step, see PastPointsCache), then
 * today's counts. Past points are kept per candidate id, so a candidate added or removed since only changes
 * which columns are sent.
 */
export class MunicipalHistoryService {
  private readonly past = new PastPointsCache<{ at: string; votes: Record<string, number> }>();

  constructor(private readonly deps: { database: Database; clock: () => Date }) {}

  /** Undefined when there is no such commune. */
  async get(communeId: string, range: HistoryRange): Promise<CommuneHistory | undefined> {
    const { db, dialect } = this.deps.database;
    if (!(await communeExists(db, dialect, communeId))) return undefined;
    const now = this.deps.clock();
    const [candidates, past] = await Promise.all([
      listCandidates(db, communeId),
      this.past.get(communeId, range, now.getTime(), {
        firstVote: async () => {
          const first = await firstMunicipalVoteAt(db, communeId);
          return first === null ? null : Date.parse(first);
        },
        points: async (instants) => {
          const counts = await communeVotesBeforeInstants(db, communeId, instants);
          return counts.map((votes, index) => ({ at: instants[index]!, votes }));
        },
      }),
    ]);
    return {
      communeId,
      range,
      candidates: candidates.map(({ id, name }) => ({ id, name })),
      points: [
        ...past.map((point) => ({ at: point.at, votes: candidates.map((candidate) => point.votes[candidate.id] ?? 0) })),
        { at: now.toISOString(), votes: candidates.map((candidate) => candidate.votes) },
      ],
    };
  }

  invalidate(communeId: string): void {
    this.past.invalidate(communeId);
  }
}
