import { randomBytes } from 'node:crypto';
import { isMarketOpen, type Market } from '../../src/shared/market.js';

/** A fresh device identity: 64 lowercase hex characters, like the browser's SHA-256 fingerprint. */
export function newFingerprint(): string {
  return randomBytes(32).toString('hex');
}

export async function fetchMarkets(base: string): Promise<Market[]> {
  const response = await fetch(`${base}/api/markets`);
  if (!response.ok) throw new Error(`GET /api/markets answered ${response.status}`);
  return (await response.json()) as Market[];
}

/** The ids of the markets that accept votes now. */
export async function openMarketIds(base: string): Promise<string[]> {
  const now = new Date();
  const ids = (await fetchMarkets(base)).filter((market) => isMarketOpen(market, now)).map((market) => market.id);
  if (ids.length === 0) throw new Error('no open market to vote on');
  return ids;
}

/** A vote body spread over the open markets, OUI and NON alternating. */
export function voteBody(marketIds: readonly string[], sequence: number): string {
  const marketId = marketIds[sequence % marketIds.length] ?? '';
  return JSON.stringify({ marketId, voteType: sequence % 2 === 0 ? 'yes' : 'no', fingerprint: newFingerprint() });
}

export interface VoteAck {
  marketId: string;
  totalVotes: number;
  /** Epoch milliseconds (sub-millisecond precision), comparable across processes. */
  ackAt: number;
}

export function now(): number {
  return performance.timeOrigin + performance.now();
}

/** Casts one vote and returns when the server has acknowledged it. */
export async function castVote(base: string, marketId: string, voteType: 'yes' | 'no'): Promise<VoteAck> {
  const response = await fetch(`${base}/api/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marketId, voteType, fingerprint: newFingerprint() }),
  });
  const body = (await response.json()) as { market?: Market };
  const ackAt = now();
  if (!response.ok || !body.market) throw new Error(`POST /api/votes answered ${response.status}`);
  return { marketId, totalVotes: body.market.totalVotes, ackAt };
}

export interface VoteLoad {
  ok: number;
  failed: number;
  okPerSecond: number;
  p50: number;
  p99: number;
}

/** `concurrency` loops casting votes one after another for `seconds`, with fetch. */
export async function voteLoad(
  base: string,
  marketIds: readonly string[],
  concurrency: number,
  seconds: number,
): Promise<VoteLoad> {
  const started = now();
  const until = started + seconds * 1_000;
  const latencies: number[] = [];
  let failed = 0;
  let sequence = 0;
  const loop = async () => {
    while (now() < until) {
      const index = sequence++;
      const sent = now();
      try {
        await castVote(base, marketIds[index % marketIds.length] ?? '', index % 2 === 0 ? 'yes' : 'no');
        latencies.push(now() - sent);
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? Number.NaN;
  return { ok: latencies.length, failed, okPerSecond: latencies.length / elapsed, p50: at(50), p99: at(99) };
}
