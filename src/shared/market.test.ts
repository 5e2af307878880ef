import { describe, expect, it } from 'vitest';
import {
  applyVote,
  daysRemaining,
  isMarketOpen,
  preciseShare,
  probabilityLabel,
  remainingLabel,
  roundedPercentages,
  toMarketView,
} from './market.js';

describe('roundedPercentages: card shares, integers', () => {
  it('50/50 when nobody voted', () => {
    expect(roundedPercentages({ yesVotes: 0, noVotes: 0 })).toEqual({ yesPercentage: 50, noPercentage: 50 });
  });

  it('rounds an exact half up, even where (part / total) × 100 falls just under it in binary', () => {
    // 23 of 40 is exactly 57.5 % and 17 of 40 exactly 42.5 %.
    expect(roundedPercentages({ yesVotes: 23, noVotes: 17 })).toEqual({ yesPercentage: 58, noPercentage: 43 });
    // 29 of 200 is exactly 14.5 %, 171 of 200 exactly 85.5 %.
    expect(roundedPercentages({ yesVotes: 29, noVotes: 171 })).toEqual({ yesPercentage: 15, noPercentage: 86 });
    // 1 of 8 is 12.5 %: each side is rounded on its own, as the specification says, so they may add up to 101.
    expect(roundedPercentages({ yesVotes: 1, noVotes: 7 })).toEqual({ yesPercentage: 13, noPercentage: 88 });
    // 1 of 200 is 0.5 %.
    expect(roundedPercentages({ yesVotes: 1, noVotes: 199 })).toEqual({ yesPercentage: 1, noPercentage: 100 });
  });

  it('rounds to the nearest integer away from halves', () => {
    expect(roundedPercentages({ yesVotes: 1, noVotes: 2 })).toEqual({ yesPercentage: 33, noPercentage: 67 });
    expect(roundedPercentages({ yesVotes: 1, noVotes: 201 })).toEqual({ yesPercentage: 0, noPercentage: 100 });
    expect(roundedPercentages({ yesVotes: 0, noVotes: 5 })).toEqual({ yesPercentage: 0, noPercentage: 100 });
  });
});

describe('preciseShare: detail shares, one decimal', () => {
  it('50 when nobody voted', () => {
    expect(preciseShare(0, 0)).toBe(50);
  });

  it('rounds an exact half of a tenth up', () => {
    expect(preciseShare(201, 400)).toBe(50.3); // 50.25 %
    expect(preciseShare(203, 400)).toBe(50.8); // 50.75 %
    expect(preciseShare(1003, 2000)).toBe(50.2); // 50.15 %
    expect(preciseShare(1, 2000)).toBe(0.1); // 0.05 %
    expect(preciseShare(1, 8)).toBe(12.5);
  });

  it('rounds to the nearest tenth away from halves', () => {
    expect(preciseShare(1, 3)).toBe(33.3);
    expect(preciseShare(2, 3)).toBe(66.7);
    expect(preciseShare(1, 2001)).toBe(0);
    expect(preciseShare(2000, 2000)).toBe(100);
  });
});

describe('probabilityLabel: the ring', () => {
  it('"<1" strictly between 0 and 1 %, and at 0 % with votes', () => {
    expect(probabilityLabel({ yesVotes: 1, noVotes: 199 })).toBe('<1'); // 0.5 %
    expect(probabilityLabel({ yesVotes: 24, noVotes: 2476 })).toBe('<1'); // 0.96 %, 1.0 at one decimal
    expect(probabilityLabel({ yesVotes: 1, noVotes: 1000 })).toBe('<1'); // 0.0999 %
    expect(probabilityLabel({ yesVotes: 0, noVotes: 5 })).toBe('<1');
  });

  it('the card’s integer from exactly 1 % up', () => {
    expect(probabilityLabel({ yesVotes: 1, noVotes: 99 })).toBe('1');
    expect(probabilityLabel({ yesVotes: 3, noVotes: 197 })).toBe('2'); // 1.5 %
    expect(probabilityLabel({ yesVotes: 23, noVotes: 17 })).toBe('58'); // 57.5 %
    expect(probabilityLabel({ yesVotes: 199, noVotes: 1 })).toBe('100'); // 99.5 %
    expect(probabilityLabel({ yesVotes: 5, noVotes: 0 })).toBe('100');
  });

  it('rounds the exact share once: 12.46 % is 12, not 12.5 then 13', () => {
    expect(probabilityLabel({ yesVotes: 623, noVotes: 4377 })).toBe('12');
  });

  it('50 when nobody voted', () => {
    expect(probabilityLabel({ yesVotes: 0, noVotes: 0 })).toBe('50');
  });
});

