import { describe, expect, it } from 'vitest';
import type { Commune } from '../../../../shared/municipal.js';
import { sortCommunes, splitByTrending } from './sort-communes.js';

function commune(id: string, totalVotes: number, trending = false): Commune {
  return {
    id,
    title: `Élection Municipale ${id} 2026`,
    trending,
    createdAt: '2026-01-01T00:00:00.000Z',
    totalVotes,
    candidates: [],
  };
}

const list = [commune('a', 5), commune('b', 50, true), commune('c', 20), commune('d', 50)];

describe('sortCommunes', () => {
  it('puts the most voted first and keeps the API order on equal totals', () => {
    expect(sortCommunes(list, 'votes', () => 0).map((c) => c.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('orders by the random key in random mode', () => {
    const keys: Record<string, number> = { a: 0.3, b: 0.9, c: 0.1, d: 0.5 };
    expect(sortCommunes(list, 'random', (id) => keys[id] ?? 0).map((c) => c.id)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('does not change its input', () => {
    const copy = [...list];
    sortCommunes(list, 'votes', () => 0);
    expect(list).toEqual(copy);
  });
});

describe('splitByTrending', () => {
  it('separates trending communes from the others, keeping order', () => {
    const { trending, others } = splitByTrending(list);
    expect(trending.map((c) => c.id)).toEqual(['b']);
    expect(others.map((c) => c.id)).toEqual(['a', 'c', 'd']);
  });
});
