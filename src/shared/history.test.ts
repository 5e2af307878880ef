import { describe, expect, it } from 'vitest';
import {
  candidateHistorySummary,
  candidateSharesAt,
  drawnShareAt,
  historyInstants,
  historySummary,
  votesInRange,
  yesShareAt,
  yesShareInterval,
} from './history.js';

const NOW = Date.parse('2026-11-23T10:47:12.000Z');

describe('historyInstants', () => {
  it('24 h: 48 half-hour steps, the last one at or before now', () => {
    const instants = historyInstants('24h', NOW, null);
    expect(instants).toHaveLength(48);
    expect(new Date(instants[47]!).toISOString()).toBe('2026-11-23T10:30:00.000Z');
    expect(new Date(instants[0]!).toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });

  it('7 days: 56 steps of 3 hours; 30 days: 60 steps of 12 hours', () => {
    const week = historyInstants('7d', NOW, null);
    expect(week).toHaveLength(56);
    expect(new Date(week[55]!).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(new Date(week[0]!).toISOString()).toBe('2026-11-16T12:00:00.000Z');
    const month = historyInstants('30d', NOW, null);
    expect(month).toHaveLength(60);
    expect(new Date(month[59]!).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(month[0]!).toISOString()).toBe('2026-10-24T12:00:00.000Z');
  });

  it('a request one step later asks for the same past points, shifted by one', () => {
    const now = historyInstants('24h', NOW, null);
    const later = historyInstants('24h', NOW + 30 * 60_000, null);
    expect(later.slice(0, 47)).toEqual(now.slice(1));
    // Within the same step, the very same points.
    expect(historyInstants('24h', NOW + 60_000, null)).toEqual(now);
  });

  it('all: nothing before the first vote; at most 60 instants however long ago it was', () => {
    expect(historyInstants('all', NOW, null)).toEqual([]);
    expect(historyInstants('all', NOW, NOW + 1)).toEqual([]);
    for (const days of [0.01, 1, 29, 400, 3000]) {
      const instants = historyInstants('all', NOW, NOW - days * 86_400_000);
      expect(instants.length).toBeGreaterThan(0);
      expect(instants.length).toBeLessThanOrEqual(60);
      expect(instants[0]).toBeLessThanOrEqual(NOW - days * 86_400_000);
      expect(instants[instants.length - 1]).toBeLessThanOrEqual(NOW);
    }
    // First vote 10 minutes ago: steps of one minute, from the minute of that vote.
    const recent = historyInstants('all', NOW, Date.parse('2026-11-23T10:37:30.000Z'));
    expect(recent.map((at) => new Date(at).toISOString().slice(11, 16))).toEqual([
      '10:37',
      '10:38',
      '10:39',
      '10:40',
      '10:41',
      '10:42',
      '10:43',
      '10:44',
      '10:45',
      '10:46',
      '10:47',
    ]);
  });
});

describe('yesShareAt and votesInRange', () => {
  it('one decimal; null when nobody has voted', () => {
    expect(yesShareAt({ yesVotes: 0, noVotes: 0 })).toBeNull();
    expect(yesShareAt({ yesVotes: 1, noVotes: 2 })).toBe(33.3);
    expect(yesShareAt({ yesVotes: 2, noVotes: 1 })).toBe(66.7);
    expect(yesShareAt({ yesVotes: 0, noVotes: 7 })).toBe(0);
    expect(yesShareAt({ yesVotes: 7, noVotes: 0 })).toBe(100);
  });

  it('counts the votes between the first and the last point', () => {
    expect(votesInRange([])).toBe(0);
    expect(votesInRange([{ yesVotes: 3, noVotes: 2 }])).toBe(0);
    expect(
      votesInRange([
        { yesVotes: 3, noVotes: 2 },
        { yesVotes: 10, noVotes: 14 },
      ]),
    ).toBe(19);
  });
});

describe('drawnShareAt', () => {
  it('nothing drawn below 20 votes in all, the share from 20 on', () => {
    expect(drawnShareAt({ yesVotes: 19, noVotes: 0 })).toBeNull();
    expect(drawnShareAt({ yesVotes: 0, noVotes: 19 })).toBeNull();
    expect(drawnShareAt({ yesVotes: 1, noVotes: 19 })).toBe(5);
    expect(drawnShareAt({ yesVotes: 0, noVotes: 20 })).toBe(0);
  });
});

describe('historySummary', () => {
  it('says where OUI went, from the first point with a vote', () => {
    const points = [
      { yesVotes: 0, noVotes: 0 },
      // Fewer than 20 votes so far: not drawn, not summed up.
      { yesVotes: 0, noVotes: 19 },
      { yesVotes: 41, noVotes: 59 },
      { yesVotes: 60, noVotes: 70 },
      { yesVotes: 92, noVotes: 108 },
    ];
    expect(historySummary(points, '7d')).toBe('OUI est passé de 41\u202f% à 46\u202f% en 7 jours');
    expect(historySummary(points, '24h')).toBe('OUI est passé de 41\u202f% à 46\u202f% en 24 heures');
    expect(historySummary(points, 'all')).toBe('OUI est passé de 41\u202f% à 46\u202f% depuis le premier vote');
  });

  it('"resté" when the rounded share did not move, NON-only and OUI-only edges included', () => {
    expect(
      historySummary(
        [
          { yesVotes: 0, noVotes: 20 },
          { yesVotes: 0, noVotes: 30 },
        ],
        '30d',
      ),
    ).toBe('OUI est resté à 0\u202f% en 30 jours');
    expect(
      historySummary(
        [
          { yesVotes: 45, noVotes: 55 },
          { yesVotes: 454, noVotes: 546 },
        ],
        '30d',
      ),
    ).toBe('OUI est resté à 45\u202f% en 30 jours');
    expect(
      historySummary(
        [
          { yesVotes: 20, noVotes: 0 },
          { yesVotes: 30, noVotes: 0 },
        ],
        '24h',
      ),
    ).toBe('OUI est resté à 100\u202f% en 24 heures');
  });

  it('null when nobody voted, or fewer than 20 in all', () => {
    expect(historySummary([], '7d')).toBeNull();
    expect(historySummary([{ yesVotes: 0, noVotes: 0 }], '7d')).toBeNull();
    expect(historySummary([{ yesVotes: 12, noVotes: 7 }], '7d')).toBeNull();
    expect(historySummary([{ yesVotes: 13, noVotes: 7 }], '7d')).toBe('OUI est resté à 65\u202f% en 7 jours');
  });
});

describe('yesShareInterval (Wilson, 95 %)', () => {
  it('none without votes', () => {
    expect(yesShareInterval(0, 0)).toBeNull();
  });
  it('one vote: very wide', () => {
    expect(yesShareInterval(1, 0)).toEqual({ low: 20.7, high: 100 });
    expect(yesShareInterval(0, 1)).toEqual({ low: 0, high: 79.3 });
  });
  it('0 % and 100 % still have a width', () => {
    expect(yesShareInterval(0, 10)).toEqual({ low: 0, high: 27.8 });
    expect(yesShareInterval(10, 0)).toEqual({ low: 72.2, high: 100 });
  });
  it('narrows as votes add up', () => {
    expect(yesShareInterval(50, 50)).toEqual({ low: 40.4, high: 59.6 });
    expect(yesShareInterval(500, 500)).toEqual({ low: 46.9, high: 53.1 });
    expect(yesShareInterval(1, 99)).toEqual({ low: 0.2, high: 5.4 });
  });
});

describe('candidate shares and summaries', () => {
  it('shares of each candidate from 20 votes in all, one decimal', () => {
    expect(candidateSharesAt([10, 9, 0])).toEqual([null, null, null]);
    expect(candidateSharesAt([10, 10, 0])).toEqual([50, 50, 0]);
    expect(candidateSharesAt([12, 6, 3])).toEqual([57.1, 28.6, 14.3]);
    expect(candidateSharesAt([])).toEqual([]);
  });

  it('from the first drawn share to the last, or "toujours" when the rounded share did not move', () => {
    expect(candidateHistorySummary('Anne Hoarau', [null, 30.4, 31, 34.2], '7d')).toBe(
      'Anne Hoarau\u00a0: de 30\u202f% à 34\u202f% en 7 jours',
    );
    expect(candidateHistorySummary('Bruno Payet', [null, 33.6, 34.4], '24h')).toBe(
      'Bruno Payet\u00a0: toujours 34\u202f% en 24 heures',
    );
    expect(candidateHistorySummary('Chloé Técher', [0, 0], 'all')).toBe(
      'Chloé Técher\u00a0: toujours 0\u202f% depuis le premier vote',
    );
    expect(candidateHistorySummary('Chloé Técher', [null, null], 'all')).toBeNull();
  });
});
