import { describe, expect, it } from 'vitest';
import type { Candidate, Commune } from '../../../../shared/municipal.js';
import { addVoteRecord, applyVoteToCommunes, hasVotedIn, mergeCandidates, mergeCommune } from './commune-cache.js';

const candidates: Candidate[] = [
  { id: 'x', name: 'Xavier', votes: 10 },
  { id: 'y', name: 'Yasmine', votes: 9 },
  { id: 'z', name: 'Zoé', votes: 3 },
];

function commune(id: string, createdAt: string, totalVotes = 22): Commune {
  return { id, title: `Élection Municipale ${id} 2026`, trending: false, createdAt, totalVotes, candidates };
}

describe('mergeCommune', () => {
  const list = [commune('a', '2026-01-03T00:00:00Z'), commune('b', '2026-01-01T00:00:00Z')];

  it('replaces a known commune in place', () => {
    const updated = { ...commune('b', '2026-01-01T00:00:00Z'), totalVotes: 99 };
    expect(mergeCommune(list, updated)).toEqual([list[0], updated]);
  });

  it('adds an unknown commune at its date position', () => {
    const added = commune('c', '2026-01-02T00:00:00Z');
    expect(mergeCommune(list, added).map((c) => c.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('mergeCandidates', () => {
  const all: Candidate[] = [...candidates, { id: 'w', name: 'Willy', votes: 1 }];

  it('takes fresher counts from the top three and re-sorts', () => {
    const merged = mergeCandidates(all, [
      { id: 'y', name: 'Yasmine', votes: 12 },
      { id: 'x', name: 'Xavier', votes: 10 },
      { id: 'z', name: 'Zoé', votes: 3 },
    ]);
    expect(merged?.map((c) => [c.id, c.votes])).toEqual([
      ['y', 12],
      ['x', 10],
      ['z', 3],
      ['w', 1],
    ]);
  });

  it('never lowers a count', () => {
    expect(mergeCandidates(all, [{ id: 'x', name: 'Xavier', votes: 2 }])?.[0]).toEqual({ id: 'x', name: 'Xavier', votes: 10 });
  });

  it('leaves an unloaded detail unloaded', () => {
    expect(mergeCandidates(undefined, candidates)).toBeUndefined();
  });
});

describe('applyVoteToCommunes', () => {
  const list = [commune('a', '2026-01-03T00:00:00Z'), commune('b', '2026-01-01T00:00:00Z')];

  it('adds one vote to the commune and re-sorts its top three', () => {
    const next = applyVoteToCommunes(applyVoteToCommunes(list, 'b', 'y'), 'b', 'y');
    expect(next?.[1]?.totalVotes).toBe(24);
    expect(next?.[1]?.candidates.map((c) => [c.id, c.votes])).toEqual([
      ['y', 11],
      ['x', 10],
      ['z', 3],
    ]);
    expect(next?.[0]).toBe(list[0]);
  });

  it('uses the full candidate list when given', () => {
    const all: Candidate[] = [{ id: 'w', name: 'Willy', votes: 40 }, ...candidates];
    expect(applyVoteToCommunes(list, 'a', 'w', all)?.[0]?.candidates.map((c) => c.id)).toEqual(['w', 'x', 'y']);
  });
});

describe('vote records', () => {
  it('records one vote per commune', () => {
    const records = addVoteRecord([{ marketId: 'a', candidateId: 'x' }], { marketId: 'b', candidateId: 'y' });
    expect(hasVotedIn(records, 'a')).toBe(true);
    expect(hasVotedIn(records, 'b')).toBe(true);
    expect(hasVotedIn(records, 'c')).toBe(false);
    expect(hasVotedIn(undefined, 'a')).toBe(false);
  });
});
