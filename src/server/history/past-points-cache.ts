import { historyInstants, type HistoryRange } from '../../shared/history.js';

interface Entry<Point> {
  /** The last past instant the points were read up to: a new step means new points. */
  lastInstant: number;
  /** The "all" range starts at the first vote. */
  firstVoteMs: number | null;
  readAt: number;
  points: Point[];
}

/**
 * The past points of histories (a prediction's, a commune's), per item and range. They lie on step
 * boundaries and votes only ever arrive "now", so a new vote never changes them: they are read once per
 * step and kept. What rewrites the past (an erasure, a changed vote, a deletion) calls `invalidate` on this
 * instance; another instance's copy is read again after `maxAgeMs`.
 */
export class PastPointsCache<Point> {
  private readonly entries = new Map<string, Entry<Point>>();

  constructor(private readonly maxAgeMs = 60_000) {}

  async get(
    itemId: string,
    range: HistoryRange,
    nowMs: number,
    read: {
      /** When the item's first vote was cast (epoch ms), null when there is none; asked for the "all" range only. */
      firstVote: () => Promise<number | null>;
      /** The points at these instants (ISO 8601, ascending). */
      points: (instants: string[]) => Promise<Point[]>;
    },
  ): Promise<Point[]> {
    const key = `${itemId}\u0000${range}`;
    const cached = this.entries.get(key);
    if (cached && nowMs - cached.readAt < this.maxAgeMs) {
      const instants = historyInstants(range, nowMs, cached.firstVoteMs);
      if (instants[instants.length - 1] === cached.lastInstant) return cached.points;
    }
    const firstVoteMs = range === 'all' ? await read.firstVote() : null;
    const instants = historyInstants(range, nowMs, firstVoteMs);
    const points = await read.points(instants.map((at) => new Date(at).toISOString()));
    const lastInstant = instants[instants.length - 1];
    // Nothing voted yet ("all" has no instant): not kept, so the first votes show at once.
    if (lastInstant !== undefined) this.entries.set(key, { lastInstant, firstVoteMs, readAt: nowMs, points });
    return points;
  }

  invalidate(itemId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${itemId}\u0000`)) this.entries.delete(key);
  }
}
