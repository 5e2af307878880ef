import { describe, expect, it } from 'vitest';
import { formatPercent } from './format.js';
import type { Market } from './market.js';
import {
  communeHash,
  communeShareDescription,
  communeSharePath,
  predictionShareDescription,
  predictionSharePath,
  predictionStatusLabel,
} from './share.js';

const NOW = new Date('2026-11-24T10:00:00.000Z');

function market(fields: Partial<Market>): Market {
  return {
    id: 'm',
    title: 'T',
    description: '',
    category: 'politique',
    endDate: '2026-12-06T00:00:00.000Z',
    yesVotes: 567,
    noVotes: 667,
    totalVotes: 1234,
    yesPercentage: 46,
    noPercentage: 54,
    trending: false,
    resolved: false,
    outcome: null,
    ...fields,
  };
}

describe('share texts', () => {
  it('writes numbers the French way, with narrow no-break spaces', () => {
    expect(formatPercent(46)).toBe('46\u202F%');
    expect(predictionShareDescription(market({}), NOW)).toBe('OUI 46\u202F% · 1\u202F234 votes — votez sur Prédi974');
  });

  it('says the status of a closed prediction in the app’s words', () => {
    expect(predictionShareDescription(market({ resolved: true, outcome: 'no' }), NOW)).toBe(
      'OUI 46\u202F% · 1\u202F234 votes · Résultat : NON — les résultats sur Prédi974',
    );
    expect(predictionShareDescription(market({ endDate: '2026-11-24T09:59:59.000Z' }), NOW)).toBe(
      'OUI 46\u202F% · 1\u202F234 votes · Terminé — les résultats sur Prédi974',
    );
    expect(predictionStatusLabel({ kind: 'open', daysLeft: 12 })).toBe('12j restants');
    expect(predictionStatusLabel({ kind: 'resolved', outcome: null })).toBe('Terminé');
  });

  it('names the two leading candidates of a commune, or says nobody has voted yet', () => {
    const commune = {
      id: '97411',
      title: 'Élection Municipale Saint-Denis 2026',
      trending: false,
      createdAt: '2026-10-01T00:00:00.000Z',
      totalVotes: 3,
      candidates: [
        { id: 'a', name: 'Anne', votes: 2 },
        { id: 'b', name: 'Bruno', votes: 1 },
        { id: 'c', name: 'Chloé', votes: 0 },
      ],
    };
    expect(communeShareDescription(commune)).toBe('Anne 66,7\u202F% · Bruno 33,3\u202F% · 3 votes — votez sur Prédi974');
    expect(communeShareDescription({ ...commune, totalVotes: 0 })).toBe('Aucun vote pour l’instant — votez sur Prédi974');
  });

  it('builds the share and app addresses, encoded', () => {
    expect(predictionSharePath('cyclone-avant-fevrier')).toBe('/p/cyclone-avant-fevrier');
    expect(communeSharePath('97411')).toBe('/c/97411');
    expect(communeHash('97 411')).toBe('#commune-97%20411');
  });
});