describe('daysRemaining and the card label', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const cases = [
    ['exactly three days', '2026-11-26T12:00:00.000Z', 3, '3j restants'],
    ['two days and a quarter, rounded up', '2026-11-25T18:00:00.000Z', 3, '3j restants'],
    ['one day and a millisecond', '2026-11-24T12:00:00.001Z', 2, '2j restants'],
    ['exactly one day', '2026-11-24T12:00:00.000Z', 1, '1j restants'],
    ['a millisecond', '2026-11-23T12:00:00.001Z', 1, '1j restants'],
    ['ending now', '2026-11-23T12:00:00.000Z', 0, 'Terminé'],
    ['ended a millisecond ago', '2026-11-23T11:59:59.999Z', 0, 'Terminé'],
    ['ended 23 hours ago', '2026-11-22T13:00:00.000Z', 0, 'Terminé'],
    ['ended a day ago', '2026-11-22T12:00:00.000Z', -1, 'Terminé'],
    ['ended a day and a half ago', '2026-11-22T00:00:00.000Z', -1, 'Terminé'],
  ] as const;
  it.each(cases)('%s: %s', (_name, endDate, days, label) => {
    expect(daysRemaining(endDate, now)).toBe(days);
    expect(remainingLabel({ endDate, resolved: false }, now)).toBe(label);
  });
});

describe('remainingLabel of a resolved prediction', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it.each([
    ['75 days ahead', '2027-02-06T12:00:00.000Z'],
    ['a millisecond ahead', '2026-11-23T12:00:00.001Z'],
    ['ending now', '2026-11-23T12:00:00.000Z'],
    ['ended a day ago', '2026-11-22T12:00:00.000Z'],
  ] as const)('resolved, end date %s: "Résolu", never a countdown', (_name, endDate) => {
    expect(remainingLabel({ endDate, resolved: true }, now)).toBe('Résolu');
  });
});

describe('isMarketOpen', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it('open until its end date, ended from it', () => {
    expect(isMarketOpen({ endDate: '2026-11-23T12:00:00.001Z', resolved: false }, now)).toBe(true);
    expect(isMarketOpen({ endDate: '2026-11-23T12:00:00.000Z', resolved: false }, now)).toBe(false);
    expect(isMarketOpen({ endDate: '2026-11-22T12:00:00.000Z', resolved: false }, now)).toBe(false);
  });

  it('a resolved prediction is closed even before its end date', () => {
    expect(isMarketOpen({ endDate: '2027-01-01T00:00:00.000Z', resolved: true }, now)).toBe(false);
  });
});

describe('applyVote: local arithmetic', () => {
  const market = toMarketView({
    id: 'essai',
    title: 'Essai',
    description: '',
    category: 'social',
    endDate: '2027-01-01T00:00:00.000Z',
    yesVotes: 22,
    noVotes: 17,
    trending: false,
    resolved: false,
    outcome: null,
  });

  it('a first vote adds a participant and recomputes the rounded shares', () => {
    expect(applyVote(market, 'yes', null)).toMatchObject({
      yesVotes: 23,
      noVotes: 17,
      totalVotes: 40,
      yesPercentage: 58,
      noPercentage: 43,
    });
  });

  it('a change moves one vote with no extra participant; a repeat changes nothing', () => {
    expect(applyVote(market, 'no', 'yes')).toMatchObject({ yesVotes: 21, noVotes: 18, totalVotes: 39 });
    expect(applyVote(market, 'yes', 'yes')).toBe(market);
  });
});
