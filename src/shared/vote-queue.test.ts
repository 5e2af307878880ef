import { describe, expect, it } from 'vitest';
import { toMarketView, type Market, type VoteType } from './market.js';
import { chainTally, stillOffered, tallySentence, voteQueue } from './vote-queue.js';

// 10:00 in La Réunion on 15 March 2026.
const NOW = new Date('2026-03-15T06:00:00.000Z');

function market(id: string, fields: Partial<Pick<Market, 'endDate' | 'resolved' | 'outcome' | 'trending'>> = {}): Market {
  return toMarketView({
    id,
    title: `Prédiction ${id}`,
    description: '',
    category: 'culture',
    endDate: '2026-04-01T12:00:00.000Z',
    yesVotes: 3,
    noVotes: 1,
    trending: false,
    resolved: false,
    outcome: null,
    ...fields,
  });
}

function votes(entries: Record<string, VoteType> = {}): ReadonlyMap<string, VoteType> {
  return new Map(Object.entries(entries));
}

const ids = (markets: readonly Market[]) => markets.map((item) => item.id);

describe('voteQueue', () => {
  it('nothing to offer: no prediction at all', () => {
    expect(voteQueue([], votes(), NOW)).toEqual([]);
  });

  it('leaves out the predictions already voted OUI and NON', () => {
    const markets = [market('a'), market('b'), market('c')];
    expect(ids(voteQueue(markets, votes({ a: 'yes', c: 'no' }), NOW))).toEqual(['b']);
    expect(voteQueue(markets, votes({ a: 'yes', b: 'no', c: 'yes' }), NOW)).toEqual([]);
  });

  it('leaves out a prediction that ended earlier today, keeps one that ends later today', () => {
    const markets = [
      market('finie-ce-matin', { endDate: '2026-03-15T04:00:00.000Z' }),
      market('finie-a-l-instant', { endDate: '2026-03-15T06:00:00.000Z' }),
      market('finit-ce-soir', { endDate: '2026-03-15T15:00:00.000Z' }),
    ];
    expect(ids(voteQueue(markets, votes(), NOW))).toEqual(['finit-ce-soir']);
  });

  it('leaves out a prediction resolved before its end date', () => {
    const markets = [
      market('resolue', { resolved: true, outcome: 'yes', endDate: '2027-01-01T00:00:00.000Z' }),
      market('ouverte'),
    ];
    expect(ids(voteQueue(markets, votes(), NOW))).toEqual(['ouverte']);
  });

  it('trending first, then the soonest to close, then by id', () => {
    const markets = [
      market('z-loin', { endDate: '2026-09-01T00:00:00.000Z' }),
      market('tendance-loin', { trending: true, endDate: '2026-12-01T00:00:00.000Z' }),
      market('b-proche', { endDate: '2026-03-20T00:00:00.000Z' }),
      market('a-proche', { endDate: '2026-03-20T00:00:00.000Z' }),
      market('tendance-proche', { trending: true, endDate: '2026-03-16T00:00:00.000Z' }),
    ];
    expect(ids(voteQueue(markets, votes({ 'tendance-proche': 'no' }), NOW))).toEqual([
      'tendance-loin',
      'a-proche',
      'b-proche',
      'z-loin',
    ]);
  });

  it('leaves the list it was given untouched', () => {
    const markets = [market('b'), market('a', { trending: true })];
    voteQueue(markets, votes(), NOW);
    expect(ids(markets)).toEqual(['b', 'a']);
  });
});

describe('stillOffered', () => {
  it('open and not voted: yes; closed, resolved, voted or gone: no', () => {
    expect(stillOffered(market('a'), votes(), NOW)).toBe(true);
    expect(stillOffered(market('a', { endDate: '2026-03-15T05:59:59.000Z' }), votes(), NOW)).toBe(false);
    expect(stillOffered(market('a', { resolved: true, outcome: 'no' }), votes(), NOW)).toBe(false);
    expect(stillOffered(market('a'), votes({ a: 'no' }), NOW)).toBe(false);
    expect(stillOffered(undefined, votes(), NOW)).toBe(false);
  });
});

describe('chainTally and tallySentence', () => {
  it('counts each action', () => {
    expect(chainTally(['yes', 'skip', 'no', 'yes', 'skip', 'skip'])).toEqual({ yes: 2, no: 1, skipped: 3 });
    expect(chainTally([])).toEqual({ yes: 0, no: 0, skipped: 0 });
  });

  it('says the three counts, "passée" singular for 0 and 1', () => {
    expect(tallySentence({ yes: 2, no: 1, skipped: 3 })).toBe('2 OUI, 1 NON, 3 passées');
    expect(tallySentence({ yes: 1, no: 1, skipped: 1 })).toBe('1 OUI, 1 NON, 1 passée');
    expect(tallySentence({ yes: 0, no: 0, skipped: 0 })).toBe('0 OUI, 0 NON, 0 passée');
  });
});
