import { describe, expect, it } from 'vitest';
import { toMarketView, type Market, type VoteType } from './market.js';
import { brierTerm, compareScores, crowdVerdict, crowdYesShare, trackRecord } from './track-record.js';

const PAST = '2026-01-15T12:00:00.000Z';
const FUTURE = '2099-01-15T12:00:00.000Z';

function market(id: string, fields: Partial<Pick<Market, 'yesVotes' | 'noVotes' | 'resolved' | 'outcome' | 'endDate'>>): Market {
  return toMarketView({
    id,
    title: `Prédiction ${id}`,
    description: '',
    category: 'culture',
    endDate: PAST,
    yesVotes: 0,
    noVotes: 0,
    trending: false,
    resolved: true,
    outcome: 'yes',
    ...fields,
  });
}

function votes(entries: Record<string, VoteType>): ReadonlyMap<string, VoteType> {
  return new Map(Object.entries(entries));
}

describe('trackRecord', () => {
  it('no resolved vote: an empty record, no average, no comparison', () => {
    const markets = [
      market('ouverte', { resolved: false, outcome: null, endDate: FUTURE, yesVotes: 2 }),
      market('resolue-sans-vote', { yesVotes: 3, noVotes: 1 }),
    ];
    expect(trackRecord(markets, votes({ ouverte: 'yes' }))).toEqual({
      entries: [],
      deviceRightCount: 0,
      crowdRightCount: 0,
      crowdEvenCount: 0,
      deviceBrier: null,
      crowdBrier: null,
      comparison: null,
    });
    expect(trackRecord([], votes({})).deviceBrier).toBeNull();
  });

  it('one prediction: OUI on a OUI outcome, crowd at 75 % OUI', () => {
    const record = trackRecord([market('a', { yesVotes: 3, noVotes: 1 })], votes({ a: 'yes' }));
    expect(record.entries).toHaveLength(1);
    expect(record.entries[0]).toMatchObject({
      vote: 'yes',
      outcome: 'yes',
      deviceRight: true,
      deviceBrier: 0,
      crowdYesShare: 0.75,
      crowdVerdict: 'right',
      crowdBrier: 0.0625,
    });
    expect(record).toMatchObject({
      deviceRightCount: 1,
      crowdRightCount: 1,
      crowdEvenCount: 0,
      deviceBrier: 0,
      crowdBrier: 0.0625,
      comparison: 'better',
    });
  });

  it('NON and OUI votes, crowd at 50 %, 0 % and 100 %, a market only this device voted on', () => {
    const markets = [
      market('non-juste', { outcome: 'no', yesVotes: 1, noVotes: 3, endDate: '2026-03-01T00:00:00.000Z' }),
      market('egalite', { outcome: 'no', yesVotes: 2, noVotes: 2, endDate: '2026-02-01T00:00:00.000Z' }),
      market('foule-a-zero', { outcome: 'yes', yesVotes: 0, noVotes: 5, endDate: '2026-04-01T00:00:00.000Z' }),
      market('foule-a-cent', { outcome: 'yes', yesVotes: 4, noVotes: 0, endDate: '2026-01-01T00:00:00.000Z' }),
      market('seul-votant', { outcome: 'no', yesVotes: 0, noVotes: 1, endDate: '2026-05-01T00:00:00.000Z' }),
      // Resolved before its end date: resolution is what counts.
      market('resolue-en-avance', { outcome: 'yes', yesVotes: 1, noVotes: 1, endDate: FUTURE }),
      // Not counted: still open, ended but not resolved, resolved without this device's vote.
      market('ouverte', { resolved: false, outcome: null, endDate: FUTURE, yesVotes: 9 }),
      market('terminee-non-resolue', { resolved: false, outcome: null, yesVotes: 1, noVotes: 1 }),
      market('sans-mon-vote', { outcome: 'no', yesVotes: 7, noVotes: 1 }),
    ];
    const record = trackRecord(
      markets,
      votes({
        'non-juste': 'no',
        egalite: 'yes',
        'foule-a-zero': 'no',
        'foule-a-cent': 'yes',
        'seul-votant': 'no',
        'resolue-en-avance': 'yes',
        ouverte: 'yes',
        'terminee-non-resolue': 'no',
      }),
    );
    expect(
      record.entries.map((entry) => [
        entry.market.id,
        entry.deviceRight,
        entry.deviceBrier,
        entry.crowdYesShare,
        entry.crowdVerdict,
        entry.crowdBrier,
      ]),
    ).toEqual([
      ['resolue-en-avance', true, 0, 0.5, 'even', 0.25],
      ['seul-votant', true, 0, 0, 'right', 0],
      ['foule-a-zero', false, 1, 0, 'wrong', 1],
      ['non-juste', true, 0, 0.25, 'right', 0.0625],
      ['egalite', false, 1, 0.5, 'even', 0.25],
      ['foule-a-cent', true, 0, 1, 'right', 0],
    ]);
    expect(record.deviceRightCount).toBe(4);
    expect(record.crowdRightCount).toBe(3);
    expect(record.crowdEvenCount).toBe(2);
    // (0 + 0 + 1 + 0 + 1 + 0) / 6 and (0.25 + 0 + 1 + 0.0625 + 0.25 + 0) / 6 = 1.5625 / 6
    expect(record.deviceBrier).toBeCloseTo(0.333333, 6);
    expect(record.crowdBrier).toBeCloseTo(0.260417, 6);
    expect(record.comparison).toBe('worse');
  });

  it('equal when both scores show the same at two decimals', () => {
    // Device 0, crowd (0.96 − 1)² = 0.0016: both show 0,00.
    const record = trackRecord([market('a', { yesVotes: 24, noVotes: 1 })], votes({ a: 'yes' }));
    expect(record.crowdBrier).toBeCloseTo(0.0016, 10);
    expect(record.comparison).toBe('equal');
  });
});

describe('the parts of the rule', () => {
  it('crowd share: 0.5 when nobody voted', () => {
    expect(crowdYesShare({ yesVotes: 0, noVotes: 0 })).toBe(0.5);
    expect(crowdYesShare({ yesVotes: 1, noVotes: 3 })).toBe(0.25);
  });

  it('Brier term: (p − o)²', () => {
    expect(brierTerm(1, 'yes')).toBe(0);
    expect(brierTerm(1, 'no')).toBe(1);
    expect(brierTerm(0, 'no')).toBe(0);
    expect(brierTerm(0.5, 'yes')).toBe(0.25);
    expect(brierTerm(0.5, 'no')).toBe(0.25);
    expect(brierTerm(0.8, 'no')).toBeCloseTo(0.64, 10);
  });

  it('crowd verdict: exactly 50 % is neither right nor wrong', () => {
    expect(crowdVerdict(0.5, 'yes')).toBe('even');
    expect(crowdVerdict(0.5, 'no')).toBe('even');
    expect(crowdVerdict(0.51, 'yes')).toBe('right');
    expect(crowdVerdict(0.49, 'yes')).toBe('wrong');
    expect(crowdVerdict(0.49, 'no')).toBe('right');
    expect(crowdVerdict(1, 'no')).toBe('wrong');
  });

  it('comparison: lower is better, equal within the displayed rounding', () => {
    expect(compareScores(0.1, 0.3)).toBe('better');
    expect(compareScores(0.3, 0.1)).toBe('worse');
    expect(compareScores(0.25, 0.254)).toBe('equal');
    // 0,25 against 0,26 on screen: not equal, even though they differ by only 0.002.
    expect(compareScores(0.254, 0.256)).toBe('better');
  });
});
