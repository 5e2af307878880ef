import { COMMUNE, OPEN_MARKETS } from './fixtures.js';
import { newFingerprint } from '../../support/test-server.js';

export type AckedVote =
  | { kind: 'market'; marketId: string; fingerprint: string; voteType: 'yes' | 'no' }
  | { kind: 'municipal'; candidateId: string; fingerprint: string };

export interface LoadStats {
  acked: AckedVote[];
  sent: number;
  statuses: Map<number, number>;
  /** Requests that got no HTTP answer (connection refused or cut). */
  networkErrors: number;
  /** One answer body and Retry-After per status seen. */
  samples?: Map<number, { body: string; retryAfter: string | null }>;
}

export interface LoadRun {
  stats: LoadStats;
  /** Stops sending and waits for the requests in flight to settle. */
  stop(): Promise<void>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/**
 * Steady vote load: `workers` loops, each sending one new vote after the other (a fresh device each
 * time, so every acknowledged vote is a distinct row to look for), one in eight on the commune.
 * `target` may change while running (a restarted server gets a new port).
 */
export function startVoteLoad(target: { url: string }, workers = 12, stats?: LoadStats): LoadRun {
  const run: LoadStats = stats ?? { acked: [], sent: 0, statuses: new Map(), networkErrors: 0 };
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const fingerprint = newFingerprint();
      const municipal = Math.random() < 0.125;
      const vote: AckedVote = municipal
        ? { kind: 'municipal', candidateId: pick(COMMUNE.candidates), fingerprint }
        : { kind: 'market', marketId: pick(OPEN_MARKETS), fingerprint, voteType: Math.random() < 0.5 ? 'yes' : 'no' };
      const [path, body] =
        vote.kind === 'municipal'
          ? [`/api/municipal/${COMMUNE.id}/votes`, { candidateId: vote.candidateId, fingerprint }]
          : ['/api/votes', { marketId: vote.marketId, voteType: vote.voteType, fingerprint }];
      run.sent++;
      try {
        const response = await fetch(`${target.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        const text = await response.text();
        if (run.samples && !run.samples.has(response.status)) {
          run.samples.set(response.status, { body: text, retryAfter: response.headers.get('retry-after') });
        }
        run.statuses.set(response.status, (run.statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 200 && response.status < 300) run.acked.push(vote);
      } catch {
        run.networkErrors++;
        await new Promise((done) => setTimeout(done, 20));
      }
    }
  };
  const loops = Array.from({ length: workers }, () => loop());
  return {
    stats: run,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

export function newLoadStats(): LoadStats {
  return { acked: [], sent: 0, statuses: new Map(), networkErrors: 0, samples: new Map() };
}

export function count5xx(stats: LoadStats): number {
  let total = 0;
  for (const [status, n] of stats.statuses) if (status >= 500) total += n;
  return total;
}
