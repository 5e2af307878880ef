import { describe, expect, it } from 'vitest';
import { applyMunicipalVote, candidateShare, communeDisplayName, isMunicipalVoteOpen } from './municipal.js';

describe('candidateShare: one decimal of the commune’s total', () => {
  it('0 when the commune has no vote yet', () => {
    expect(candidateShare(0, 0)).toBe(0);
  });

  it('rounds an exact half of a tenth up', () => {
    expect(candidateShare(201, 400)).toBe(50.3); // 50.25 %
    expect(candidateShare(1003, 2000)).toBe(50.2); // 50.15 %
    expect(candidateShare(1, 2000)).toBe(0.1); // 0.05 %
    expect(candidateShare(1, 8)).toBe(12.5);
    expect(candidateShare(3, 8)).toBe(37.5);
  });

  it('rounds to the nearest tenth away from halves', () => {
    expect(candidateShare(1, 3)).toBe(33.3);
    expect(candidateShare(2, 3)).toBe(66.7);
    expect(candidateShare(1, 2001)).toBe(0);
    expect(candidateShare(7, 7)).toBe(100);
  });
});

describe('communeDisplayName', () => {
  it('drops the prefix and the suffix only at the ends', () => {
    expect(communeDisplayName('Élection Municipale Saint-Denis 2026')).toBe('Saint-Denis');
    expect(communeDisplayName('Élection Municipale Les Trois-Bassins 2026')).toBe('Les Trois-Bassins');
    expect(communeDisplayName('Saint-Paul 2026 bis')).toBe('Saint-Paul 2026 bis');
  });
});

describe('isMunicipalVoteOpen', () => {
  it('open without an end; closed from the end on', () => {
    const end = '2026-03-22T14:00:00.000Z';
    expect(isMunicipalVoteOpen(null, new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
    expect(isMunicipalVoteOpen(end, new Date('2026-03-22T13:59:59.999Z'))).toBe(true);
    expect(isMunicipalVoteOpen(end, new Date('2026-03-22T14:00:00.000Z'))).toBe(false);
  });
});

describe('applyMunicipalVote', () => {
  it('adds one vote and re-sorts, equal counts by name', () => {
    const after = applyMunicipalVote(
      [
        { id: 'a', name: 'Anne', votes: 5 },
        { id: 'b', name: 'Bruno', votes: 4 },
        { id: 'c', name: 'Céline', votes: 4 },
      ],
      'c',
    );
    expect(after.map((candidate) => [candidate.id, candidate.votes])).toEqual([
      ['a', 5],
      ['c', 5],
      ['b', 4],
    ]);
  });
});
