import { describe, expect, it } from 'vitest';
import { findBursts, type BurstSignal } from './burst-rule.js';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const MINUTE = 60_000;
let serial = 0;

/** A vote from a fresh identity (issued 5 minutes before) unless `issuedAtMs` says otherwise. */
function vote(origin: string, side: string, atMs: number, issuedAtMs: number | null = atMs - 5 * MINUTE): BurstSignal {
  serial += 1;
  return { fingerprint: `device-${serial}`, side, origin, issuedAtMs, atMs };
}

/** `count` votes from one origin spread evenly over `spanMs`, the first `yes` of them OUI. */
function fromOrigin(origin: string, count: number, yes: number, startMs = T0, spanMs = 2 * MINUTE): BurstSignal[] {
  return Array.from({ length: count }, (_, index) =>
    vote(origin, index < yes ? 'yes' : 'no', startMs + Math.floor((index * spanMs) / count)),
  );
}

describe('findBursts', () => {
  it('40 fresh votes of one origin, all OUI, make a burst; 39 do not', () => {
    expect(findBursts(fromOrigin('a', 39, 39))).toEqual([]);
    const [burst, ...others] = findBursts(fromOrigin('a', 40, 40));
    expect(others).toEqual([]);
    expect(burst).toMatchObject({ side: 'yes', origins: 1, fresh: 40, medianAgeMinutes: 5 });
    expect(burst!.members).toHaveLength(40);
  });

  it('90 % on one side makes a burst of that side only; 89 % does not', () => {
    expect(findBursts(fromOrigin('a', 100, 89))).toEqual([]);
    const bursts = findBursts(fromOrigin('a', 100, 90));
    expect(bursts.map((burst) => [burst.side, burst.members.length])).toEqual([['yes', 90]]);
  });

  it('identities older than an hour, or undated, never count towards the 40', () => {
    const old = Array.from({ length: 60 }, (_, index) => vote('a', 'yes', T0 + index * 1000, T0 - 61 * MINUTE));
    const undated = Array.from({ length: 60 }, (_, index) => vote('b', 'yes', T0 + index * 1000, null));
    expect(findBursts([...old, ...undated])).toEqual([]);
  });

  it('40 votes spread over more than 10 minutes are no burst', () => {
    expect(findBursts(fromOrigin('a', 40, 40, T0, 20 * MINUTE))).toEqual([]);
  });

  it('5 origins × 100 fresh OUI among 200 honest votes: one burst of 500 from 5 origins', () => {
    const attack = ['a', 'b', 'c', 'd', 'e'].flatMap((origin, index) => fromOrigin(origin, 100, 100, T0 + index * 10_000));
    const honest = Array.from({ length: 200 }, (_, index) =>
      vote(`h${index}`, index % 2 === 0 ? 'yes' : 'no', T0 + index * 600, T0 - 40 * 24 * 60 * MINUTE),
    );
    const bursts = findBursts([...honest, ...attack]);
    expect(bursts.map((burst) => ({ side: burst.side, votes: burst.members.length, origins: burst.origins }))).toEqual([
      { side: 'yes', votes: 500, origins: 5 },
    ]);
  });

  it('flagged votes less than 10 minutes apart merge; farther apart they are two bursts', () => {
    const close = [...fromOrigin('a', 50, 50, T0), ...fromOrigin('b', 50, 50, T0 + 11 * MINUTE)];
    expect(findBursts(close).map((burst) => burst.members.length)).toEqual([100]);
    const far = [...fromOrigin('a', 50, 50, T0), ...fromOrigin('b', 50, 50, T0 + 30 * MINUTE)];
    expect(findBursts(far).map((burst) => burst.members.length)).toEqual([50, 50]);
  });

  it('a decided span is not found again; later flagged votes make a burst of their own', () => {
    const votes = [...fromOrigin('a', 50, 50, T0), ...fromOrigin('a', 50, 50, T0 + 30 * MINUTE)];
    const bursts = findBursts(votes, [{ side: 'yes', firstMs: T0, lastMs: T0 + 2 * MINUTE }]);
    expect(bursts.map((burst) => [burst.firstMs, burst.members.length])).toEqual([[T0 + 30 * MINUTE, 50]]);
  });

  it('an organic surge: 5,000 votes from 2,500 origins on one commune within 30 minutes is no burst', () => {
    const candidates = ['anne', 'paul', 'marie', 'jean'];
    const votes = Array.from({ length: 5000 }, (_, index) =>
      vote(`o${index % 2500}`, candidates[index % 4]!, T0 + Math.floor((index * 30 * MINUTE) / 5000)),
    );
    expect(findBursts(votes)).toEqual([]);
  });

  it('500 fresh devices behind one origin, each on 5 of 32 predictions, both sides at random: no burst on any', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const byMarket = new Map<number, BurstSignal[]>();
    for (let device = 0; device < 500; device++) {
      const chosen = new Set<number>();
      while (chosen.size < 5) chosen.add(Math.floor(random() * 32));
      for (const market of chosen) {
        const list = byMarket.get(market) ?? [];
        list.push(vote('school', random() < 0.5 ? 'yes' : 'no', T0 + Math.floor(random() * 10 * MINUTE)));
        byMarket.set(market, list);
      }
    }
    expect(Math.max(...[...byMarket.values()].map((list) => list.length))).toBeGreaterThanOrEqual(40);
    for (const list of byMarket.values()) expect(findBursts(list)).toEqual([]);
  });

  it('a device voting twice counts once, on the side it ended on', () => {
    const votes = fromOrigin('a', 40, 40);
    const switched = votes.map((signal) => ({ ...signal, side: 'no', atMs: signal.atMs + 1000 }));
    const bursts = findBursts([...votes, ...switched]);
    expect(bursts.map((burst) => [burst.side, burst.members.length])).toEqual([['no', 40]]);
  });
});
